import { z } from 'zod';
import { NotificationChannelSchema, NotificationTimeSchema, OnCallDaySchema, ReceiverGroupSchema } from '../../domain/notifications/recipients';
import { NotificationRuleIdSchema } from '../../domain/notifications/rules';
import { OrganizationPhoneNumberSchema } from '../../domain/validation/phone';
import { OrganizationFeatureFlagsSchema, SpamNumberSchema } from '../../domain/organization/organization-settings.schema';

// Organization-aggregate events of the notifications slice (000 §3 notification_settings, oncall_schedule).

/** notification_settings as published in v1: the domain shape without its write-side rules (allowed channels, one entry per rule). */
const NotificationSettingsV1 = z.array(
  z.object({
    rule_id: NotificationRuleIdSchema,
    recipients: z.array(z.object({ group: ReceiverGroupSchema, channel: NotificationChannelSchema, time: NotificationTimeSchema })),
  }),
);

export const OrganizationNotificationSettingsChangedV1Schema = z.object({
  orgId: z.uuid(),
  notificationSettings: NotificationSettingsV1,
  ccEmails: z.array(z.string()),
  ccPhoneNumbers: z.array(OrganizationPhoneNumberSchema),
});
export type OrganizationNotificationSettingsChangedV1 = z.infer<typeof OrganizationNotificationSettingsChangedV1Schema>;

/** One month of the on-call schedule replaced as a whole, as the scheduler page saves it (001 §7). */
export const OncallScheduleChangedV1Schema = z.object({
  orgId: z.uuid(),
  month: z.string().regex(/^\d{4}-(0[1-9]|1[0-2])$/, 'Must be YYYY-MM format'),
  days: z.array(OnCallDaySchema),
  cachedEmployeeDetails: z.record(z.string(), z.string()),
});
export type OncallScheduleChangedV1 = z.infer<typeof OncallScheduleChangedV1Schema>;

// Defined in domain/ (the organization's settings); re-exported for the catalog's existing readers.
export { OrganizationFeatureFlagsSchema, SpamNumberSchema, type OrganizationFeatureFlags } from '../../domain/organization/organization-settings.schema';

/**
 * The org settings save of 001 §3 "Org update" (PUT /org) plus the feature flags: only the sections
 * sent are present, and each replaces the stored one (flags are merged key by key).
 */
export const OrganizationSettingsUpdatedV1Schema = z.object({
  orgId: z.uuid(),
  spamNumbers: z.array(SpamNumberSchema).optional(),
  zipcodes: z.array(z.string()).optional(),
  serviceAreaActive: z.boolean().optional(),
  ccEmails: z.array(z.string()).optional(),
  ccPhoneNumbers: z.array(OrganizationPhoneNumberSchema).optional(),
  notificationSettings: NotificationSettingsV1.optional(),
  featureFlags: OrganizationFeatureFlagsSchema.optional(),
});
export type OrganizationSettingsUpdatedV1 = z.infer<typeof OrganizationSettingsUpdatedV1Schema>;
