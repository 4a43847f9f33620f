import type { Db } from '../prisma/client';
import type { Logger } from '../lib/logger';
import { withCorrelationId } from '../lib/correlation';
import type { ConsumedEvent, EventPublisher, EventSubscriber, Subscription } from './bus/event-bus.port';
import type { Projection } from './projections/projection';
import { recordProcessedEvent } from './processed-events.repository';
import { DEAD_LETTERS_PROJECTION } from './projections/dead-letters/dead-letters.projection';
import { applyWithRetries, deadLetterEvent, type DeadLetter, type RetryPolicy } from './dead-letter';

export type ApplyOutcome = 'applied' | 'duplicate' | 'ignored';

/**
 * Applies one event to one projection exactly once in effect: the event id is recorded in the same
 * transaction as the read-model change, so a redelivery finds it and changes nothing.
 * The shared advisory lock lets a rebuild (which holds it exclusively) pause live projection.
 */
export async function applyToProjection(db: Db, projection: Projection, consumed: ConsumedEvent, opts: { lock?: boolean } = {}): Promise<ApplyOutcome> {
  const { event } = consumed;
  if (!projection.handles.includes(event.type)) return 'ignored';
  return db.$transaction(async (tx) => {
    if (opts.lock !== false) await tx.$executeRaw`SELECT pg_advisory_xact_lock_shared(hashtext(${projection.name}))`;
    const recorded = await recordProcessedEvent(tx, {
      projection: projection.name,
      eventId: event.eventId,
      topic: consumed.topic,
      partition: consumed.partition,
      offset: consumed.offset,
    });
    if (!recorded) return 'duplicate';
    await projection.apply(tx, event);
    return 'applied';
  });
}

/** True when Postgres answers: a failure seen while it does not is no reason to skip an event. */
export const databaseAnswers = async (db: Db): Promise<boolean> => {
  await db.$queryRaw`SELECT 1`;
  return true;
};

/**
 * Applies the event with bounded retries; an event that keeps failing for its own sake (a data
 * error, a projection refusing its content) is returned as a dead letter instead of blocking its
 * partition. Outages are thrown, so the event is redelivered and nothing is skipped.
 */
export async function applyOrDeadLetter(
  db: Db,
  projection: Projection,
  consumed: ConsumedEvent,
  opts: { lock?: boolean; policy?: RetryPolicy; logger: Logger },
): Promise<ApplyOutcome | DeadLetter> {
  const outcome = await applyWithRetries({
    projection: projection.name,
    event: consumed.event,
    source: { topic: consumed.topic, partition: consumed.partition, offset: consumed.offset },
    apply: () => applyToProjection(db, projection, consumed, { lock: opts.lock }),
    healthy: () => databaseAnswers(db),
    policy: opts.policy,
    logger: opts.logger,
  });
  return outcome.ok ? outcome.value : outcome.letter;
}

export function projectionGroupId(topicPrefix: string, projection: Projection): string {
  return `${topicPrefix}projection.${projection.name}`;
}

/** Starts one consumer group per projection, so each read model advances independently. */
export async function runProjectors(deps: {
  db: Db;
  bus: EventSubscriber & EventPublisher;
  projections: Projection[];
  topicPrefix: string;
  logger: Logger;
  retryPolicy?: RetryPolicy;
}): Promise<Subscription> {
  const subs = await Promise.all(
    deps.projections.map((projection) =>
      deps.bus.subscribe({
        groupId: projectionGroupId(deps.topicPrefix, projection),
        aggregateTypes: projection.aggregateTypes,
        onEvent: (consumed) =>
          withCorrelationId(consumed.event.correlationId, async () => {
            const outcome = await applyOrDeadLetter(deps.db, projection, consumed, { policy: deps.retryPolicy, logger: deps.logger });
            // Published before the offset is committed: a crash in between dead-letters it again (the read model keeps one).
            if (typeof outcome !== 'string') {
              // The dead-letters read model does not dead-letter its own events (that would loop): logged, skipped, still in the log.
              if (projection.name === DEAD_LETTERS_PROJECTION)
                return void deps.logger.error({ eventId: consumed.event.eventId }, 'dead-letter event not projected');
              return deps.bus.publish([deadLetterEvent(outcome)]);
            }
            deps.logger.debug({ projection: projection.name, eventId: consumed.event.eventId, type: consumed.event.type, outcome }, 'projected');
          }),
      }),
    ),
  );
  return { stop: async () => void (await Promise.all(subs.map((s) => s.stop()))) };
}
