import { z } from 'zod';
import { CompanyProfileFieldsSchema, CustomInstructionsSchema } from '../../domain/organization/org-profile.schema';

// Organization-aggregate events of the company profile (001 §2.13) and custom instructions (001 §2.14).

/**
 * PATCH /org/company-profile: only the fields the user changed. profileId is the profile's id, chosen by
 * the first save; the read models keep the first id they saw.
 */
export const CompanyProfileChangedV1Schema = z.object({
  orgId: z.uuid(),
  profileId: z.uuid(),
  changes: CompanyProfileFieldsSchema.partial(),
});
export type CompanyProfileChangedV1 = z.infer<typeof CompanyProfileChangedV1Schema>;

/**
 * PUT /org/custom-instructions: the whole custom_instructions document, and regular_job_to_dispatch
 * when it was sent (kept with the capacity settings, where the availability view also saves it).
 */
export const OrganizationCustomInstructionsChangedV1Schema = z.object({
  orgId: z.uuid(),
  customInstructions: CustomInstructionsSchema,
  regularJobToDispatch: z.string().nullable().optional(),
});
export type OrganizationCustomInstructionsChangedV1 = z.infer<typeof OrganizationCustomInstructionsChangedV1Schema>;
