import { z } from 'zod';
import { BusinessAddressSchema, CompanyProfileFieldsSchema, SmsConfigSchema } from '../organization/org-profile.schema';

const orgId = z.uuid('orgId must be a UUID');

export const CompanyProfileQuerySchema = z.object({ orgId });

/** 001 §7 PATCH /org/company-profile: the changed fields (null clears one) and the org. */
export const UpdateCompanyProfileBodySchema = CompanyProfileFieldsSchema.partial()
  .extend({ orgId })
  .refine(({ orgId: _o, ...fields }) => Object.values(fields).some((v) => v !== undefined), 'Nothing to save');

/** 001 §3 "Company profile"; id and created_at are null until the first save. */
export const CompanyProfileSchema = z.object({
  id: z.uuid().nullable(),
  org_id: z.uuid(),
  legal_name: z.string().nullable(),
  dba_name: z.string().nullable(),
  website: z.string().nullable(),
  privacy_policy: z.string().nullable(),
  address: BusinessAddressSchema.nullable(),
  contact_number: z.string().nullable(),
  ein: z.string().nullable(),
  contact_email: z.string().nullable(),
  sms_config: SmsConfigSchema.nullable(),
  created_at: z.string().nullable(),
  updated_at: z.string().nullable(),
});
export type CompanyProfileView = z.infer<typeof CompanyProfileSchema>;
