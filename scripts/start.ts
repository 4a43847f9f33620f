import { spawn } from 'node:child_process';
import path from 'node:path';
import { loadConfigOrExit } from '../config/env';
import { applyMigrations } from '../prisma/migrator';
import { buildServicesIfStale } from './build';
import { buildWebIfStale } from './build-web';
import { crmCredentialsKeyFor, startProductProcesses } from './processes';
import { bringUpServers } from './stack';

// `npm start`: provisions what is missing, starts every server and process, seeds the demo and
// prints where to go. Ctrl-C stops everything, servers last.
const log = (msg: string) => console.log(`[start] ${msg}`);

async function main() {
  const started = Date.now();
  const config = loadConfigOrExit();
  log(`data directory ${config.HOMEAGENT_DATA_DIR}`);
  // The services run compiled (dist/, NODE_ENV=production) as they would in production; `npm run build` is the same step.
  const [{ sup }] = await Promise.all([bringUpServers(config, log), buildWebIfStale(config.repoRoot, log), buildServicesIfStale(log)]);

  let shuttingDown = false;
  const shutdown = async (code: number) => {
    if (shuttingDown) return;
    shuttingDown = true;
    log('stopping…');
    await sup.stopAll();
    log('stopped');
    process.exit(code);
  };
  process.on('SIGINT', () => void shutdown(0));
  process.on('SIGTERM', () => void shutdown(0));
  sup.onUnexpectedExit = (name, code) => {
    log(`${name} exited unexpectedly (code ${code}); see ${config.HOMEAGENT_DATA_DIR}/logs. Stopping the stack.`);
    void shutdown(1);
  };

  try {
    const applied = await applyMigrations(config.databaseUrl);
    if (applied.length) log(`applied migrations: ${applied.join(', ')}`);
    await startProductProcesses(config, sup, process.env, { mode: 'compiled' });
    // The seed runs compiled in a process of its own, as the services do (same NODE_ENV, same credentials key for what
    // it seals): what it loads (Prisma, Temporal's client, Kafka's producer) is not held by this supervisor for as long
    // as the stack runs.
    const seedEnv = { ...process.env, NODE_ENV: 'production', CRM_CREDENTIALS_KEY: crmCredentialsKeyFor(config, process.env) };
    await runToEnd(process.execPath, ['--enable-source-maps', path.join(config.repoRoot, 'dist', 'prisma', 'seed.js')], seedEnv, 'seed');
  } catch (err) {
    console.error(err);
    await shutdown(1);
    return;
  }

  const seconds = ((Date.now() - started) / 1000).toFixed(1);
  console.log(`
  HomeAgent is running (ready in ${seconds} s)

  Dashboard         ${config.dashboardUrl}
    staff login     ${config.DEMO_ADMIN_EMAIL} / ${config.DEMO_ADMIN_PASSWORD}
    operator login  ${config.DEMO_OPERATOR_EMAIL} / ${config.DEMO_OPERATOR_PASSWORD}
  API               http://${config.API_HOST}:${config.API_PORT}  (docs: /docs)
  Temporal Web UI   ${config.temporalUiUrl}
  Server logs       ${config.HOMEAGENT_DATA_DIR}/logs

  Ctrl-C stops everything.
`);
}

function runToEnd(cmd: string, args: string[], env: NodeJS.ProcessEnv, name: string): Promise<void> {
  return new Promise((resolve, reject) => {
    const child = spawn(cmd, args, { stdio: 'inherit', env });
    child.on('error', reject);
    child.on('exit', (code, signal) => (code === 0 ? resolve() : reject(new Error(`${name} exited with ${signal ?? `code ${code}`}`))));
  });
}

void main();
