import { z } from 'zod';
import { NotificationSettingsSchema, OnCallDaySchema } from '../notifications/recipients';

// The values a notification-settings form offers, as the rules engine defines them.
export {
  ALLOWED_CHANNELS,
  NOTIFICATION_CHANNELS,
  NOTIFICATION_TIMES,
  RECEIVER_GROUPS,
  type NotificationChannel,
  type NotificationTime,
  type ReceiverGroup,
} from '../notifications/recipients';
export { NOTIFICATION_RULE_IDS, type NotificationRuleId } from '../notifications/rules';
import { OrganizationPhoneNumberSchema } from '../validation/phone';

const MONTH = z.string().regex(/^\d{4}-(0[1-9]|1[0-2])$/, 'Must be YYYY-MM format');
const OrgId = z.uuid('orgId must be a UUID');

export const OutboxQuerySchema = z.object({
  orgId: OrgId,
  page: z.coerce.number().int().min(1).default(1),
  pageSize: z.coerce.number().int().min(1).max(100).default(20),
});

export const OutboxMessageSchema = z.object({
  id: z.uuid(),
  interaction_id: z.string().nullable(),
  channel: z.enum(['email', 'sms', 'slack', 'call']),
  to: z.string(),
  subject: z.string().nullable(),
  text: z.string(),
  html: z.string().nullable(),
  template: z.string().nullable(),
  status: z.string(),
  /** SMS only: the latest delivery status a provider reported (QUEUED, DELIVERED, FAILED), null until one has. */
  delivery_status: z.string().nullable(),
  delivery_error: z.string().nullable(),
  created_at: z.string(),
});

export const OutboxPageSchema = z.object({
  messages: z.array(OutboxMessageSchema),
  page: z.number(),
  pageSize: z.number(),
  total: z.number(),
});

export const OncallRetrieveBodySchema = z.object({ orgId: OrgId, month: MONTH });
export const OncallRetrieveResponseSchema = z.object({ month: z.string(), assignments: z.array(OnCallDaySchema) });

export const OncallUpdateBodySchema = z
  .object({
    orgId: OrgId,
    month: MONTH,
    assignments: z.array(OnCallDaySchema),
    cached_employee_details: z.record(z.string(), z.string()).default({}),
  })
  .superRefine((body, ctx) => {
    body.assignments.forEach((day, index) => {
      if (!day.date.startsWith(`${body.month}-`)) {
        ctx.addIssue({ code: 'custom', path: ['assignments', index, 'date'], message: `Date ${day.date} is not in month ${body.month}` });
      }
    });
  });
export const OncallUpdateResponseSchema = z.object({ success: z.literal(true), month: z.string(), assignments: z.array(OnCallDaySchema) });

const EmailOrEmpty = z.union([z.literal(''), z.email('Invalid email format')]);

export const NotificationSettingsBodySchema = z.object({
  orgId: OrgId,
  notification_settings: NotificationSettingsSchema,
  cc_emails: z.array(EmailOrEmpty).default([]),
  cc_phone_numbers: z.array(OrganizationPhoneNumberSchema).default([]),
});
export const NotificationSettingsResponseSchema = z.object({ success: z.literal(true) });
