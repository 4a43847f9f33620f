import fs from 'node:fs';
import path from 'node:path';
import zlib from 'node:zlib';
import { run } from './stack/exec';

// `npm run bench:bundle`: builds the dashboard and prints the gzipped JS a staff user's first page loads
// before it paints (the entry chunk and its static imports, then the Dashboard home route's lazy chunk and
// its static imports, from Vite's manifest), then what that page imports lazily once it has painted (its
// charts), each route's own chunk, and whether an operator page got into the first page. Exits 1 when the
// JS before the first paint is over the budget or an operator page is in it.

const BUDGET_KB = 150;

type ManifestChunk = { file: string; name?: string; src?: string; isEntry?: boolean; isDynamicEntry?: boolean; imports?: string[]; dynamicImports?: string[] };
type Manifest = Record<string, ManifestChunk>;

const repoRoot = path.resolve(__dirname, '..');
const web = path.join(repoRoot, 'web');
const dist = path.join(web, 'dist');

/** The manifest keys a chunk loads before it runs: itself and its static imports, transitively. */
export function staticClosure(manifest: Manifest, key: string, seen = new Set<string>()): Set<string> {
  if (seen.has(key)) return seen;
  seen.add(key);
  for (const imported of manifest[key]?.imports ?? []) staticClosure(manifest, imported, seen);
  return seen;
}

/** Chunks the first page imports dynamically (not a route's page) and what they load that it has not. */
export function deferredChunks(manifest: Manifest, firstPage: ReadonlySet<string>, routeKeys: ReadonlySet<string>): Set<string> {
  const deferred = new Set<string>();
  for (const key of firstPage) {
    for (const lazy of manifest[key]?.dynamicImports ?? []) {
      if (routeKeys.has(lazy)) continue;
      for (const loaded of staticClosure(manifest, lazy)) if (!firstPage.has(loaded)) deferred.add(loaded);
    }
  }
  return deferred;
}

