import { z } from 'zod';
import { TIMEZONES, TRADES, type OnboardingRequestSchema as OnboardingContractSchema, type OrganizationsListResponseSchema } from '@contracts/admin.contract';

// The spec's enumerations (000 §9), shared with the API so the form offers exactly what it accepts.
export { TIMEZONES, TRADES };

const optionalText = z
  .string()
  .trim()
  .transform((value) => value || undefined);

/** The fields of the onboarding request this form collects, in the form's wording; the API fills in the spec's defaults for the rest. */
export const OnboardingRequestSchema = z.object({
  name: z.string().trim().min(1, 'Enter the business name'),
  slug: optionalText,
  admin_email: z.string().trim().pipe(z.email('Enter a valid e-mail address')),
  office_email: z.string().trim().pipe(z.email('Enter a valid e-mail address')),
  password: z.string().transform((value) => value || undefined),
  timezone: z.enum(TIMEZONES, 'Pick a timezone'),
  trades_offered: z.array(z.enum(TRADES)).min(1, 'Pick at least one trade'),
  // A CRM needs its credentials, which this form does not collect; it is connected after onboarding.
  crm_name: z.literal('NONE'),
}) satisfies z.ZodType<z.input<typeof OnboardingContractSchema>>;

export type OrganizationList = z.infer<typeof OrganizationsListResponseSchema>;
export type OnboardingRequest = z.output<typeof OnboardingRequestSchema>;
export type OnboardingForm = z.input<typeof OnboardingRequestSchema>;
export type Timezone = (typeof TIMEZONES)[number];
export type Trade = (typeof TRADES)[number];
