import fs from 'node:fs';
import { loadConfigOrExit, TEST_STACK_ENV } from '../config/env';
import { applyMigrations } from '../prisma/migrator';
import { bringUpServers } from './stack';

// `npm run test:stack`: the test servers alone, kept up, for iterating on integration tests with
// `npx jest --selectProjects integration` in another terminal. Ctrl-C stops them.
async function main() {
  const config = loadConfigOrExit({ ...process.env, ...TEST_STACK_ENV });
  fs.rmSync(config.HOMEAGENT_DATA_DIR, { recursive: true, force: true });
  const { sup } = await bringUpServers(config, (m) => console.log(`[test-stack] ${m}`));
  await applyMigrations(config.databaseUrl);
  console.log('[test-stack] PostgreSQL, Kafka and Temporal are up on the test ports. Ctrl-C stops them.');
  const stop = async () => {
    await sup.stopAll();
    process.exit(0);
  };
  process.on('SIGINT', () => void stop());
  process.on('SIGTERM', () => void stop());
}

void main();
