import { ApplicationFailure, Context } from '@temporalio/activity';
import { z } from 'zod';
import { createEvent, type DomainEvent } from '../../events/catalog';
import type { EventPublisher } from '../../events/bus/event-bus.port';
import type { WebhookEventType } from '../../events/schemas/webhook-delivery.events';
import { withCorrelationId } from '../../lib/correlation';
import { uuidV5 } from '../../lib/ids';
import type { Logger } from '../../lib/logger';
import type { WebhookAppSource, WebhookEndpoint } from './webhook-delivery.port';
import { webhookHeaders } from './webhook-signature';
import { OutboundAddressRefused, sendGuardedRequest, type OutboundGuard } from '../http/outbound-address-guard';
import type { RunMeta } from '../../domain/run/run-meta';

export interface WebhookDeliveryActivityDeps {
  events: EventPublisher;
  apps: WebhookAppSource;
  logger: Logger;
  /** Which addresses the organization's URLs may reach (000 §8: no requests into the deployment's own network). */
  outbound: OutboundGuard;
  /** Per-attempt timeout of the receiver's answer. */
  timeoutMs?: number;
}

export interface DeliverWebhookInput {
  meta: RunMeta;
  causationId: string;
  orgId: string;
  interactionId: string;
  /** The webhook-id: fixed by the workflow, so every retry carries the same one. */
  messageId: string;
  /** Ids of this delivery's events: each attempt's id is derived from it and the attempt number. */
  eventIdBase: string;
  eventType: WebhookEventType;
  payload: unknown;
  endpoint: WebhookEndpoint;
}

const isUuid = (v: string) => z.uuid().safeParse(v).success;

export function createWebhookDeliveryActivities({ events, apps, logger, outbound, timeoutMs = 10_000 }: WebhookDeliveryActivityDeps) {
  return {
    /** The endpoints an organization's events go to; none when webhook delivery is not set up. */
    async planWebhookDeliveries({ orgId }: { orgId: string }): Promise<WebhookEndpoint[]> {
      return (await apps.load(orgId))?.endpoints ?? [];
    },

    /**
     * One attempt to post the event to one endpoint, recorded whatever its outcome. A failure throws a
     * retryable error: the workflow's retry policy is the backoff between attempts.
     */
    async deliverWebhook(input: DeliverWebhookInput): Promise<{ attempts: number; httpStatus: number }> {
      return withCorrelationId(input.meta.correlationId, async () => {
        const attempt = Context.current().info.attempt;
        const app = await apps.load(input.orgId);
        if (!app) throw ApplicationFailure.nonRetryable(`webhook delivery is not set up for ${input.orgId}`, 'WebhookNotSetUp');
        const body = JSON.stringify({ type: input.eventType, timestamp: new Date().toISOString(), data: input.payload });
        const headers = webhookHeaders(app.signingSecret, input.messageId, Math.floor(Date.now() / 1000), body);

        const started = Date.now();
        let httpStatus: number | null = null;
        let error: string | null = null;
        let refused = false;
        try {
          // Redirects are not followed: a 3xx is recorded as the receiver's answer.
          const res = await sendGuardedRequest(
            {
              method: 'POST',
              url: input.endpoint.url,
              headers: { 'Content-Type': 'application/json', 'User-Agent': 'HomeAgent-Webhooks/1', ...headers },
              body,
              timeoutMs,
            },
            outbound,
          );
          httpStatus = res.status;
          if (res.status < 200 || res.status >= 300) error = `HTTP ${res.status}`;
        } catch (err) {
          error = (err as Error).message;
          refused = err instanceof OutboundAddressRefused;
        }
        const succeeded = error === null;
        const common = { aggregateId: input.messageId, orgId: input.orgId, correlationId: input.meta.correlationId, causationId: input.causationId };
        const recorded: DomainEvent[] = [
          createEvent({
            ...common,
            eventId: uuidV5(`attempt:${attempt}`, input.eventIdBase),
            type: 'WebhookDeliveryAttempted',
            data: {
              orgId: input.orgId,
              interactionId: input.interactionId,
              messageId: input.messageId,
              eventType: input.eventType,
              endpoint: input.endpoint.name,
              url: input.endpoint.url,
              attempt,
              outcome: succeeded ? 'succeeded' : 'failed',
              httpStatus,
              error,
              durationMs: Date.now() - started,
              attemptedAt: new Date(started).toISOString(),
            },
          }),
        ];
        // 001 §3 interaction event send_webhook, once the endpoint has taken the event.
        if (succeeded && isUuid(input.interactionId)) {
          const recordId = uuidV5('send_webhook', input.eventIdBase);
          recorded.push(
            createEvent({
              ...common,
              aggregateId: input.interactionId,
              eventId: recordId,
              type: 'InteractionEventRecorded',
              data: {
                interactionId: input.interactionId,
                orgId: input.orgId,
                recordId,
                name: 'send_webhook',
                metadata: {
                  endpoint: input.endpoint.name,
                  url: input.endpoint.url,
                  eventType: input.eventType,
                  messageId: input.messageId,
                  attempts: attempt,
                  httpStatus,
                },
              },
            }),
          );
        }
        await events.publish(recorded);
        if (!succeeded) {
          logger.warn({ orgId: input.orgId, endpoint: input.endpoint.name, attempt, httpStatus, error }, 'webhook delivery attempt failed');
          // A refused address stays refused: retrying would only repeat the attempt.
          if (refused) throw ApplicationFailure.nonRetryable(`webhook to ${input.endpoint.name} ${error}`, 'WebhookAddressRefused');
          throw ApplicationFailure.retryable(`webhook to ${input.endpoint.name} failed: ${error}`, 'WebhookDeliveryFailed');
        }
        return { attempts: attempt, httpStatus: httpStatus! };
      });
    },
  };
}

export type WebhookDeliveryActivities = ReturnType<typeof createWebhookDeliveryActivities>;
