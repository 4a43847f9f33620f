import { Client } from 'pg';
import type { Db } from '../prisma/client';
import type { Logger } from '../lib/logger';
import type { EventPublisher, EventSubscriber } from './bus/event-bus.port';
import type { Projection } from './projections/projection';
import { applyOrDeadLetter } from './projector';
import { deadLetterEvent, type DeadLetter, type RetryPolicy } from './dead-letter';
import { DEAD_LETTERS_PROJECTION } from './projections/dead-letters/dead-letters.projection';
import { forgetProcessedEvents } from './processed-events.repository';

/**
 * Recreates each read model from the log: empties its tables and its processed-event record, then
 * replays its topics from the first offset. Events that fail for their own sake are dead-lettered
 * and reported in `skipped`. Live projection of that read model waits meanwhile (it
 * takes the same advisory lock shared), so no event lands between the reset and the replay.
 */
export async function rebuildReadModels(deps: {
  db: Db;
  databaseUrl: string;
  bus: EventSubscriber & EventPublisher;
  projections: Projection[];
  logger: Logger;
  retryPolicy?: RetryPolicy;
}): Promise<{ replayed: Record<string, number>; skipped: DeadLetter[] }> {
  const replayed: Record<string, number> = {};
  const skipped: DeadLetter[] = [];
  const lockClient = new Client({ connectionString: deps.databaseUrl });
  await lockClient.connect();
  try {
    for (const projection of deps.projections) {
      await lockClient.query('SELECT pg_advisory_lock(hashtext($1))', [projection.name]);
      try {
        await deps.db.$transaction(async (tx) => {
          await projection.reset(tx);
          await forgetProcessedEvents(tx, projection.name);
        });
        const { events } = await deps.bus.replay({
          aggregateTypes: projection.aggregateTypes,
          // An event the projection cannot apply is dead-lettered and skipped, so a rebuild always ends.
          onEvent: async (consumed) => {
            const outcome = await applyOrDeadLetter(deps.db, projection, consumed, { lock: false, policy: deps.retryPolicy, logger: deps.logger });
            if (typeof outcome === 'string') return;
            skipped.push(outcome);
            if (projection.name === DEAD_LETTERS_PROJECTION) return; // its own events are not dead-lettered again
            await deps.bus.publish([deadLetterEvent(outcome)]);
          },
        });
        replayed[projection.name] = events;
        deps.logger.info({ projection: projection.name, events }, 'read model rebuilt');
      } finally {
        await lockClient.query('SELECT pg_advisory_unlock(hashtext($1))', [projection.name]);
      }
    }
  } finally {
    await lockClient.end();
  }
  return { replayed, skipped };
}
