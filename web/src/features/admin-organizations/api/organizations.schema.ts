import { z } from 'zod';
import { OnboardingRequestSchema as OnboardingContractSchema, TIMEZONES, TRADES, type OrganizationsListResponseSchema } from '@contracts/admin.contract';

// The spec's enumerations (000 §9), shared with the API so the form offers exactly what it accepts.
export { TIMEZONES, TRADES };

const request = OnboardingContractSchema.shape;

/** A text input's value: trimmed, and left out of the request when blank. */
const optionalText = z
  .string()
  .trim()
  .transform((value) => value || undefined);

/**
 * The onboarding form, checked by the API's own request schema field by field (so its messages are the API's);
 * the inputs' strings are trimmed first, blank optional ones left out. The API fills in the spec's defaults for
 * the rest. A CRM needs its credentials, which this form does not collect: it is connected after onboarding.
 */
export const OnboardingFormSchema = z.object({
  name: z.string().trim().pipe(request.name),
  slug: optionalText.pipe(request.slug),
  admin_email: z.string().trim().pipe(request.admin_email),
  office_email: z.string().trim().pipe(request.office_email),
  password: z
    .string()
    .transform((value) => value || undefined)
    .pipe(request.password),
  // An empty select is "nothing picked", not one of the zones the API would list in its message.
  timezone: z.string().min(1, 'Pick a timezone').pipe(request.timezone),
  trades_offered: request.trades_offered,
  crm_name: z.literal('NONE'),
}) satisfies z.ZodType<z.input<typeof OnboardingContractSchema>, unknown>;

export type OrganizationList = z.infer<typeof OrganizationsListResponseSchema>;
export type OnboardingRequest = z.output<typeof OnboardingFormSchema>;
export type OnboardingForm = z.input<typeof OnboardingFormSchema>;
export type Timezone = (typeof TIMEZONES)[number];
export type Trade = (typeof TRADES)[number];
