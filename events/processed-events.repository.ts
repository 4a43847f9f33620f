import type { Db, Tx } from '../prisma/client';

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

/** Forgets what the projection applied, for a rebuild. */
export async function forgetProcessedEvents(tx: Tx, projection: string): Promise<void> {
  await tx.processedEvent.deleteMany({ where: { projection } });
}

/** Which of these events the projection has applied. */
export const appliedEventIds = async (db: Db, projection: string, eventIds: string[]): Promise<Set<string>> =>
  new Set((await db.processedEvent.findMany({ where: { projection, eventId: { in: eventIds } }, select: { eventId: true } })).map((p) => p.eventId));
