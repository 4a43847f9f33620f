import fs from 'node:fs';
import { loadConfigOrExit } from '../config/env';

// `npm run bench:memory`: the memory the running stack holds (PSS, so shared pages are not counted
// twice), per process and in total. Start the stack first (`npm start`), let it go idle, then run this.
const config = loadConfigOrExit();
const markers = [config.repoRoot, config.HOMEAGENT_CACHE_DIR, config.HOMEAGENT_DATA_DIR];

function pssKb(pid: string): number {
  try {
    const rollup = fs.readFileSync(`/proc/${pid}/smaps_rollup`, 'utf8');
    return Number(/^Pss:\s+(\d+)/m.exec(rollup)?.[1] ?? 0);
  } catch {
    return 0;
  }
}

const rows: { pid: string; kb: number; cmd: string }[] = [];
for (const pid of fs.readdirSync('/proc').filter((d) => /^\d+$/.test(d))) {
  let cmd = '';
  try {
    cmd = fs.readFileSync(`/proc/${pid}/cmdline`, 'utf8').replace(/\0/g, ' ').trim();
  } catch {
    continue;
  }
  const isPostgresChild = /^postgres: /.test(cmd) && fs.readFileSync(`/proc/${pid}/status`, 'utf8').includes('postgres');
  if (!markers.some((m) => cmd.includes(m)) && !isPostgresChild) continue;
  if (pid === String(process.pid)) continue;
  rows.push({ pid, kb: pssKb(pid), cmd: cmd.slice(0, 100) });
}
rows.sort((a, b) => b.kb - a.kb);
for (const r of rows) console.log(`${(r.kb / 1024).toFixed(1).padStart(8)} MB  ${r.cmd}`);
console.log(`${(rows.reduce((s, r) => s + r.kb, 0) / 1024).toFixed(1).padStart(8)} MB  total PSS of ${rows.length} processes`);
