import type { Db } from '../prisma/client';
import type { Logger } from '../lib/logger';
import { withCorrelationId } from '../lib/correlation';
import type { ConsumedEvent, EventPublisher, EventSubscriber, Subscription } from './bus/event-bus.port';
import type { Projection } from './projections/projection';
import type { EventType } from './catalog';
import { recordProcessedEvent, recordProcessedEvents } from './processed-events.repository';
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

/**
 * Applies a run of events (one partition, in log order) to one projection in one transaction, as `applyToProjection`
 * does one: the events it has not seen are recorded and applied in order, the rest skipped. One transaction, one
 * lock and one insert for the run instead of one each per event is what lets a projector keep up with thousands of
 * events a second. Any failure rolls the whole run back; the caller then applies its events one at a time.
 */
export async function applyRunToProjection(db: Db, projection: Projection, run: ConsumedEvent[], opts: { lock?: boolean } = {}): Promise<{ applied: number }> {
  const relevant = run.filter((c) => projection.handles.includes(c.event.type));
  if (relevant.length === 0) return { applied: 0 };
  return db.$transaction(
    async (tx) => {
      // The shared lock is taken by the statement that records the run (one round trip for both).
      const fresh = await recordProcessedEvents(
        tx,
        projection.name,
        relevant.map((c) => ({ eventId: c.event.eventId, topic: c.topic, partition: c.partition, offset: c.offset })),
        { lock: opts.lock !== false },
      );
      // An event id twice in the log (a producer retry) is applied at its first place only.
      const unseen = relevant.filter((c) => fresh.delete(c.event.eventId)).map((c) => c.event);
      if (projection.applyRun) await projection.applyRun(tx, unseen);
      else for (const event of unseen) await projection.apply(tx, event);
      return { applied: unseen.length };
    },
    // Runs of several projectors (and partitions) at once may wait for one of the pool's connections: they wait, rather
    // than fail over to the one-by-one path.
    { timeout: RUN_TRANSACTION_TIMEOUT_MS, maxWait: RUN_TRANSACTION_TIMEOUT_MS },
  );
}

/** A run of a few hundred events takes well under a second; Prisma's default 5 s would cut a slow disk's run short. */
const RUN_TRANSACTION_TIMEOUT_MS = 30_000;

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

/** How many interactions a chats' projector remembers as calls (the oldest forgotten first): the calls in flight, and more. */
const REMEMBERED_CALLS = 20_000;

/**
 * For a read model of chats (`Projection.chatsStartedBy`): keeps a run's events but those of interactions this
 * projector saw start as calls. The log alone tells it: a call's interaction starts with CallStarted, in the partition
 * of its every event, and only a chat's start makes a document there, so those events would change nothing. They are
 * not recorded in processed_events either (what reads those, `findCaughtUp`, awaits a chat's events). A chat's start
 * for the same interaction makes it a chat's again; a projector that did not see the call's start (restarted, given
 * the partition since) applies its events as before.
 */
export function callEventsPassedOver(chatsStartedBy: readonly EventType[], capacity = REMEMBERED_CALLS) {
  const calls = new Set<string>();
  return (run: ConsumedEvent[]): ConsumedEvent[] =>
    run.filter(({ event }) => {
      if (event.type === 'CallStarted') {
        calls.add(event.aggregateId);
        if (calls.size > capacity) calls.delete(calls.values().next().value!);
        return false;
      }
      if (chatsStartedBy.includes(event.type)) calls.delete(event.aggregateId);
      return !calls.has(event.aggregateId);
    });
}

export function projectionGroupId(topicPrefix: string, projection: Projection): string {
  return `${topicPrefix}projection.${projection.name}`;
}

/**
 * Starts one consumer group per projection, so each read model advances independently. Each takes the log in runs
 * (`maxBatch`, default the bus's) applied in one transaction; a run that fails is applied again one event at a time,
 * where an event that keeps failing for its own sake is dead-lettered and the rest applied.
 */
export async function runProjectors(deps: {
  db: Db;
  bus: EventSubscriber & EventPublisher;
  projections: Projection[];
  topicPrefix: string;
  logger: Logger;
  retryPolicy?: RetryPolicy;
  maxBatch?: number;
  /** Partitions a projector whose `concurrentRuns` allows it applies at once (default 1); the others take one at a time. */
  concurrentPartitions?: number;
}): Promise<Subscription> {
  const applyOne = (projection: Projection, consumed: ConsumedEvent) =>
    withCorrelationId(consumed.event.correlationId, async () => {
      const outcome = await applyOrDeadLetter(deps.db, projection, consumed, { policy: deps.retryPolicy, logger: deps.logger });
      // Published before the offset is committed: a crash in between dead-letters it again (the read model keeps one).
      if (typeof outcome !== 'string') {
        // The dead-letters read model does not dead-letter its own events (that would loop): logged, skipped, still in the log.
        if (projection.name === DEAD_LETTERS_PROJECTION) return void deps.logger.error({ eventId: consumed.event.eventId }, 'dead-letter event not projected');
        return deps.bus.publish([deadLetterEvent(outcome)]);
      }
      deps.logger.debug({ projection: projection.name, eventId: consumed.event.eventId, type: consumed.event.type, outcome }, 'projected');
    });
  const applyRun = async (projection: Projection, run: ConsumedEvent[]) => {
    const relevant = run.filter((c) => projection.handles.includes(c.event.type));
    if (relevant.length === 0) return;
    try {
      const { applied } = await withCorrelationId(relevant[0]!.event.correlationId, () => applyRunToProjection(deps.db, projection, relevant));
      deps.logger.debug({ projection: projection.name, events: relevant.length, applied }, 'projected a run');
    } catch (err) {
      deps.logger.warn(
        { projection: projection.name, events: relevant.length, err: (err as Error).message },
        'run not applied; applying its events one at a time',
      );
      for (const consumed of relevant) await applyOne(projection, consumed);
    }
  };
  const subs = await Promise.all(
    deps.projections.map((projection) => {
      const { chatsStartedBy } = projection;
      const passOverCalls = chatsStartedBy ? callEventsPassedOver(chatsStartedBy) : (run: ConsumedEvent[]) => run;
      return deps.bus.subscribe({
        groupId: projectionGroupId(deps.topicPrefix, projection),
        aggregateTypes: projection.aggregateTypes,
        onEvents: (run) => applyRun(projection, passOverCalls(run)),
        // A chats' read model also reads the calls' starts, to pass over their events.
        eventTypes: chatsStartedBy ? [...projection.handles, 'CallStarted'] : projection.handles,
        maxBatch: deps.maxBatch,
        concurrentPartitions: projection.concurrentRuns ? deps.concurrentPartitions : 1,
      });
    }),
  );
  return { stop: async () => void (await Promise.all(subs.map((s) => s.stop()))) };
}
