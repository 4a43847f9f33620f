import { randomUUID } from 'node:crypto';
import type { Db, Prisma } from '../../prisma/client';
import type { TrackingEvent } from './customer-success-tracker.port';

/** The one owner of customer_success_events: the events sent to (or, offline, kept instead of) the tracking service. */

/** Keeps the events; one whose dedup key is kept already adds nothing. */
export async function keepTrackedEvents(db: Db, events: readonly { dedupKey: string; event: TrackingEvent }[]): Promise<void> {
  if (events.length === 0) return;
  await db.customerSuccessEvent.createMany({
    data: events.map(({ dedupKey, event }) => ({
      id: randomUUID(),
      accountId: event.accountId,
      event: event.event,
      properties: event.properties as unknown as Prisma.InputJsonObject,
      timestamp: new Date(event.timestamp),
      dedupKey,
    })),
    skipDuplicates: true,
  });
}

/** Which of these dedup keys are kept already. */
export const keptDedupKeys = async (db: Db, dedupKeys: string[]): Promise<Set<string>> =>
  new Set((await db.customerSuccessEvent.findMany({ where: { dedupKey: { in: dedupKeys } }, select: { dedupKey: true } })).map((e) => e.dedupKey));
