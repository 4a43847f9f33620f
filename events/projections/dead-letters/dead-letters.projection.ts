import type { Tx } from '../../../prisma/client';
import { DEAD_LETTER } from '../../schemas/dead-letter.events';
import type { Projection } from '../projection';
import { markDiscarded, markRetried, recordDeadLetter, resetDeadLetters } from './dead-letters.repository';

export const DEAD_LETTERS_PROJECTION = 'dead-letters';

/** One row per (projection, event) that was dead-lettered, with the operator's retry or discard. */
export const deadLettersProjection: Projection = {
  name: DEAD_LETTERS_PROJECTION,
  aggregateTypes: [DEAD_LETTER],
  handles: ['EventDeadLettered', 'DeadLetterRetried', 'DeadLetterDiscarded'],
  async apply(tx: Tx, event) {
    switch (event.type) {
      case 'EventDeadLettered': {
        const d = event.data;
        await recordDeadLetter(tx, {
          projection: d.projection,
          eventId: d.eventId,
          eventType: d.eventType,
          orgId: event.orgId,
          errorMessage: d.error.message,
          errorCode: d.error.code,
          tries: d.tries,
          firstFailedAt: new Date(d.firstFailedAt),
          lastFailedAt: new Date(d.lastFailedAt),
          sourceTopic: d.source.topic,
          sourcePartition: d.source.partition,
          sourceOffset: BigInt(d.source.offset),
          event: d.event,
        });
        return;
      }
      case 'DeadLetterRetried':
        await markRetried(tx, event.data, { outcome: event.data.outcome, error: event.data.error, at: new Date(event.data.retriedAt), by: event.causationId });
        return;
      case 'DeadLetterDiscarded':
        await markDiscarded(tx, event.data, { reason: event.data.reason, at: new Date(event.data.discardedAt), by: event.causationId });
        return;
      default:
        return;
    }
  },
  reset: resetDeadLetters,
};
