import fs from 'node:fs';
import path from 'node:path';
import zlib from 'node:zlib';
import { buildWidget } from './build-web';

// `npm run bench:widget`: builds the website widget (web/vite.embed.config.ts) and prints what a visitor's browser
// downloads, gzipped (level 9), beside the budgets of issue 15 point 1: the loader the host page runs (widget.js) and
// the iframe app (its page, every JS and CSS asset: React and react-dom included). Exits 1 when either is over.

const LOADER_BUDGET_KB = 15;
const APP_BUDGET_KB = 80;

const repoRoot = path.resolve(__dirname, '..');
const dist = path.join(repoRoot, 'web', 'dist');

const gzipKb = (file: string) => zlib.gzipSync(fs.readFileSync(file), { level: 9 }).length / 1024;
const kb = (n: number) => `${n.toFixed(1)} KB`;

async function main() {
  console.log('building the website widget…');
  await buildWidget(repoRoot, 'error');
  const loader = gzipKb(path.join(dist, 'widget.js'));
  const assets = path.join(dist, 'embed', 'assets');
  const appFiles = [
    path.join(dist, 'embed', 'index.html'),
    ...fs
      .readdirSync(assets)
      .filter((f) => /\.(js|css)$/.test(f))
      .map((f) => path.join(assets, f)),
  ].map((file) => ({ file: path.relative(dist, file), gz: gzipKb(file) }));
  const app = appFiles.reduce((sum, f) => sum + f.gz, 0);

  console.log(`\nloader  widget.js               ${kb(loader).padStart(9)}  (budget ${LOADER_BUDGET_KB} KB)`);
  console.log(`app     page, JS and CSS         ${kb(app).padStart(9)}  (budget ${APP_BUDGET_KB} KB)`);
  for (const f of appFiles.sort((a, b) => b.gz - a.gz)) console.log(`  ${kb(f.gz).padStart(9)}  ${f.file}`);

  const failures = [
    ...(loader > LOADER_BUDGET_KB ? [`the loader is ${kb(loader)} gzipped, over its ${LOADER_BUDGET_KB} KB budget`] : []),
    ...(app > APP_BUDGET_KB ? [`the widget app is ${kb(app)} gzipped, over its ${APP_BUDGET_KB} KB budget`] : []),
  ];
  for (const failure of failures) console.error(`FAIL: ${failure}`);
  process.exit(failures.length ? 1 : 0);
}

main().catch((error: unknown) => {
  console.error(error);
  process.exit(1);
});
