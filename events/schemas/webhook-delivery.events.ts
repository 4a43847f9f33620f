import { z } from 'zod';

/** Deliveries to an organization's own webhook endpoints: the stream id is the delivery's message id. */
export const WEBHOOK_DELIVERY = 'webhook_delivery';

export const WebhookEventTypeSchema = z.enum(['csr.call', 'widget.event']);
export type WebhookEventType = z.infer<typeof WebhookEventTypeSchema>;

/** One attempt to post an event to one endpoint; every attempt is recorded, failed or not. */
export const WebhookDeliveryAttemptedV1Schema = z.object({
  orgId: z.uuid(),
  interactionId: z.string().min(1),
  messageId: z.string().min(1),
  eventType: WebhookEventTypeSchema,
  endpoint: z.string(),
  url: z.string(),
  attempt: z.number().int().positive(),
  outcome: z.enum(['succeeded', 'failed']),
  httpStatus: z.number().int().nullable(),
  error: z.string().nullable(),
  durationMs: z.number().int().nonnegative(),
  attemptedAt: z.iso.datetime({ offset: true }),
});
export type WebhookDeliveryAttemptedV1 = z.infer<typeof WebhookDeliveryAttemptedV1Schema>;
