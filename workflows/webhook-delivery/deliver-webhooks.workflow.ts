import { ActivityFailure, log, proxyActivities, uuid4, workflowInfo } from '@temporalio/workflow';
import type { WebhookDeliveryActivities } from '../../activities/webhooks/webhook-delivery.activities';
import type { DeliverWebhooksInput, DeliverWebhooksResult } from './deliver-webhooks.types';

const { planWebhookDeliveries } = proxyActivities<WebhookDeliveryActivities>({
  startToCloseTimeout: '30 seconds',
  retry: { initialInterval: '1 second', maximumInterval: '30 seconds' },
});

/**
 * The backoff between attempts to one endpoint: 1 s, 2 s, 4 s … capped at 1 hour, 15 attempts
 * (about 5.5 hours in all) before the delivery is given up.
 */
export const WEBHOOK_RETRY = { initialInterval: '1 second', backoffCoefficient: 2, maximumInterval: '1 hour', maximumAttempts: 15 } as const;

const { deliverWebhook } = proxyActivities<WebhookDeliveryActivities>({
  startToCloseTimeout: '30 seconds',
  retry: { ...WEBHOOK_RETRY, nonRetryableErrorTypes: ['WebhookNotSetUp'] },
});

/** Sends an interaction's csr.call or widget.event to each of the organization's webhook endpoints (001 §2.18). */
export async function deliverWebhooksWorkflow(input: DeliverWebhooksInput): Promise<DeliverWebhooksResult> {
  const interactionId = input.event.payload.interaction_id;
  const endpoints = await planWebhookDeliveries({ orgId: input.orgId });
  const causationId = `workflow:${workflowInfo().workflowId}`;
  const outcomes = await Promise.all(
    endpoints.map(async (endpoint) => {
      // Made here, not in the activity, so every retry carries the same webhook-id and event ids.
      const messageId = `msg_${uuid4().replace(/-/g, '')}`;
      try {
        const { attempts } = await deliverWebhook({
          meta: input.meta,
          causationId,
          orgId: input.orgId,
          interactionId,
          messageId,
          eventIdBase: uuid4(),
          eventType: input.event.type,
          payload: input.event.payload,
          endpoint,
        });
        return { endpoint: endpoint.name, attempts, ok: true as const };
      } catch (err) {
        if (!(err instanceof ActivityFailure)) throw err;
        log.warn('webhook delivery gave up', { endpoint: endpoint.name, error: err.cause?.message ?? err.message });
        return { endpoint: endpoint.name, attempts: 0, ok: false as const };
      }
    }),
  );
  return {
    delivered: outcomes.filter((o) => o.ok).map(({ endpoint, attempts }) => ({ endpoint, attempts })),
    failed: outcomes.filter((o) => !o.ok).map((o) => o.endpoint),
  };
}
