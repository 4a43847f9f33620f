import { randomBytes } from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import type { AppConfig } from '../config/env';
import { workerEnv } from '../config/worker-env';
import { waitFor } from './stack/exec';
import { isPortOpen } from './stack/servers';
import type { Supervisor } from './stack/supervisor';

const bin = (config: AppConfig, name: string) => path.join(config.repoRoot, 'node_modules', '.bin', name);

/** The product's own processes, each a source entry point (run by tsx) and its compiled twin in dist/. */
const ENTRY_POINTS = { worker: 'worker/main', projectors: 'worker/projectors.main', api: 'api/main', web: 'web/server/main' } as const;

/**
 * How the processes run. `compiled` (`npm start`): the JavaScript `npm run build` wrote, under NODE_ENV=production,
 * the worker loading the prebuilt workflow bundle. `source` (the test stack): the TypeScript through tsx, so a test
 * run needs no build of the services.
 */
export type ProcessMode = 'compiled' | 'source';

/**
 * A production start needs CRM_CREDENTIALS_KEY (it encrypts stored CRM credentials). Unless one is given, the
 * first start makes one and keeps it in the data directory, so credentials saved before a restart still open.
 */
export function crmCredentialsKeyFor(config: AppConfig, env: NodeJS.ProcessEnv): string {
  if (env.CRM_CREDENTIALS_KEY) return env.CRM_CREDENTIALS_KEY;
  const file = path.join(config.HOMEAGENT_DATA_DIR, 'secrets', 'crm-credentials.key');
  if (!fs.existsSync(file)) {
    fs.mkdirSync(path.dirname(file), { recursive: true, mode: 0o700 });
    fs.writeFileSync(file, randomBytes(32).toString('base64'), { mode: 0o600 });
  }
  return fs.readFileSync(file, 'utf8').trim();
}

/** How to run one of the product's processes in `mode`: its command, arguments and environment. */
export function productProcess(
  config: AppConfig,
  name: keyof typeof ENTRY_POINTS,
  baseEnv: NodeJS.ProcessEnv,
  mode: ProcessMode,
): { cmd: string; args: string[]; env: NodeJS.ProcessEnv } {
  const env: NodeJS.ProcessEnv =
    mode === 'compiled'
      ? {
          ...baseEnv,
          NODE_ENV: 'production',
          CRM_CREDENTIALS_KEY: crmCredentialsKeyFor(config, baseEnv),
          WORKFLOW_BUNDLE_PATH: path.join(config.repoRoot, 'dist', 'workflow-bundle.js'),
        }
      : baseEnv;
  const command =
    mode === 'compiled'
      ? { cmd: process.execPath, args: ['--enable-source-maps', path.join(config.repoRoot, 'dist', `${ENTRY_POINTS[name]}.js`)] }
      : { cmd: bin(config, 'tsx'), args: [`${ENTRY_POINTS[name]}.ts`] };
  return { ...command, env: name === 'worker' ? workerEnv(env) : env };
}

/** Starts the product's own processes (worker, projectors, API, dashboard server) under the supervisor. */
export async function startProductProcesses(
  config: AppConfig,
  sup: Supervisor,
  baseEnv: NodeJS.ProcessEnv,
  opts: { logToFiles?: string; mode?: ProcessMode } = {},
) {
  const mode = opts.mode ?? 'source';
  const log = (name: string) => (opts.logToFiles ? path.join(opts.logToFiles, `${name}.log`) : undefined);
  for (const name of ['worker', 'projectors', 'api', 'web'] as const) {
    sup.start({ name, ...productProcess(config, name, baseEnv, mode), cwd: config.repoRoot, logFile: log(name) });
  }
  await waitFor('the API', async () => (await fetch(`http://127.0.0.1:${config.API_PORT}/heartbeat`)).ok, 60_000);
  await waitFor('the dashboard', () => isPortOpen(config.WEB_PORT), 30_000);
}
