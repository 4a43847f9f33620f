import { z } from 'zod';

export const WebhookParamsSchema = z.object({ orgId: z.string(), provider: z.string().optional() });
export const WebhookQuerySchema = z.object({
  call_token: z
    .string()
    .max(200)
    .optional()
    .describe('The per-call token of the webhook URL HomeAgent gave a call it placed on Synthflow or Vapi (they sign less than the body)'),
});
export const WebhookResponseSchema = z.object({ success: z.boolean(), message: z.string() });
