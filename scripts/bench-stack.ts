import fs from 'node:fs';

// `npm run bench:memory`: the memory the running stack holds (PSS, so shared pages are not counted
// twice), per process and in total. Start the stack first (`npm start`), let it go idle, then run this.

function pssKb(pid: string): number {
  try {
    const rollup = fs.readFileSync(`/proc/${pid}/smaps_rollup`, 'utf8');
    return Number(/^Pss:\s+(\d+)/m.exec(rollup)?.[1] ?? 0);
  } catch {
    return 0;
  }
}

function parentOf(pid: string): string | null {
  try {
    // /proc/<pid>/stat: "pid (comm) state ppid ...", comm may contain spaces.
    const stat = fs.readFileSync(`/proc/${pid}/stat`, 'utf8');
    return stat.slice(stat.lastIndexOf(')') + 2).split(' ')[1];
  } catch {
    return null;
  }
}

function cmdline(pid: string): string {
  try {
    return fs.readFileSync(`/proc/${pid}/cmdline`, 'utf8').replace(/\0/g, ' ').trim();
  } catch {
    return '';
  }
}

// The stack is `npm start`'s process tree: scripts/start.ts and everything under it.
const pids = fs.readdirSync('/proc').filter((d) => /^\d+$/.test(d));
const roots = pids.filter((pid) => /tsx.* scripts\/start\.ts/.test(cmdline(pid)));
if (roots.length === 0) {
  console.error('No running `npm start` found: start the stack first.');
  process.exit(1);
}
const inTree = new Set(roots);
let grew = true;
while (grew) {
  grew = false;
  for (const pid of pids) {
    const parent = parentOf(pid);
    if (!inTree.has(pid) && parent && inTree.has(parent)) {
      inTree.add(pid);
      grew = true;
    }
  }
}

const rows = [...inTree].map((pid) => ({ pid, kb: pssKb(pid), cmd: cmdline(pid).slice(0, 100) })).filter((r) => r.kb > 0);
rows.sort((a, b) => b.kb - a.kb);
for (const r of rows) console.log(`${(r.kb / 1024).toFixed(1).padStart(8)} MB  ${r.cmd}`);
console.log(`${(rows.reduce((s, r) => s + r.kb, 0) / 1024).toFixed(1).padStart(8)} MB  total PSS of ${rows.length} processes`);

// Issue 16 point 5: the whole stack within 1.2 GB at idle.
const BUDGET_MB = Number(process.env.MEMORY_BUDGET_MB ?? 1200);
const totalMb = rows.reduce((s, r) => s + r.kb, 0) / 1024;
console.log(`${BUDGET_MB.toFixed(1).padStart(8)} MB  budget: ${totalMb <= BUDGET_MB ? 'within' : 'OVER'}`);
if (totalMb > BUDGET_MB) process.exitCode = 1;
