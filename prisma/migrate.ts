import { loadConfigOrExit } from '../config/env';
import { createLogger } from '../lib/logger';
import { applyMigrations } from './migrator';

const config = loadConfigOrExit();
const logger = createLogger('migrate', config.LOG_LEVEL);
applyMigrations(config.databaseUrl)
  .then((applied) => logger.info({ applied }, applied.length ? 'migrations applied' : 'database is up to date'))
  .catch((err) => {
    logger.error({ err: err.message }, 'migration failed');
    process.exit(1);
  });
