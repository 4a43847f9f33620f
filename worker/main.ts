import { Runtime, DefaultLogger, type LogLevel } from '@temporalio/worker';
import { loadConfigOrExit } from '../config/env';
import { createLogger } from '../lib/logger';
import { startProcessMemoryLog } from '../lib/process-memory-log';
import { createDb } from '../prisma/client';
import { createKafkaBus } from '../events/bus/kafka-bus';
import { createWorkers, runWorkers } from './create-worker';
import { kafkaConnectionOptions } from '../config/cluster-connections';

async function main() {
  const config = loadConfigOrExit();
  const logger = createLogger('worker', config.LOG_LEVEL);
  startProcessMemoryLog(logger, config.PROCESS_MEMORY_LOG_SECONDS);
  // Route the SDK's own log lines through the product's logger.
  Runtime.install({
    logger: new DefaultLogger('WARN', ({ level, message, meta }) => {
      const fn = (level.toLowerCase() as Lowercase<LogLevel>) === 'error' ? 'error' : 'warn';
      logger[fn]({ sdk: meta }, message);
    }),
    shutdownSignals: ['SIGINT', 'SIGTERM'],
  });
  const db = createDb(config.databaseUrl);
  const bus = createKafkaBus({
    ...kafkaConnectionOptions(config),
    clientId: `${config.KAFKA_CLIENT_ID}-worker`,
    topicPrefix: config.KAFKA_TOPIC_PREFIX,
    logger,
  });
  await bus.ensureTopics();
  const started = Date.now();
  const { workers, connection } = await createWorkers({ config, db, events: bus, logger });
  logger.info({ taskQueues: workers.map((w) => w.options.taskQueue), startMs: Date.now() - started }, 'worker running');
  await runWorkers(workers); // resolves after a shutdown signal drains in-flight tasks
  await connection.close();
  await bus.close();
  await db.$disconnect();
}

main().catch((err) => {
  console.error(err);
  process.exit(1);
});
