import { z } from 'zod';

const OrgId = z.uuid('orgId must be a UUID');

export const WebhookSetupQuerySchema = z.object({ orgId: OrgId });

/** 001 §3 "Webhook setup": appId and the dashboard URL; null when delivery is not set up yet. */
export const WebhookSetupResponseSchema = z.object({
  appId: z.string().nullable(),
  dashboardUrl: z.string().nullable(),
  /** The endpoints set up (name → URL), for the setup screen; {} when not set up. */
  webhook_urls: z.record(z.string(), z.string()),
});

const WebhookUrl = z.url({ protocol: /^https?$/, message: 'Invalid URL format' });

export const WebhookSetupBodySchema = z.object({
  orgId: OrgId,
  /** Endpoint name → URL (000 §3 webhook_urls); every endpoint receives csr.call and widget.event. Omit to keep the current ones. */
  webhook_urls: z.record(z.string().min(1).max(64), WebhookUrl).optional(),
});

export const WebhookSetupResultSchema = z.object({
  appId: z.string(),
  dashboardUrl: z.string(),
  webhook_urls: z.record(z.string(), z.string()),
  /** The Standard Webhooks secret (whsec_…) receivers verify webhook-signature with. */
  signingSecret: z.string(),
});

export const WebhookAttemptsQuerySchema = z.object({
  orgId: OrgId,
  interactionId: z.string().min(1).optional(),
  limit: z.coerce.number().int().min(1).max(1000).default(200),
});

export const WebhookAttemptsResponseSchema = z.object({
  attempts: z.array(
    z.object({
      id: z.string(),
      interaction_id: z.string(),
      message_id: z.string(),
      event_type: z.string(),
      endpoint: z.string(),
      url: z.string(),
      attempt: z.number(),
      outcome: z.string(),
      http_status: z.number().nullable(),
      error: z.string().nullable(),
      duration_ms: z.number(),
      attempted_at: z.string(),
    }),
  ),
});
