import { randomUUID } from 'node:crypto';
import type { Logger } from '../lib/logger';
import { createEvent, type DomainEvent, type EventOf } from './catalog';

/**
 * One event a projection could not apply, as written to the dead-letter topic: what failed, how
 * often, and where the event sits in the log, so an operator can inspect it and re-deliver it
 * after a fix. The original event travels whole.
 */
export interface DeadLetter {
  projection: string;
  error: { message: string; code: string | null };
  tries: number;
  firstFailedAt: string;
  lastFailedAt: string;
  source: { topic: string; partition: number; offset: string };
  event: DomainEvent;
}

/** The dead-letter read model's stream id for one event of one projection. */
export const deadLetterId = (projection: string, eventId: string): string => `${projection}:${eventId}`;

/** Postgres text refuses NUL; an error message must never make its own dead letter unstorable. */
const storable = (s: string): string => s.replace(/\u0000/g, '\\u0000');

/**
 * The dead letter as an event on the dead_letter topic, which the dead-letters read model projects.
 * It carries the original envelope as JSON text, and the original event's correlation id.
 */
export function deadLetterEvent(letter: DeadLetter): EventOf<'EventDeadLettered'> {
  return createEvent({
    eventId: randomUUID(),
    type: 'EventDeadLettered',
    aggregateId: deadLetterId(letter.projection, letter.event.eventId),
    orgId: letter.event.orgId,
    correlationId: letter.event.correlationId,
    causationId: letter.event.eventId,
    data: {
      projection: letter.projection,
      eventId: letter.event.eventId,
      eventType: letter.event.type,
      error: { message: storable(letter.error.message), code: letter.error.code },
      tries: letter.tries,
      firstFailedAt: letter.firstFailedAt,
      lastFailedAt: letter.lastFailedAt,
      source: letter.source,
      event: JSON.stringify(letter.event),
    },
  });
}

/** How many times an event is tried before it is dead-lettered, and the pause between tries. */
export interface RetryPolicy {
  tries: number;
  backoffMs: (attempt: number) => number;
}

export const DEFAULT_RETRY_POLICY: RetryPolicy = { tries: 4, backoffMs: (attempt) => Math.min(100 * 2 ** attempt, 1_000) };

// SQLSTATE classes that say the database (or the link to it) is unwell, not the event:
// 08 connection exception, 53 insufficient resources, 57 operator intervention (shutdown, cancel),
// 58 system error, 40 transaction rollback (serialization failure, deadlock), 55P03 lock not available.
const TRANSIENT_SQLSTATE = /^(08|53|57|58|40)|^55P03$/;
// Prisma's own codes for unreachable/timed-out databases and pool or transaction exhaustion.
const TRANSIENT_PRISMA = new Set(['P1001', 'P1002', 'P1008', 'P1011', 'P1017', 'P2024', 'P2028', 'P2034']);
const TRANSIENT_NODE = new Set(['ECONNREFUSED', 'ECONNRESET', 'ETIMEDOUT', 'EPIPE', 'ENOTFOUND', 'EAI_AGAIN', 'EHOSTUNREACH', 'ENETUNREACH']);
const TRANSIENT_MESSAGE =
  /connection (terminated|refused|closed|ended)|timeout|timed out|terminating connection|server closed the connection|Connection terminated|ECONNREFUSED|ECONNRESET|Transaction already closed|Unable to start a transaction/i;

/** The codes an error carries anywhere along its cause chain (Prisma wraps the driver's error). */
export function errorCodes(err: unknown): string[] {
  const codes: string[] = [];
  const seen = new Set<unknown>();
  const visit = (e: unknown, depth: number) => {
    if (e === null || typeof e !== 'object' || seen.has(e) || depth > 6) return;
    seen.add(e);
    const o = e as Record<string, unknown>;
    for (const k of ['code', 'originalCode', 'errno']) if (typeof o[k] === 'string') codes.push(o[k]);
    visit(o.cause, depth + 1);
    visit(o.meta, depth + 1);
    visit(o.driverAdapterError, depth + 1);
    if (Array.isArray(o.errors)) for (const x of o.errors) visit(x, depth + 1);
  };
  visit(err, 0);
  return codes;
}

/** True when the error says Postgres or Kafka is unreachable or overloaded: retry, never skip. */
export function isTransientError(err: unknown): boolean {
  if ((err as { retriable?: unknown })?.retriable === true) return true; // kafkajs
  const name = (err as { name?: unknown })?.name;
  if (name === 'PrismaClientInitializationError' || name === 'KafkaJSConnectionError' || name === 'KafkaJSNumberOfRetriesExceeded') return true;
  for (const code of errorCodes(err)) {
    if (TRANSIENT_PRISMA.has(code) || TRANSIENT_NODE.has(code)) return true;
    if (/^[0-9A-Z]{5}$/.test(code) && TRANSIENT_SQLSTATE.test(code)) return true;
  }
  const message = err instanceof Error ? err.message : String(err);
  return TRANSIENT_MESSAGE.test(message);
}

/** The most specific code for the record: a SQLSTATE when there is one. */
function primaryCode(err: unknown): string | null {
  const codes = errorCodes(err);
  return codes.find((c) => /^[0-9A-Z]{5}$/.test(c) && !c.startsWith('P')) ?? codes[0] ?? null;
}

const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

/** Dead letters written by this process, for the log line and the status report. */
let deadLettered = 0;
export const deadLetterCount = (): number => deadLettered;

export type AttemptOutcome<T> = { ok: true; value: T } | { ok: false; letter: DeadLetter };

/**
 * Runs `apply` up to `policy.tries` times. A transient error is thrown at once (the caller's
 * redelivery retries it, and the partition waits: nothing is skipped while Postgres is down).
 * An error that every try reproduces is the event's own, unless the database is unreachable when
 * checked (`healthy`): then it is thrown as well. Otherwise the dead letter is returned.
 */
export async function applyWithRetries<T>(opts: {
  projection: string;
  event: DomainEvent;
  source: { topic: string; partition: number; offset: string };
  apply: () => Promise<T>;
  healthy: () => Promise<boolean>;
  policy?: RetryPolicy;
  logger: Logger;
}): Promise<AttemptOutcome<T>> {
  const policy = opts.policy ?? DEFAULT_RETRY_POLICY;
  let firstFailedAt: string | null = null;
  let last: unknown;
  for (let attempt = 0; attempt < policy.tries; attempt += 1) {
    try {
      return { ok: true, value: await opts.apply() };
    } catch (err) {
      if (isTransientError(err)) throw err;
      last = err;
      firstFailedAt ??= new Date().toISOString();
      opts.logger.warn(
        { projection: opts.projection, eventId: opts.event.eventId, type: opts.event.type, attempt: attempt + 1, err: (err as Error).message },
        'projection failed; retrying',
      );
      if (attempt + 1 < policy.tries) await sleep(policy.backoffMs(attempt));
    }
  }
  // Every try failed the same way; make sure it is not an outage that looked like a data error.
  if (!(await opts.healthy().catch(() => false))) throw last;
  deadLettered += 1;
  const letter: DeadLetter = {
    projection: opts.projection,
    error: { message: last instanceof Error ? last.message : String(last), code: primaryCode(last) },
    tries: policy.tries,
    firstFailedAt: firstFailedAt!,
    lastFailedAt: new Date().toISOString(),
    source: opts.source,
    event: opts.event,
  };
  opts.logger.error(
    { projection: opts.projection, eventId: opts.event.eventId, type: opts.event.type, ...opts.source, error: letter.error, deadLettersTotal: deadLettered },
    'event dead-lettered',
  );
  return { ok: false, letter };
}
