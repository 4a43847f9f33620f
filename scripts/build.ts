import fs from 'node:fs';
import path from 'node:path';
import { spawnSync } from 'node:child_process';
import { REPO_ROOT } from '../config/repo-root';
import { WIDGET_BUILDS } from './build-web';

// `npm run build`: what a production start runs. The API, worker and projectors compiled by tsc to dist/ (no tsx at
// run time), the files they read beside their code, the workflow bundle prebuilt (dist/workflow-bundle.js, loaded by
// the worker through WORKFLOW_BUNDLE_PATH), and the dashboard and the website widget built by Vite (web/dist).

const DIST = path.join(REPO_ROOT, 'dist');
/** Files the compiled code reads at run time from beside itself (path.join(__dirname, ...)). */
const ASSETS = ['prisma/migrations', 'activities/website/adapters/offline/contractor-home-page.html'];
const log = (msg: string) => console.log(`[build] ${msg}`);

function run(cmd: string, args: string[]) {
  const result = spawnSync(path.join(REPO_ROOT, 'node_modules', '.bin', cmd), args, { cwd: REPO_ROOT, stdio: 'inherit' });
  if (result.status !== 0) throw new Error(`${cmd} ${args.join(' ')} failed`);
}

export async function build(opts: { web?: boolean } = {}): Promise<void> {
  const started = Date.now();
  run('tsc', ['-p', 'tsconfig.build.json']);
  for (const asset of ASSETS) fs.cpSync(path.join(REPO_ROOT, asset), path.join(DIST, asset), { recursive: true });
  log(`services compiled in ${((Date.now() - started) / 1000).toFixed(1)} s`);
  // Loaded here, not at the top: `npm start` imports this module for its staleness check only.
  const { bundleWorkflowCode } = await import('@temporalio/worker');
  const bundle = await bundleWorkflowCode({ workflowsPath: path.join(REPO_ROOT, 'workflows'), logger: quiet });
  fs.writeFileSync(path.join(DIST, 'workflow-bundle.js'), bundle.code);
  log(`workflow bundle written (${(bundle.code.length / 1024).toFixed(0)} KiB)`);
  if (opts.web !== false) {
    run('vite', ['build', '--config', 'web/vite.config.ts', '--logLevel', 'warn']);
    // The website widget after the dashboard (whose build empties web/dist): widget.js, then the iframe app.
    for (const mode of WIDGET_BUILDS) run('vite', ['build', '--config', 'web/vite.embed.config.ts', '--mode', mode, '--logLevel', 'warn']);
  }
  log(`done in ${((Date.now() - started) / 1000).toFixed(1)} s`);
}

const quiet = {
  log: () => undefined,
  trace: () => undefined,
  debug: () => undefined,
  info: () => undefined,
  warn: (message: string) => process.stderr.write(`[bundler] ${message}\n`),
  error: (message: string) => process.stderr.write(`[bundler] ${message}\n`),
};

const SERVICE_SOURCES = ['api', 'worker', 'events', 'activities', 'workflows', 'domain', 'lib', 'config', 'prisma', 'web/server', 'web/embed/protocol.ts'];

function newestMtime(p: string): number {
  const stat = fs.statSync(p);
  if (!stat.isDirectory()) return stat.mtimeMs;
  return fs.readdirSync(p).reduce((newest, name) => Math.max(newest, newestMtime(path.join(p, name))), stat.mtimeMs);
}

/** Builds the services and the workflow bundle unless the bundle is newer than every source file. */
export async function buildServicesIfStale(log: (m: string) => void): Promise<void> {
  const stamp = path.join(DIST, 'workflow-bundle.js');
  const sources = Math.max(...SERVICE_SOURCES.map((dir) => newestMtime(path.join(REPO_ROOT, dir))), newestMtime(path.join(REPO_ROOT, 'tsconfig.build.json')));
  if (fs.existsSync(stamp) && fs.statSync(stamp).mtimeMs > sources) return;
  log('building the services (tsc) and the workflow bundle');
  // In a process of its own, so the long-running `npm start` does not keep the bundler's memory.
  run('tsx', [path.join('scripts', 'build.ts'), '--services-only']);
}

if (require.main === module) {
  build({ web: !process.argv.includes('--services-only') }).catch((err) => {
    console.error(err);
    process.exit(1);
  });
}
