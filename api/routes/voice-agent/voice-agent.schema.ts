import { z } from 'zod';

export const WebhookParamsSchema = z.object({ orgId: z.string(), provider: z.string().optional() });
export const WebhookResponseSchema = z.object({ success: z.boolean(), message: z.string() });
