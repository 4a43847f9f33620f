import { loadConfigOrExit } from '../config/env';
import { createLogger } from '../lib/logger';
import { createDb } from '../prisma/client';
import { createKafkaBus } from '../events/bus/kafka-bus';
import { PROJECTIONS } from '../events/projections';
import { rebuildReadModels } from '../events/rebuild-read-models';
import { kafkaConnectionOptions } from '../config/cluster-connections';

// `npm run rebuild-read-models`: replays every topic from the beginning into fresh read-model tables.
async function main() {
  const config = loadConfigOrExit();
  const logger = createLogger('rebuild', config.LOG_LEVEL);
  const db = createDb(config.databaseUrl);
  const bus = createKafkaBus({
    ...kafkaConnectionOptions(config),
    clientId: `${config.KAFKA_CLIENT_ID}-rebuild`,
    topicPrefix: config.KAFKA_TOPIC_PREFIX,
    logger,
  });
  try {
    await bus.ensureTopics();
    const { replayed, skipped } = await rebuildReadModels({ db, databaseUrl: config.databaseUrl, bus, projections: PROJECTIONS, logger });
    for (const [name, n] of Object.entries(replayed)) console.log(`${name}: ${n} events replayed`);
    if (skipped.length > 0) {
      console.log(`${skipped.length} event(s) skipped and sent to the dead-letter topic:`);
      for (const d of skipped) {
        console.log(
          `  ${d.projection}: ${d.event.type} ${d.event.eventId} (${d.source.topic}/${d.source.partition}@${d.source.offset}) after ${d.tries} tries: ${d.error.message}`,
        );
      }
    }
  } finally {
    await bus.close();
    await db.$disconnect();
  }
}

main().catch((err) => {
  console.error(err);
  process.exit(1);
});
