import { z } from 'zod';

/** GET /org: fields the dashboard shows. Most are optional in the data model, hence nullish. */
export const OrganizationSchema = z.object({
  id: z.string(),
  name: z.string(),
  slug: z.string().nullish(),
  timezone: z.string().nullish(),
  crm_name: z.string().nullish(),
  is_active: z.boolean().nullish(),
  onboarding_status: z.string().nullish(),
  enterprise_id: z.string().nullish(),
  company_profile_id: z.string().nullish(),
  default_agent_id: z.string().nullish(),
  office_email: z.string().nullish(),
  cc_emails: z.array(z.string()).nullish(),
  admin_emails: z.array(z.string()).nullish(),
  trades_offered: z.array(z.string()).nullish(),
  cc_phone_numbers: z.array(z.string()).nullish(),
  notification_settings: z.array(z.unknown()).nullish(),
  spam_numbers: z.array(z.object({ phoneNumber: z.string(), dateAdded: z.string() })).nullish(),
  zipcodes: z.array(z.string()).nullish(),
  service_area_active: z.boolean().nullish(),
  feature_flags: z.record(z.string(), z.unknown()).nullish(),
  team_chat_webhook_url: z.string().nullish(),
  created_at: z.string().nullish(),
  updated_at: z.string().nullish(),
});

export type Organization = z.infer<typeof OrganizationSchema>;
