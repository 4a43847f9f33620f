import { z } from 'zod';
import { NotificationSettingsSchema, OnCallDaySchema } from '../../activities/notifications/rules/recipients';
import { OrganizationPhoneNumberSchema } from '../../lib/validation/phone';

// Organization-aggregate events of the notifications slice (000 §3 notification_settings, oncall_schedule).

export const OrganizationNotificationSettingsChangedV1Schema = z.object({
  orgId: z.uuid(),
  notificationSettings: NotificationSettingsSchema,
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
