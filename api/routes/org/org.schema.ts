import { z } from 'zod';
import { CrmNameSchema, OnboardingStatusSchema, TimezoneSchema } from '../../../lib/domain';

export const GetOrgQuerySchema = z
  .object({ id: z.uuid('id must be a UUID').optional(), slug: z.string().min(1).optional() })
  .refine((q) => q.id || q.slug, 'Either id or slug is required');

export const OrgSchema = z.object({
  id: z.uuid(),
  name: z.string(),
  slug: z.string(),
  timezone: TimezoneSchema,
  crm_name: CrmNameSchema,
  is_active: z.boolean(),
  onboarding_status: OnboardingStatusSchema,
  enterprise_id: z.uuid().nullable(),
  company_profile_id: z.uuid().nullable(),
  default_agent_id: z.uuid().nullable(),
  office_email: z.string(),
  cc_emails: z.array(z.string()),
  admin_emails: z.array(z.string()),
  trades_offered: z.array(z.string()),
  availability_config: z.unknown().nullable(),
  cc_phone_numbers: z.array(z.string()),
  /** 000 §3 notification_settings[] {rule_id, recipients[{group, channel, time}]}, as saved. */
  notification_settings: z.array(z.unknown()),
  created_at: z.string(),
  updated_at: z.string(),
});