/** Each route's page module, read from web/src/app/pages.tsx: `name: page(() => import('…'), …)`. */
function routeModules(): { route: string; module: string }[] {
  const source = fs.readFileSync(path.join(web, 'src/app/pages.tsx'), 'utf8');
  return [...source.matchAll(/^\s*'?([\w-]+)'?:\s*page\(\s*\(\) => import\('\.\.\/([^']+)'\)/gm)].map((m) => ({ route: m[1]!, module: `src/${m[2]}.tsx` }));
}

/** The manifest key of a route's lazy chunk: its source path, or, when Rollup merged it with a static import, the chunk named after it. */
function routeChunkKey(manifest: Manifest, entryKey: string, module: string): string {
  if (manifest[module]) return module;
  const base = path.basename(module, '.tsx');
  const key = manifest[entryKey]!.dynamicImports?.find((k) => manifest[k]?.name === base);
  if (!key) throw new Error(`no chunk for ${module} in the manifest`);
  return key;
}

/** Builds one bundle-floor page alone (web/vite.floor.config.ts) and answers its gzipped JS. */
async function floorKb(page: 'declarative' | 'data-router'): Promise<number> {
  await run(path.join(repoRoot, 'node_modules/.bin/vite'), ['build', '--config', 'web/vite.floor.config.ts', '--logLevel', 'error'], {
    cwd: repoRoot,
    quiet: true,
    env: { ...process.env, FLOOR_PAGE: page },
  });
  const assets = path.join(web, 'dist-floor/assets');
  return fs
    .readdirSync(assets)
    .filter((f) => f.endsWith('.js'))
    .reduce((sum, f) => sum + zlib.gzipSync(fs.readFileSync(path.join(assets, f)), { level: 9 }).length / 1024, 0);
}

const gzipKb = (file: string) => zlib.gzipSync(fs.readFileSync(path.join(dist, file)), { level: 9 }).length / 1024;
const kb = (n: number) => `${n.toFixed(1)} KB`;

async function main() {
  console.log('building the dashboard…');
  await run(path.join(repoRoot, 'node_modules/.bin/vite'), ['build', '--config', 'web/vite.config.ts', '--logLevel', 'error'], { cwd: repoRoot, quiet: true });
  const manifest = JSON.parse(fs.readFileSync(path.join(dist, '.vite/manifest.json'), 'utf8')) as Manifest;
  const entryKey = Object.keys(manifest).find((key) => manifest[key]!.isEntry);
  if (!entryKey) throw new Error('the manifest has no entry chunk');

  const routes = routeModules().map(({ route, module }) => ({ route, key: routeChunkKey(manifest, entryKey, module) }));
  const home = routes.find((r) => r.route === 'home');
  if (!home) throw new Error('pages.tsx has no home route');

  const entry = staticClosure(manifest, entryKey);
  const firstPage = staticClosure(manifest, home.key, new Set(entry));
  const sized = [...firstPage].map((key) => ({ key, file: manifest[key]!.file, gz: gzipKb(manifest[key]!.file) })).sort((a, b) => b.gz - a.gz);
  const total = sized.reduce((sum, chunk) => sum + chunk.gz, 0);

  console.log(`\nfirst page of a staff user (entry + Dashboard home), gzipped JS before it paints: ${kb(total)} (budget ${BUDGET_KB} KB)`);
  for (const chunk of sized) console.log(`  ${kb(chunk.gz).padStart(9)}  ${chunk.file}${entry.has(chunk.key) ? '  (entry)' : ''}`);

  // What the first page imports lazily besides other routes' pages (the Dashboard's charts): fetched once it has painted.
  const deferred = deferredChunks(manifest, firstPage, new Set(routes.map((r) => r.key)));
  const deferredKb = [...deferred].reduce((sum, key) => sum + gzipKb(manifest[key]!.file), 0);
  console.log(`then, after it paints: +${kb(deferredKb)} (${kb(total + deferredKb)} in all once they are in)`);
  for (const key of deferred) console.log(`  ${kb(gzipKb(manifest[key]!.file)).padStart(9)}  ${manifest[key]!.file}`);

  const login = routes.find((r) => r.route === 'login');
  if (login) {
    const extra = [...staticClosure(manifest, login.key)].filter((key) => !firstPage.has(key));
    const loginKb = extra.reduce((sum, key) => sum + gzipKb(manifest[key]!.file), 0);
    console.log(`signing in first adds the login page: +${kb(loginKb)} (${kb(total + loginKb)} in all)`);
  }

  console.log('\neach route: its own chunk, and what it loads beyond the first page');
  for (const { route, key } of routes) {
    const beyond = [...staticClosure(manifest, key)].filter((k) => !firstPage.has(k)).reduce((sum, k) => sum + gzipKb(manifest[k]!.file), 0);
    console.log(`  ${route.padEnd(22)} ${kb(gzipKb(manifest[key]!.file)).padStart(9)}  +${kb(beyond)}`);
  }

  const operatorInFirstPage = routes.filter((r) => r.route.startsWith('admin-') && (firstPage.has(r.key) || deferred.has(r.key))).map((r) => r.route);
  console.log(`\noperator pages in the first page: ${operatorInFirstPage.length ? operatorInFirstPage.join(', ') : 'none'}`);

  // The floor: the least the stack (React, Chakra UI with this theme, React Router) ships to paint one heading and
  // one button, built like the dashboard (web/src/bundle-floor), so the first page's figure reads beside it.
  console.log('\nthe floor, built the same way: React + Chakra UI (this theme) + React Router, one heading and one button');
  for (const [page, label] of [
    ['declarative', 'React Router in declarative mode (no lazy routes, no blocker)'],
    ['data-router', 'React Router data router (what the dashboard uses)'],
  ] as const) {
    console.log(`  ${kb(await floorKb(page)).padStart(9)}  ${label}`);
  }

  const failures = [
    ...(total > BUDGET_KB ? [`the first page loads ${kb(total)} of gzipped JS, over the ${BUDGET_KB} KB budget`] : []),
    ...(operatorInFirstPage.length ? [`operator pages are in the first page: ${operatorInFirstPage.join(', ')}`] : []),
  ];
  for (const failure of failures) console.error(`FAIL: ${failure}`);
  process.exit(failures.length ? 1 : 0);
}

if (require.main === module) {
  main().catch((error: unknown) => {
    console.error(error);
    process.exit(1);
  });
}
