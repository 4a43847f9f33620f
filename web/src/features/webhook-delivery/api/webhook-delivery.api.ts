import useSWR from 'swr';
import { z } from 'zod';
import { apiClient } from '../../../lib/api-client';

// Mirrors api/routes/webhooks/webhook-delivery.schema.ts (001 §3 "Webhook setup").
export const WebhookSetupSchema = z.object({ appId: z.string().nullable(), dashboardUrl: z.string().nullable(), webhook_urls: z.record(z.string(), z.string()).default({}) });
export type WebhookSetup = z.infer<typeof WebhookSetupSchema>;

const SetUpResultSchema = z.object({ appId: z.string(), dashboardUrl: z.string(), webhook_urls: z.record(z.string(), z.string()), signingSecret: z.string() });

export const WebhookAttemptSchema = z.object({
  id: z.string(),
  interaction_id: z.string(),
  event_type: z.string(),
  endpoint: z.string(),
  url: z.string(),
  attempt: z.number(),
  outcome: z.string(),
  http_status: z.number().nullable(),
  error: z.string().nullable(),
  attempted_at: z.string(),
});
export type WebhookAttempt = z.infer<typeof WebhookAttemptSchema>;
const AttemptsSchema = z.object({ attempts: z.array(WebhookAttemptSchema) });

export const RECENT_ATTEMPTS = 20;

export function useWebhookSetup(orgId: string | null) {
  return useSWR<WebhookSetup>(orgId ? `/webhook-delivery?orgId=${encodeURIComponent(orgId)}` : null, (path: string) => apiClient.get(path, WebhookSetupSchema));
}

export function useWebhookAttempts(orgId: string | null) {
  const key = orgId ? `/webhook-delivery/attempts?orgId=${encodeURIComponent(orgId)}&limit=${RECENT_ATTEMPTS}` : null;
  return useSWR(key, (path: string) => apiClient.get(path, AttemptsSchema), { refreshInterval: 10_000 });
}

export function setUpWebhookDelivery(orgId: string, webhookUrls: Record<string, string>) {
  return apiClient.post('/webhook-delivery', { orgId, webhook_urls: webhookUrls }, SetUpResultSchema);
}
