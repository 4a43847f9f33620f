import { z } from 'zod';
import { NotificationSettingsSchema } from '../notifications/recipients';
import {
  CrmNameSchema,
  OnboardingStatusSchema,
  OrganizationFeatureFlagsSchema,
  SpamNumberSchema,
  TimezoneSchema,
} from '../organization/organization-settings.schema';
import { OrganizationPhoneNumberSchema } from '../validation/phone';

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
  spam_numbers: z.array(z.object({ phoneNumber: z.string(), dateAdded: z.string() })),
  zipcodes: z.array(z.string()),
  service_area_active: z.boolean(),
  feature_flags: OrganizationFeatureFlagsSchema,
  /** The organization's own team-chat incoming webhook; null when it uses the deployment's. */
  team_chat_webhook_url: z.string().nullable(),
  created_at: z.string(),
  updated_at: z.string(),
});

const EmailOrEmpty = z.union([z.literal(''), z.email('Invalid email format')]);

/**
 * 001 §3 "Org update" (the org settings save): only the sections sent are changed. feature_flags (000 §3,
 * merged key by key) and team_chat_webhook_url (null removes it) are this product's additions.
 */
export const UpdateOrgBodySchema = z.object({
  id: z.uuid('id must be a UUID'),
  spam_numbers: z
    .array(z.object({ phoneNumber: z.string().trim().min(1, 'Phone number is required'), dateAdded: SpamNumberSchema.shape.dateAdded.optional() }))
    .optional(),
  zipcodes: z.array(z.string().trim().min(1)).optional(),
  service_area_active: z.boolean().optional(),
  cc_emails: z.array(EmailOrEmpty).optional(),
  cc_phone_numbers: z.array(OrganizationPhoneNumberSchema).optional(),
  notification_settings: NotificationSettingsSchema.optional(),
  feature_flags: OrganizationFeatureFlagsSchema.optional(),
  team_chat_webhook_url: z
    .url({ protocol: /^https?$/, message: 'Invalid URL format' })
    .nullable()
    .optional(),
});
