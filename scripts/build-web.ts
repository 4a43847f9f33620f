import fs from 'node:fs';
import path from 'node:path';
import { run } from './stack/exec';

function newestMtime(dir: string): number {
  let newest = 0;
  for (const entry of fs.readdirSync(dir, { withFileTypes: true })) {
    const p = path.join(dir, entry.name);
    newest = Math.max(newest, entry.isDirectory() ? newestMtime(p) : fs.statSync(p).mtimeMs);
  }
  return newest;
}

const builtAt = (file: string) => (fs.existsSync(file) ? fs.statSync(file).mtimeMs : 0);

/**
 * The website widget's two Vite passes into web/dist (web/vite.embed.config.ts): the loader (widget.js), then the
 * iframe app (web/dist/embed). They run after the dashboard's build, which empties web/dist.
 */
export const WIDGET_BUILDS = ['loader', 'app'] as const;

export async function buildWidget(repoRoot: string, logLevel = 'warn'): Promise<void> {
  for (const mode of WIDGET_BUILDS) {
    await run(path.join(repoRoot, 'node_modules', '.bin', 'vite'), ['build', '--config', 'web/vite.embed.config.ts', '--mode', mode, '--logLevel', logLevel], {
      cwd: repoRoot,
      quiet: true,
    });
  }
}

/** Builds the dashboard unless web/dist is newer than every source file, and the widget likewise (after it). */
export async function buildWebIfStale(repoRoot: string, log: (m: string) => void) {
  const web = path.join(repoRoot, 'web');
  const dist = path.join(web, 'dist');
  const sources = Math.max(
    newestMtime(path.join(web, 'src')),
    fs.statSync(path.join(web, 'index.html')).mtimeMs,
    fs.statSync(path.join(web, 'vite.config.ts')).mtimeMs,
  );
  const dashboardStale = builtAt(path.join(dist, 'index.html')) <= sources;
  if (dashboardStale) {
    log('building the dashboard');
    await run(path.join(repoRoot, 'node_modules', '.bin', 'vite'), ['build', '--config', 'web/vite.config.ts', '--logLevel', 'warn'], {
      cwd: repoRoot,
      quiet: true,
    });
  }
  const widgetSources = Math.max(newestMtime(path.join(web, 'embed')), fs.statSync(path.join(web, 'vite.embed.config.ts')).mtimeMs);
  const widgetBuilt = Math.min(builtAt(path.join(dist, 'widget.js')), builtAt(path.join(dist, 'embed', 'index.html')));
  if (dashboardStale || widgetBuilt <= widgetSources) {
    log('building the website widget');
    await buildWidget(repoRoot);
  }
}
