import { z } from 'zod';
import { NotificationRuleIdSchema } from '../../domain/notifications/rules';
import { NotificationChannelSchema, NotificationTimeSchema, ReceiverGroupSchema } from '../../domain/notifications/recipients';

/** Notifications of one interaction: the stream id is the interaction id. */
export const NOTIFICATION = 'notification';

/** The interaction event names of 001 §3 a notification records on its interaction. */
export const InteractionEventNameSchema = z.enum(['send_email', 'send_sms', 'send_slack', 'send_webhook', 'create_call', 'emergency_pager_no_answer']);
export type InteractionEventName = z.infer<typeof InteractionEventNameSchema>;

export const NotificationSentV1Schema = z.object({
  orgId: z.uuid(),
  interactionId: z.string().min(1),
  ruleId: NotificationRuleIdSchema,
  group: ReceiverGroupSchema.nullable(),
  channel: NotificationChannelSchema,
  purpose: z.enum(['interaction', 'call_errors', 'emergency_job', 'emergency_escalation']),
  address: z.string().min(1),
  messageId: z.string().min(1),
  /** For phone calls: whether someone picked up. */
  answered: z.boolean().nullable(),
  interactionEvent: InteractionEventNameSchema,
});
export type NotificationSentV1 = z.infer<typeof NotificationSentV1Schema>;

export const NotificationSkippedV1Schema = z.object({
  orgId: z.uuid(),
  interactionId: z.string().min(1),
  ruleId: NotificationRuleIdSchema,
  group: ReceiverGroupSchema,
  channel: NotificationChannelSchema,
  time: NotificationTimeSchema,
  reason: z.enum(['time_window_closed', 'no_recipient', 'channel_not_allowed', 'channel_not_supported_by_rule', 'content_unavailable', 'delivery_failed']),
  detail: z.string(),
});
export type NotificationSkippedV1 = z.infer<typeof NotificationSkippedV1Schema>;

/** Nobody on call answered the emergency page (000 §4, interaction event emergency_pager_no_answer). */
export const EmergencyPagerUnansweredV1Schema = z.object({
  orgId: z.uuid(),
  interactionId: z.string().min(1),
  called: z.array(z.object({ name: z.string().nullable(), phone: z.string() })),
  escalatedTo: z.array(z.object({ name: z.string().nullable(), phone: z.string() })),
  interactionEvent: z.literal('emergency_pager_no_answer'),
});
export type EmergencyPagerUnansweredV1 = z.infer<typeof EmergencyPagerUnansweredV1Schema>;
