import { loadConfigOrExit } from '../config/env';
import { createLogger } from '../lib/logger';
import { startProcessMemoryLog } from '../lib/process-memory-log';
import { createDb } from '../prisma/client';
import { createKafkaBus } from '../events/bus/kafka-bus';
import { PROJECTIONS } from '../events/projections';
import { runProjectors } from '../events/projector';
import { kafkaConnectionOptions } from '../config/cluster-connections';

/**
 * The partitions of a topic (three: `ensureTopics`) a projector whose writes allow it applies at once (issue 16): one
 * partition's run waits on the database while another's is read and folded.
 */
const CONCURRENT_PARTITIONS = 3;

async function main() {
  const config = loadConfigOrExit();
  const logger = createLogger('projectors', config.LOG_LEVEL);
  startProcessMemoryLog(logger, config.PROCESS_MEMORY_LOG_SECONDS);
  const db = createDb(config.databaseUrl);
  const bus = createKafkaBus({
    ...kafkaConnectionOptions(config),
    clientId: `${config.KAFKA_CLIENT_ID}-projectors`,
    topicPrefix: config.KAFKA_TOPIC_PREFIX,
    logger,
  });
  await bus.ensureTopics();
  const running = await runProjectors({
    db,
    bus,
    projections: PROJECTIONS,
    topicPrefix: config.KAFKA_TOPIC_PREFIX,
    logger,
    concurrentPartitions: CONCURRENT_PARTITIONS,
  });
  logger.info({ projections: PROJECTIONS.map((p) => p.name) }, 'projectors running');
  const stop = async () => {
    await running.stop();
    await bus.close();
    await db.$disconnect();
    process.exit(0);
  };
  process.once('SIGTERM', stop);
  process.once('SIGINT', stop);
}

main().catch((err) => {
  console.error(err);
  process.exit(1);
});
