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

/** Builds the dashboard unless web/dist is newer than every source file. */
export async function buildWebIfStale(repoRoot: string, log: (m: string) => void) {
  const web = path.join(repoRoot, 'web');
  const built = path.join(web, 'dist', 'index.html');
  const sources = Math.max(
    newestMtime(path.join(web, 'src')),
    fs.statSync(path.join(web, 'index.html')).mtimeMs,
    fs.statSync(path.join(web, 'vite.config.ts')).mtimeMs,
  );
  if (fs.existsSync(built) && fs.statSync(built).mtimeMs > sources) return;
  log('building the dashboard');
  await run(path.join(repoRoot, 'node_modules', '.bin', 'vite'), ['build', '--config', 'web/vite.config.ts', '--logLevel', 'warn'], {
    cwd: repoRoot,
    quiet: true,
  });
}
