import type { Db } from '../../prisma/client';
import type { EventPublisher } from '../../events/bus/event-bus.port';
import { parseEvent } from '../../events/catalog';
import { deadLetterId } from '../../events/dead-letter';
import type { Projection } from '../../events/projections/projection';
import { applyToProjection } from '../../events/projector';
import {
  findDeadLetter,
  listDeadLetters,
  countOpenDeadLetters,
  type DeadLetterKey,
  type DeadLetterStatus,
} from '../../events/projections/dead-letters/dead-letters.repository';
import type { DeadLetterView } from '../../domain/contracts/dead-letters.contract';
import { badRequest, notFound } from '../http/errors';
import { publishCommand, type CommandOrigin } from '../http/publish-command';

type Row = NonNullable<Awaited<ReturnType<typeof findDeadLetter>>>;

const iso = (d: Date | null) => (d ? d.toISOString() : null);

function view(r: Row): DeadLetterView {
  return {
    projection: r.projection,
    event_id: r.eventId,
    event_type: r.eventType,
    org_id: r.orgId,
    error_message: r.errorMessage,
    error_code: r.errorCode,
    tries: r.tries,
    occurrences: r.occurrences,
    first_failed_at: r.firstFailedAt.toISOString(),
    last_failed_at: r.lastFailedAt.toISOString(),
    source: { topic: r.sourceTopic, partition: r.sourcePartition, offset: r.sourceOffset.toString() },
    status: r.status as DeadLetterStatus,
    retried_at: iso(r.retriedAt),
    retry_outcome: r.retryOutcome,
    retry_error: r.retryError,
    discarded_at: iso(r.discardedAt),
    discard_reason: r.discardReason,
    resolved_by: r.resolvedBy,
  };
}

/** Operators' handling of dead letters: every retry and discard is published as an event. */
export interface DeadLetterOperations {
  list(status: DeadLetterStatus | undefined, limit: number): Promise<{ deadLetters: DeadLetterView[]; open: number }>;
  get(key: DeadLetterKey): Promise<(DeadLetterView & { event: string }) | null>;
  /** Re-delivers the original event to its projection (after a fix); DeadLetterRetried records the outcome. */
  retry(key: DeadLetterKey, origin: CommandOrigin): Promise<{ outcome: 'applied' | 'duplicate' | 'ignored' | 'failed'; error: string | null }>;
  discard(key: DeadLetterKey, reason: string, origin: CommandOrigin): Promise<void>;
}

export function createDeadLetterOperations(deps: { db: Db; events: EventPublisher; projections: Projection[] }): DeadLetterOperations {
  async function open(key: DeadLetterKey): Promise<Row> {
    const row = await findDeadLetter(deps.db, key);
    if (!row) throw notFound(`No dead letter for event ${key.eventId} in projection ${key.projection}`);
    if (row.status !== 'open') throw badRequest(`The dead letter is ${row.status}, not open`);
    return row;
  }

  return {
    async list(status, limit) {
      const [rows, openCount] = await Promise.all([listDeadLetters(deps.db, status, limit), countOpenDeadLetters(deps.db)]);
      return { deadLetters: rows.map(view), open: openCount };
    },

    async get(key) {
      const row = await findDeadLetter(deps.db, key);
      return row ? { ...view(row), event: row.event } : null;
    },

    async retry(key, origin) {
      const row = await open(key);
      const projection = deps.projections.find((p) => p.name === row.projection);
      if (!projection) throw badRequest(`No projection named ${row.projection} runs here`);
      const event = parseEvent(JSON.parse(row.event));
      let outcome: 'applied' | 'duplicate' | 'ignored' | 'failed';
      let error: string | null = null;
      try {
        // Through the same path as the projector: recorded as processed in the same transaction, so it applies once.
        outcome = await applyToProjection(deps.db, projection, {
          event,
          topic: row.sourceTopic,
          partition: row.sourcePartition,
          offset: row.sourceOffset.toString(),
        });
      } catch (err) {
        outcome = 'failed';
        error = (err instanceof Error ? err.message : String(err)).replace(/\u0000/g, '\\u0000');
      }
      await publishCommand(deps.events, origin, [
        {
          type: 'DeadLetterRetried',
          aggregateId: deadLetterId(row.projection, row.eventId),
          orgId: row.orgId,
          data: { projection: row.projection, eventId: row.eventId, outcome, error, retriedAt: new Date().toISOString() },
        },
      ]);
      return { outcome, error };
    },

    async discard(key, reason, origin) {
      const row = await open(key);
      await publishCommand(deps.events, origin, [
        {
          type: 'DeadLetterDiscarded',
          aggregateId: deadLetterId(row.projection, row.eventId),
          orgId: row.orgId,
          data: { projection: row.projection, eventId: row.eventId, reason, discardedAt: new Date().toISOString() },
        },
      ]);
    },
  };
}
