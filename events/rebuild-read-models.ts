import { Client } from 'pg';
import type { Db } from '../prisma/client';
import type { Logger } from '../lib/logger';
import type { EventSubscriber } from './bus/event-bus.port';
import type { Projection } from './projections/projection';
import { applyToProjection } from './projector';
import { forgetProcessedEvents } from './processed-events.repository';

/**
 * Recreates each read model from the log: empties its tables and its processed-event record, then
 * replays its topics from the first offset. Live projection of that read model waits meanwhile (it
 * takes the same advisory lock shared), so no event lands between the reset and the replay.
 */
export async function rebuildReadModels(deps: {
  db: Db;
  databaseUrl: string;
  bus: EventSubscriber;
  projections: Projection[];
  logger: Logger;
}): Promise<Record<string, number>> {
  const replayed: Record<string, number> = {};
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
          onEvent: async (consumed) => void (await applyToProjection(deps.db, projection, consumed, { lock: false })),
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
  return replayed;
}
