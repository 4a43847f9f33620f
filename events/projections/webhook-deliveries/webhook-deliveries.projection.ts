import type { EventOf } from '../../catalog';
import type { Tx } from '../../../prisma/client';
import { WEBHOOK_DELIVERY } from '../../schemas/webhook-delivery.events';
import type { Projection } from '../projection';
import { addAttempts, resetAttempts } from './webhook-deliveries.repository';

type AttemptEvent = EventOf<'WebhookDeliveryAttempted'>;

/** One row per delivery attempt; the event id is the row id, so a redelivered event adds nothing. */
export function attemptRow(event: AttemptEvent) {
  const d = event.data;
  return {
    id: event.eventId,
    orgId: d.orgId,
    interactionId: d.interactionId,
    messageId: d.messageId,
    eventType: d.eventType,
    endpoint: d.endpoint,
    url: d.url,
    attempt: d.attempt,
    outcome: d.outcome,
    httpStatus: d.httpStatus,
    error: d.error,
    durationMs: d.durationMs,
    attemptedAt: new Date(d.attemptedAt),
  };
}

export const webhookDeliveriesProjection: Projection = {
  name: 'webhook-deliveries',
  aggregateTypes: [WEBHOOK_DELIVERY],
  handles: ['WebhookDeliveryAttempted'],
  async apply(tx: Tx, event) {
    if (event.type !== 'WebhookDeliveryAttempted') return;
    await addAttempts(tx, [attemptRow(event)]);
  },
  async reset(tx: Tx) {
    await resetAttempts(tx);
  },
};
