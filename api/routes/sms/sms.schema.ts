import { z } from 'zod';

export const SmsWebhookParamsSchema = z.object({ provider: z.string().min(1) });

export const SmsWebhookResponseSchema = z.object({
  received: z.literal(true),
  /** The stored status the delivery reported (QUEUED, DELIVERED, FAILED) or RECEIVED for an inbound SMS. */
  status: z.string(),
});
