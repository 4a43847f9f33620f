import { Connection } from '@temporalio/client';
import type { AppConfig } from '../../config/env';
import { provisionAll, type Binaries } from './provision';
import { startKafka, startPostgres, startTemporal } from './servers';
import { Supervisor } from './supervisor';
import { waitFor } from './exec';

export { Supervisor } from './supervisor';
export type { Binaries } from './provision';

/** Provisions (cached) and starts PostgreSQL, Kafka and Temporal for one data directory. */
export async function bringUpServers(config: AppConfig, log: (msg: string) => void): Promise<{ sup: Supervisor; bins: Binaries }> {
  const bins = await provisionAll(config.HOMEAGENT_CACHE_DIR, log);
  const sup = new Supervisor();
  try {
    await Promise.all([startPostgres(config, bins, sup, log), startKafka(config, bins, sup, log), startTemporal(config, bins, sup)]);
    await waitForTemporalNamespace(config);
  } catch (err) {
    await sup.stopAll();
    throw err;
  }
  return { sup, bins };
}

async function waitForTemporalNamespace(config: AppConfig) {
  const connection = await Connection.connect({ address: config.TEMPORAL_ADDRESS });
  try {
    await waitFor(
      `Temporal namespace ${config.TEMPORAL_NAMESPACE}`,
      async () => {
        await connection.workflowService.describeNamespace({ namespace: config.TEMPORAL_NAMESPACE });
        return true;
      },
      60_000,
    );
  } finally {
    await connection.close();
  }
}
