import useSWR from 'swr';
import type { z } from 'zod';
import { WebhookAttemptsResponseSchema, WebhookSetupResponseSchema, WebhookSetupResultSchema } from '@contracts/webhook-delivery.contract';
import { apiClient } from '../../../lib/api-client';

export type WebhookSetup = z.infer<typeof WebhookSetupResponseSchema>;
export type WebhookAttempt = z.infer<typeof WebhookAttemptsResponseSchema>['attempts'][number];

export const RECENT_ATTEMPTS = 20;

export function useWebhookSetup(orgId: string | null) {
  return useSWR<WebhookSetup>(orgId ? `/webhook-delivery?orgId=${encodeURIComponent(orgId)}` : null, (path: string) =>
    apiClient.get(path, WebhookSetupResponseSchema),
  );
}

export function useWebhookAttempts(orgId: string | null) {
  const key = orgId ? `/webhook-delivery/attempts?orgId=${encodeURIComponent(orgId)}&limit=${RECENT_ATTEMPTS}` : null;
  return useSWR(key, (path: string) => apiClient.get(path, WebhookAttemptsResponseSchema), { refreshInterval: 10_000 });
}

export function setUpWebhookDelivery(orgId: string, webhookUrls: Record<string, string>) {
  return apiClient.post('/webhook-delivery', { orgId, webhook_urls: webhookUrls }, WebhookSetupResultSchema);
}
