import path from 'node:path';
import type { AppConfig } from '../config/env';
import { workerEnv } from '../config/worker-env';
import { waitFor } from './stack/exec';
import { isPortOpen } from './stack/servers';
import type { Supervisor } from './stack/supervisor';

const bin = (config: AppConfig, name: string) => path.join(config.repoRoot, 'node_modules', '.bin', name);

/** Starts the product's own processes (worker, projectors, API, dashboard) under the supervisor. */
export async function startProductProcesses(config: AppConfig, sup: Supervisor, env: NodeJS.ProcessEnv, opts: { logToFiles?: string } = {}) {
  const tsx = bin(config, 'tsx');
  const log = (name: string) => (opts.logToFiles ? path.join(opts.logToFiles, `${name}.log`) : undefined);
  const common = { cwd: config.repoRoot, env };
  sup.start({ name: 'worker', cmd: tsx, args: ['worker/main.ts'], logFile: log('worker'), ...common, env: workerEnv(env) });
  sup.start({ name: 'projectors', cmd: tsx, args: ['worker/projectors.main.ts'], logFile: log('projectors'), ...common });
  sup.start({ name: 'api', cmd: tsx, args: ['api/main.ts'], logFile: log('api'), ...common });
  sup.start({ name: 'web', cmd: bin(config, 'vite'), args: ['preview', '--config', 'web/vite.config.ts'], logFile: log('web'), ...common });
  await waitFor('the API', async () => (await fetch(`http://127.0.0.1:${config.API_PORT}/heartbeat`)).ok, 60_000);
  await waitFor('the dashboard', () => isPortOpen(config.WEB_PORT), 30_000);
}
