import type { Db, Tx } from '../../../prisma/client';

/** The one owner of dead_letters: events a projection could not apply, and what operators did about them. */

export type DeadLetterStatus = 'open' | 'retried' | 'discarded';

export interface DeadLetterKey {
  projection: string;
  eventId: string;
}

const key = (k: DeadLetterKey) => ({ projection_eventId: { projection: k.projection, eventId: k.eventId } });

export interface RecordedDeadLetter extends DeadLetterKey {
  eventType: string;
  orgId: string | null;
  errorMessage: string;
  errorCode: string | null;
  tries: number;
  firstFailedAt: Date;
  lastFailedAt: Date;
  sourceTopic: string;
  sourcePartition: number;
  sourceOffset: bigint;
  event: string;
}

/** A first failure opens the row; a later one (a redelivery, a rebuild) reopens it and counts it, unless an operator discarded it. */
export async function recordDeadLetter(tx: Tx, d: RecordedDeadLetter): Promise<void> {
  const existing = await tx.deadLetter.findUnique({ where: key(d) });
  if (!existing) {
    await tx.deadLetter.create({ data: { ...d, status: 'open' } });
    return;
  }
  await tx.deadLetter.update({
    where: key(d),
    data: {
      errorMessage: d.errorMessage,
      errorCode: d.errorCode,
      tries: d.tries,
      lastFailedAt: d.lastFailedAt,
      occurrences: existing.occurrences + 1,
      status: existing.status === 'discarded' ? 'discarded' : 'open',
    },
  });
}

export async function markRetried(tx: Tx, k: DeadLetterKey, r: { outcome: string; error: string | null; at: Date; by: string | null }): Promise<void> {
  await tx.deadLetter.updateMany({
    where: { projection: k.projection, eventId: k.eventId },
    data: { retriedAt: r.at, retryOutcome: r.outcome, retryError: r.error, resolvedBy: r.by, ...(r.outcome === 'failed' ? {} : { status: 'retried' }) },
  });
}

export async function markDiscarded(tx: Tx, k: DeadLetterKey, r: { reason: string; at: Date; by: string | null }): Promise<void> {
  await tx.deadLetter.updateMany({
    where: { projection: k.projection, eventId: k.eventId },
    data: { status: 'discarded', discardedAt: r.at, discardReason: r.reason, resolvedBy: r.by },
  });
}

export async function resetDeadLetters(tx: Tx): Promise<void> {
  await tx.deadLetter.deleteMany();
}

export const listDeadLetters = (db: Db, status: DeadLetterStatus | undefined, limit: number) =>
  db.deadLetter.findMany({ where: status ? { status } : {}, orderBy: [{ lastFailedAt: 'desc' }], take: limit });

export const findDeadLetter = (db: Db, k: DeadLetterKey) => db.deadLetter.findUnique({ where: key(k) });

export const countOpenDeadLetters = (db: Db) => db.deadLetter.count({ where: { status: 'open' } });
