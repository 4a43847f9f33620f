import { z } from 'zod';

// Mirrors the API's OutboxPageSchema (api/routes/notifications/notifications.schema.ts).
export const OutboxMessageSchema = z.object({
  id: z.string(),
  interaction_id: z.string().nullable(),
  channel: z.enum(['email', 'sms', 'slack', 'call']),
  to: z.string(),
  subject: z.string().nullable(),
  text: z.string(),
  html: z.string().nullable(),
  template: z.string().nullable(),
  status: z.string(),
  delivery_status: z.string().nullish(),
  delivery_error: z.string().nullish(),
  created_at: z.string(),
});
export type OutboxMessage = z.infer<typeof OutboxMessageSchema>;

export const OutboxPageSchema = z.object({ messages: z.array(OutboxMessageSchema), page: z.number(), pageSize: z.number(), total: z.number() });
export type OutboxPageData = z.infer<typeof OutboxPageSchema>;

export const CHANNEL_LABELS: Record<OutboxMessage['channel'], string> = { email: 'E-mail', sms: 'SMS', slack: 'Team chat', call: 'Phone call' };
