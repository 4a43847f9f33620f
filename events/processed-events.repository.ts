import { Prisma, type Db, type Tx } from '../prisma/client';

/** The one owner of processed_events: which events each projection has applied, so a redelivery applies nothing. */

export interface ProcessedEvent {
  projection: string;
  eventId: string;
  topic: string;
  partition: number;
  offset: string;
}

/** Records the event as applied by the projection; false when it already was. */
export async function recordProcessedEvent(tx: Tx, e: ProcessedEvent): Promise<boolean> {
  const recorded = await tx.processedEvent.createMany({
    data: [{ projection: e.projection, eventId: e.eventId, topic: e.topic, partition: e.partition, offset: BigInt(e.offset) }],
    skipDuplicates: true,
  });
  return recorded.count > 0;
}

/**
 * Records a run of events as applied by the projection in one statement; answers the ids it had not recorded before
 * (an id twice in the run is recorded, and answered, once). With `lock`, the same statement first takes the
 * projection's shared advisory lock for the transaction (see `applyRunToProjection`): one round trip instead of two.
 */
export async function recordProcessedEvents(
  tx: Tx,
  projection: string,
  events: Omit<ProcessedEvent, 'projection'>[],
  opts: { lock?: boolean } = {},
): Promise<Set<string>> {
  if (events.length === 0) return new Set();
  // The lock's row is joined to every event's, so no row is inserted (nor its conflict checked) before the lock is
  // held; ON CONFLICT sees rows committed while it waited (a rebuild's), whatever the statement's snapshot.
  const locked = opts.lock ? Prisma.sql`WITH lock AS MATERIALIZED (SELECT pg_advisory_xact_lock_shared(hashtext(${projection}))) ` : Prisma.empty;
  const rows = await tx.$queryRaw<{ event_id: string }[]>`
    ${locked}INSERT INTO processed_events (projection, event_id, topic, partition, "offset")
    SELECT ${projection}, e.event_id, e.topic, e.partition, e."offset"
    FROM ${opts.lock ? Prisma.sql`lock, ` : Prisma.empty}unnest(
      ${events.map((e) => e.eventId)}::uuid[],
      ${events.map((e) => e.topic)}::text[],
      ${events.map((e) => e.partition)}::int[],
      ${events.map((e) => e.offset)}::text[]::bigint[]
    ) AS e(event_id, topic, partition, "offset")
    ON CONFLICT DO NOTHING
    RETURNING event_id::text`;
  return new Set(rows.map((r) => r.event_id));
}

/** Forgets what the projection applied, for a rebuild. */
export async function forgetProcessedEvents(tx: Tx, projection: string): Promise<void> {
  await tx.processedEvent.deleteMany({ where: { projection } });
}

/** Which of these events the projection has applied. */
export const appliedEventIds = async (db: Db, projection: string, eventIds: string[]): Promise<Set<string>> =>
  new Set((await db.processedEvent.findMany({ where: { projection, eventId: { in: eventIds } }, select: { eventId: true } })).map((p) => p.eventId));
