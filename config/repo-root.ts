import fs from 'node:fs';
import path from 'node:path';

/**
 * The folder of the project's package.json, above `from`. The same whether the code runs from its sources under
 * tsx (config/) or compiled (dist/config/), so data and asset paths do not move with the build.
 */
export function findRepoRoot(from: string): string {
  for (let dir = from; ; dir = path.dirname(dir)) {
    if (fs.existsSync(path.join(dir, 'package.json'))) return dir;
    if (path.dirname(dir) === dir) return from;
  }
}

export const REPO_ROOT = findRepoRoot(__dirname);
