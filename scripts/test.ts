import fs from 'node:fs';
import path from 'node:path';
import { spawn } from 'node:child_process';
import { loadConfigOrExit, TEST_STACK_ENV } from '../config/env';
import { createDb } from '../prisma/client';
import { applyMigrations } from '../prisma/migrator';
import { seedDemo, DEMO_ORGANIZATIONS } from '../prisma/seed';
import { buildWebIfStale } from './build-web';
import { startProductProcesses } from './processes';
import { bringUpServers } from './stack';
import { provisionChromium, provisionTemporalTestServer } from './stack/provision';
import { runStaticChecks } from './static-checks';

// `npm test`: type check and lint, then unit, integration and browser tests against real servers on the
// test ports, in a data directory of their own (wiped each run), so a running demo is not disturbed.
const log = (msg: string) => console.log(`[test] ${msg}`);

async function main(): Promise<number> {
  // Demo calls (POST /call/new) go to the second demo org: the dashboard's browser test expects the first one call-free.
  const env = { DEMO_ORG_SLUG: 'demo-plumbing', ...process.env, ...TEST_STACK_ENV };
  const config = loadConfigOrExit(env);
  const jestArgs = process.argv.slice(2);
  const started = Date.now();
  fs.rmSync(config.HOMEAGENT_DATA_DIR, { recursive: true, force: true });
  // A run narrowed by jest arguments is a developer's partial run; the full run (CI) checks the whole tree.
  const checks = jestArgs.length === 0 ? runStaticChecks(config.repoRoot, log) : Promise.resolve(true);
  if (jestArgs.length > 0) log('partial run: type check and lint skipped');
  const [{ sup }] = await Promise.all([bringUpServers(config, log), buildWebIfStale(config.repoRoot, log)]);
  await Promise.all([provisionChromium(log), provisionTemporalTestServer(config.HOMEAGENT_CACHE_DIR, log)]);
  const logsDir = path.join(config.HOMEAGENT_DATA_DIR, 'logs');
  try {
    if (!(await checks)) {
      console.log('\n[test] type check or lint failed; tests not run');
      return 1;
    }
    await applyMigrations(config.databaseUrl);
    await startProductProcesses(config, sup, env, { logToFiles: logsDir });
    const db = createDb(config.databaseUrl);
    await seedDemo(config, db);
    await db.$disconnect();
    log(`stack ready in ${((Date.now() - started) / 1000).toFixed(1)} s; running jest`);

    const resultsFile = path.join(config.HOMEAGENT_DATA_DIR, 'jest-results.json');
    const code = await new Promise<number>((resolve) => {
      const child = spawn(
        path.join(config.repoRoot, 'node_modules', '.bin', 'jest'),
        // --forceExit: api.int.test.ts leaves a handle that --detectOpenHandles cannot name; a stray
        // handle must not hold CI after the results are in.
        ['--maxWorkers=2', '--forceExit', '--json', `--outputFile=${resultsFile}`, ...jestArgs],
        {
          cwd: config.repoRoot,
          stdio: 'inherit',
          env: {
            ...env,
            E2E_WEB_URL: config.dashboardUrl,
            E2E_LOGIN_EMAIL: config.DEMO_ADMIN_EMAIL,
            E2E_LOGIN_PASSWORD: config.DEMO_ADMIN_PASSWORD,
            E2E_ORG_NAME: DEMO_ORGANIZATIONS.map((o) => o.name).sort()[0],
            E2E_ARTIFACTS_DIR: path.join(config.HOMEAGENT_DATA_DIR, 'artifacts'),
          },
        },
      );
      child.on('exit', (c) => resolve(c ?? 1));
    });
    if (fs.existsSync(resultsFile)) {
      const r = JSON.parse(fs.readFileSync(resultsFile, 'utf8'));
      // The plain closing line CI reads, whatever the runner.
      console.log(`\n${r.numPassedTests} passed, ${r.numFailedTests} failed, ${r.numPendingTests} skipped`);
    }
    log(`finished in ${((Date.now() - started) / 1000).toFixed(1)} s; server logs in ${logsDir}`);
    return code;
  } finally {
    await sup.stopAll();
  }
}

main().then(
  (code) => process.exit(code),
  (err) => {
    console.error(err);
    process.exit(1);
  },
);
