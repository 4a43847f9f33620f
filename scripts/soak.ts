import { randomBytes, randomUUID } from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import { parseArgs } from 'node:util';
import { loadConfigOrExit, TEST_STACK_ENV } from '../config/env';
import { addDays, isWeekendDate } from '../domain/time/calendar';
import { toZonedParts } from '../domain/time/zoned-time';
import { interactionIdForProviderCall } from '../lib/ids';
import { createDb } from '../prisma/client';
import { applyMigrations } from '../prisma/migrator';
import { seedDemo, DEMO_ORGANIZATIONS } from '../prisma/seed';
import { buildWebIfStale } from './build-web';
import { startProductProcesses } from './processes';
import { bringUpServers, Supervisor } from './stack';
import { isPortOpen } from './stack/servers';
import { exitWith, logIn } from './stack/http-session';

// `npm run soak`: the product's processes on the test stack of HOMEAGENT_TEST_SLOT under a steady mix of
// calls (Retell's call_started, call_ended and call_analyzed webhooks, fixtures of the repo), the agents'
// tool calls on those live calls, and dashboard reads, for --minutes after a --warmup. Every minute it
// prints each process's memory: PSS and RSS from /proc, and for the Node processes the V8 heap from the
// `process memory` lines they log (PROCESS_MEMORY_LOG_SECONDS). At the end it compares each process with
// itself after the warm-up (median of the first --window samples vs the last) and exits 1 when the worker
// or the API grew more than --max-growth %.
// The servers (PostgreSQL, Kafka, Temporal) are reused when the slot's test stack is up, else started here.

const { values: flags } = parseArgs({
  options: {
    minutes: { type: 'string', default: '30' },
    warmup: { type: 'string', default: '3' },
    'calls-per-second': { type: 'string', default: '1' },
    'tools-per-second': { type: 'string', default: '5' },
    'reads-per-second': { type: 'string', default: '5' },
    'call-seconds': { type: 'string', default: '10' },
    'max-growth': { type: 'string', default: '10' },
    'sample-seconds': { type: 'string', default: '60' },
    window: { type: 'string', default: '5' },
  },
});
const num = (name: keyof typeof flags) => {
  const v = Number(flags[name]);
  if (!Number.isFinite(v) || v < 0) throw new Error(`--${name} must be a number ≥ 0, got ${flags[name]}`);
  return v;
};
const MINUTES = num('minutes');
const WARMUP_MINUTES = num('warmup');
const CALLS_PER_SECOND = num('calls-per-second');
const TOOLS_PER_SECOND = num('tools-per-second');
const READS_PER_SECOND = num('reads-per-second');
const CALL_SECONDS = num('call-seconds');
const MAX_GROWTH = num('max-growth');
const SAMPLE_SECONDS = num('sample-seconds');
const WINDOW = num('window');
/** Requests of one kind still unanswered beyond which the next one is skipped (and counted), so a stalled stack is not buried. */
const MAX_IN_FLIGHT = 64;

const log = (msg: string) => console.log(`[soak] ${new Date().toISOString().slice(11, 19)} ${msg}`);
const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

// ---- memory of the processes, from /proc ---------------------------------------------------------------

const ROLES = ['worker', 'api', 'projectors', 'web', 'postgres', 'kafka', 'temporal'] as const;
type Role = (typeof ROLES)[number];
const NODE_ROLES: Role[] = ['worker', 'api', 'projectors'];

interface Proc {
  pid: string;
  ppid: string;
  cmd: string;
}

function readProcs(): Proc[] {
  const out: Proc[] = [];
  for (const pid of fs.readdirSync('/proc')) {
    if (!/^\d+$/.test(pid)) continue;
    try {
      const stat = fs.readFileSync(`/proc/${pid}/stat`, 'utf8');
      const ppid = stat.slice(stat.lastIndexOf(')') + 2).split(' ')[1];
      out.push({ pid, ppid, cmd: fs.readFileSync(`/proc/${pid}/cmdline`, 'utf8').replace(/\0/g, ' ').trim() });
    } catch {
      /* gone meanwhile */
    }
  }
  return out;
}

function kbOf(file: string, field: string): number {
  try {
    return Number(new RegExp(`^${field}:\\s+(\\d+)`, 'm').exec(fs.readFileSync(file, 'utf8'))?.[1] ?? 0);
  } catch {
    return 0; // another user's process (Postgres run as postgres): its smaps are not ours to read
  }
}

interface Memory {
  pssMb: number;
  rssMb: number;
  pids: number;
}

/**
 * The processes of each role. A product process is tsx's launcher and the Node process running the entry
 * point; the latter is measured. A server is its main process and every child (Postgres's backends).
 */
function findRoles(dataDir: string): Record<Role, string[]> {
  const procs = readProcs();
  const children = new Map<string, string[]>();
  for (const p of procs) children.set(p.ppid, [...(children.get(p.ppid) ?? []), p.pid]);
  const tree = (pid: string): string[] => [pid, ...(children.get(pid) ?? []).flatMap(tree)];
  const entry: Record<string, RegExp> = {
    worker: /worker\/main\.ts/,
    api: /api\/main\.ts/,
    projectors: /worker\/projectors\.main\.ts/,
    web: /vite.* preview --config web\/vite\.config\.ts/,
  };
  const roles = {} as Record<Role, string[]>;
  // Only this run's processes: other checkouts on the host run the same entry points.
  const ours = new Set(tree(String(process.pid)));
  for (const role of ['worker', 'api', 'projectors', 'web'] as const) {
    const mine = procs.filter((p) => ours.has(p.pid) && entry[role].test(p.cmd) && p.cmd.includes('node'));
    // tsx's launcher has a child running the same entry point; the child is the product.
    const leaf = mine.filter((p) => !mine.some((q) => q.ppid === p.pid));
    roles[role] = leaf.map((p) => p.pid);
  }
  const server: Record<string, RegExp> = { postgres: /(^|\/)postgres /, kafka: /kafka\.Kafka/, temporal: /temporal.* server start-dev/ };
  for (const role of ['postgres', 'kafka', 'temporal'] as const) {
    const roots = procs.filter((p) => server[role].test(p.cmd) && p.cmd.includes(dataDir));
    roles[role] = roots.flatMap((p) => tree(p.pid));
  }
  return roles;
}

function memoryOf(pids: string[]): Memory {
  let pss = 0;
  let rss = 0;
  for (const pid of pids) {
    pss += kbOf(`/proc/${pid}/smaps_rollup`, 'Pss');
    rss += kbOf(`/proc/${pid}/status`, 'VmRSS');
  }
  return { pssMb: pss / 1024, rssMb: rss / 1024, pids: pids.length };
}

/** The last `process memory` line a Node process logged: its V8 heap, which /proc cannot tell. */
function lastHeapUsedMb(logFile: string): number | null {
  try {
    const fd = fs.openSync(logFile, 'r');
    const size = fs.fstatSync(fd).size;
    const length = Math.min(size, 256 * 1024);
    const buf = Buffer.alloc(length);
    fs.readSync(fd, buf, 0, length, size - length);
    fs.closeSync(fd);
    const lines = buf.toString('utf8').split('\n').reverse();
    for (const line of lines) {
      if (!line.includes('"process memory"')) continue;
      try {
        return (JSON.parse(line) as { memory: { heapUsedMb: number } }).memory.heapUsedMb;
      } catch {
        continue;
      }
    }
  } catch {
    /* no log yet */
  }
  return null;
}

interface Sample {
  at: number;
  memory: Record<Role, Memory>;
  heapMb: Partial<Record<Role, number | null>>;
}

// ---- load ----------------------------------------------------------------------------------------------

const ADAPTERS = path.join(__dirname, '../activities/voice/adapters/retell/fixtures');
const FIXTURE_CALL_ID = 'call_a4441234567890777c4a4a123e6';
const FIXTURE_FROM = '+13125550142';
const fixtures = Object.fromEntries(
  ['call_started', 'call_ended', 'call_analyzed'].map((name) => [name, fs.readFileSync(path.join(ADAPTERS, `${name}.json`), 'utf8')]),
) as Record<'call_started' | 'call_ended' | 'call_analyzed', string>;

interface LiveCall {
  orgId: string;
  callId: string;
  from: string;
  call: object;
}

type Kind = 'webhook' | 'tool' | 'read';
const counts: Record<Kind, { ok: number; failed: number; skipped: number; inFlight: number; failures: Map<string, number> }> = {
  webhook: { ok: 0, failed: 0, skipped: 0, inFlight: 0, failures: new Map() },
  tool: { ok: 0, failed: 0, skipped: 0, inFlight: 0, failures: new Map() },
  read: { ok: 0, failed: 0, skipped: 0, inFlight: 0, failures: new Map() },
};
const perName = new Map<string, number>();

/** Sends one request of a kind and counts its answer; beyond MAX_IN_FLIGHT of that kind it is skipped. */
function send(kind: Kind, name: string, url: string, init: RequestInit): void {
  const c = counts[kind];
  if (c.inFlight >= MAX_IN_FLIGHT) {
    c.skipped += 1;
    return;
  }
  c.inFlight += 1;
  void fetch(url, { ...init, signal: AbortSignal.timeout(30_000) })
    .then(async (res) => {
      await res.arrayBuffer();
      if (res.status === 200) {
        c.ok += 1;
        perName.set(name, (perName.get(name) ?? 0) + 1);
      } else {
        c.failed += 1;
        c.failures.set(`${name} ${res.status}`, (c.failures.get(`${name} ${res.status}`) ?? 0) + 1);
      }
    })
    .catch((err: Error) => {
      c.failed += 1;
      c.failures.set(`${name} ${err.name}`, (c.failures.get(`${name} ${err.name}`) ?? 0) + 1);
    })
    .finally(() => {
      c.inFlight -= 1;
    });
}

/** Runs `tick` `perSecond` times a second until stopped. */
function every(perSecond: number, tick: () => void): () => void {
  if (perSecond <= 0) return () => undefined;
  const timer = setInterval(tick, 1000 / perSecond);
  return () => clearInterval(timer);
}

function startLoad(base: string, orgs: { orgId: string; timezone: string }[], adminToken: string, cookie: string) {
  const live: LiveCall[] = [];
  const ended: { orgId: string; interactionId: string; at: number }[] = [];
  let callNo = 0;
  let bookingNo = 0;
  const json = { 'content-type': 'application/json' };
  const webhook = (orgId: string, name: keyof typeof fixtures, callId: string, from: string) =>
    send('webhook', name, `${base}/voice-agent/webhook/${orgId}/retell`, {
      method: 'POST',
      headers: json,
      body: fixtures[name].split(FIXTURE_CALL_ID).join(callId).split(FIXTURE_FROM).join(from),
    });

  const stopCalls = every(CALLS_PER_SECOND, () => {
    callNo += 1;
    const org = orgs[callNo % orgs.length];
    const callId = `call_soak_${randomBytes(8).toString('hex')}`;
    const from = `+1312555${String(1000 + (callNo % 9000)).padStart(4, '0')}`;
    const call = (JSON.parse(fixtures.call_started.split(FIXTURE_CALL_ID).join(callId).split(FIXTURE_FROM).join(from)) as { call: object }).call;
    const lc: LiveCall = { orgId: org.orgId, callId, from, call };
    live.push(lc);
    webhook(org.orgId, 'call_started', callId, from);
    setTimeout(() => {
      live.splice(live.indexOf(lc), 1);
      webhook(org.orgId, 'call_ended', callId, from);
      setTimeout(() => webhook(org.orgId, 'call_analyzed', callId, from), 1000);
      ended.push({ orgId: org.orgId, interactionId: interactionIdForProviderCall(org.orgId, 'retell', callId), at: Date.now() });
      if (ended.length > 500) ended.shift();
    }, CALL_SECONDS * 1000);
  });

  // The tools an agent calls on a live call, in the proportions of a booking conversation.
  const weekday = (org: { timezone: string }, nth: number) => {
    let date = addDays(toZonedParts(new Date(), org.timezone).date, 3);
    for (let seen = -1; ; date = addDays(date, 1)) {
      if (!isWeekendDate(date)) seen += 1;
      if (seen === nth) return date;
    }
  };
  const stopTools = every(TOOLS_PER_SECOND, () => {
    const lc = live[Math.floor(Math.random() * live.length)];
    if (!lc) return;
    const org = orgs.find((o) => o.orgId === lc.orgId)!;
    const r = Math.random();
    let name: string;
    let args: object;
    if (r < 0.4) {
      name = 'get_capacity';
      args = {
        time_to_check: `${weekday(org, Math.floor(Math.random() * 20))}T10:00:00`,
        job_type_id: '101',
        business_unit: '1',
        priority: 3,
        execution_message: 'Checking',
      };
    } else if (r < 0.7) {
      name = 'check_customer';
      args = { phoneNumber: lc.from };
    } else if (r < 0.9) {
      name = 'check_address';
      args = { previouslyCalled: false, zipcode: '78701' };
    } else {
      // Bookings spread over 60 weekdays and the day's hours, so the sandbox's capacity lasts the run.
      bookingNo += 1;
      name = 'create_action_job_booking';
      args = {
        appointment_time: `${weekday(org, bookingNo % 60)}T${String(8 + (Math.floor(bookingNo / 60) % 8)).padStart(2, '0')}:00:00`,
        job_type_id: '101',
        business_unit_id: '1',
        address: '14 Elm Road, Springfield, TX 78702',
        is_emergency_slot: false,
        full_name: `Soak Caller ${bookingNo}`,
        phone_number: lc.from,
      };
    }
    send('tool', name, `${base}/voice-agent/tool/${lc.orgId}`, {
      method: 'POST',
      headers: { ...json, authorization: `Bearer ${adminToken}` },
      body: JSON.stringify({ name, args, call: lc.call }),
    });
  });

  // What the dashboard asks for: the call log, a call's details, the settings pages.
  let readNo = 0;
  const stopReads = every(READS_PER_SECOND, () => {
    readNo += 1;
    const org = orgs[readNo % orgs.length];
    const headers = { ...json, cookie };
    const kind = readNo % 5;
    if (kind === 0 || kind === 1) {
      send('read', 'call_logs', `${base}/call/logs`, {
        method: 'POST',
        headers,
        body: JSON.stringify({ orgId: org.orgId, currentAgents: 'ALL', page: 1 + (readNo % 3), pageSize: 50 }),
      });
    } else if (kind === 2) {
      // A call that ended a minute ago, so its row is in the read model unless the pipeline is behind (then a 404).
      const done = ended.filter((e) => e.orgId === org.orgId && Date.now() - e.at > 60_000);
      const pick = done[Math.floor(Math.random() * done.length)];
      if (pick) send('read', 'call_details', `${base}/call/retrieve`, { method: 'POST', headers, body: JSON.stringify({ callId: pick.interactionId }) });
      else send('read', 'org', `${base}/org?id=${org.orgId}`, { headers });
    } else if (kind === 3) {
      send('read', 'org', `${base}/org?id=${org.orgId}`, { headers });
    } else {
      send(
        'read',
        readNo % 2 ? 'availability' : 'voice_platforms',
        readNo % 2 ? `${base}/org/availability?orgId=${org.orgId}` : `${base}/org/${org.orgId}/voice-platforms`,
        {
          headers,
        },
      );
    }
  });

  return {
    calls: () => callNo,
    stop() {
      stopCalls();
      stopTools();
      stopReads();
    },
  };
}

// ---- the run -------------------------------------------------------------------------------------------

const fmtMb = (v: number | null | undefined) => (v == null ? '     -' : v.toFixed(0).padStart(6));

function printSample(s: Sample, started: number) {
  const minute = ((s.at - started) / 60_000).toFixed(1);
  const cells = ROLES.map((r) => {
    const m = s.memory[r];
    const heap = NODE_ROLES.includes(r) ? `/${fmtMb(s.heapMb[r]).trim()}` : '';
    return `${r} ${m.pssMb.toFixed(0)}/${m.rssMb.toFixed(0)}${heap}`;
  });
  const c = counts;
  console.log(
    `[soak] min ${minute.padStart(5)}  ${cells.join('  ')}  | webhooks ${c.webhook.ok}(${c.webhook.failed}✗) tools ${c.tool.ok}(${c.tool.failed}✗) reads ${c.read.ok}(${c.read.failed}✗)`,
  );
}

async function main(): Promise<number> {
  const adminToken = `soak-admin-${randomUUID()}`;
  const env = { ...process.env, ...TEST_STACK_ENV, ADMIN_API_TOKEN: adminToken, PROCESS_MEMORY_LOG_SECONDS: '15' };
  const config = loadConfigOrExit(env);
  const slot = process.env.HOMEAGENT_TEST_SLOT ?? '0';
  if (await isPortOpen(config.API_PORT))
    throw new Error(`an API already listens on ${config.API_PORT} (slot ${slot}): stop it or pick another HOMEAGENT_TEST_SLOT`);
  let servers: Supervisor | null = null;
  if (await isPortOpen(config.POSTGRES_PORT)) log(`using the test stack already up on slot ${slot}`);
  else {
    log(`starting the test stack of slot ${slot}`);
    fs.rmSync(config.HOMEAGENT_DATA_DIR, { recursive: true, force: true });
    servers = (await bringUpServers(config, log)).sup;
  }
  const product = new Supervisor();
  const logsDir = path.join(config.HOMEAGENT_DATA_DIR, `soak-logs-${new Date().toISOString().replace(/[:.]/g, '-')}`);
  fs.mkdirSync(logsDir, { recursive: true });
  let stopping = false;
  const stopAll = async () => {
    stopping = true;
    await product.stopAll();
    if (servers) await servers.stopAll();
  };
  process.once('SIGINT', () => void stopAll().then(() => process.exit(130)));
  product.onUnexpectedExit = (name, code) => {
    if (!stopping) log(`${name} exited unexpectedly (code ${code}); see ${logsDir}`);
  };
  try {
    await applyMigrations(config.databaseUrl);
    await buildWebIfStale(config.repoRoot, log);
    await startProductProcesses(config, product, env, { logToFiles: logsDir });
    const db = createDb(config.databaseUrl);
    // The seed waits a minute for the projectors. On a busy machine Kafka's group coordinator can be slower
    // than their consumers' retries, which then give up for good: start them again once, then seed again.
    const { orgs } = await seedDemo(config, db).catch(async (err: Error) => {
      log(`${err.message}; restarting the projectors and seeding again`);
      await product.stop('projectors');
      product.start({
        name: 'projectors',
        cmd: path.join(config.repoRoot, 'node_modules', '.bin', 'tsx'),
        args: ['worker/projectors.main.ts'],
        logFile: path.join(logsDir, 'projectors.log'),
        cwd: config.repoRoot,
        env,
      });
      return seedDemo(config, db);
    });
    await db.$disconnect();
    const base = `http://${config.API_HOST}:${config.API_PORT}`;
    const cookie = await logIn(base, config.DEMO_ADMIN_EMAIL, config.DEMO_ADMIN_PASSWORD);
    const targets = orgs.map((o) => ({ orgId: o.orgId, timezone: DEMO_ORGANIZATIONS.find((d) => d.slug === o.slug)!.timezone }));
    log(
      `stack up; load ${CALLS_PER_SECOND} call/s (${CALL_SECONDS} s each), ${TOOLS_PER_SECOND} tool calls/s, ${READS_PER_SECOND} reads/s; ` +
        `warm-up ${WARMUP_MINUTES} min, then ${MINUTES} min; logs in ${logsDir}`,
    );
    log('memory per process: PSS/RSS MB, and /V8 heap used MB for the Node processes');

    const sample = (): Sample => {
      const roles = findRoles(config.HOMEAGENT_DATA_DIR);
      const memory = Object.fromEntries(ROLES.map((r) => [r, memoryOf(roles[r])])) as Record<Role, Memory>;
      const heapMb = Object.fromEntries(NODE_ROLES.map((r) => [r, lastHeapUsedMb(path.join(logsDir, `${r}.log`))]));
      return { at: Date.now(), memory, heapMb };
    };
    const started = Date.now();
    const load = startLoad(base, targets, adminToken, cookie);
    const samples: Sample[] = [sample()];
    printSample(samples[0], started);
    const warmupEnd = started + WARMUP_MINUTES * 60_000;
    const end = warmupEnd + MINUTES * 60_000;
    let baseline: Sample | null = null;
    let countsAtWarmup = { calls: 0, webhooks: 0, tools: 0, reads: 0 };
    // A sample every SAMPLE_SECONDS, one at the end of the warm-up (the baseline) and one at the end.
    const times = new Set<number>([warmupEnd, end]);
    for (let t = started + SAMPLE_SECONDS * 1000; t < end; t += SAMPLE_SECONDS * 1000) times.add(t);
    for (const due of [...times].sort((a, b) => a - b)) {
      await sleep(Math.max(0, due - Date.now()));
      const s = sample();
      samples.push(s);
      printSample(s, started);
      if (due === warmupEnd) {
        baseline = s;
        countsAtWarmup = { calls: load.calls(), webhooks: counts.webhook.ok, tools: counts.tool.ok, reads: counts.read.ok };
        log('warm-up over: the end is compared with the line above');
      }
    }
    load.stop();
    await sleep(5000);
    const last = samples[samples.length - 1];
    const measured = {
      calls: load.calls() - countsAtWarmup.calls,
      webhooks: counts.webhook.ok - countsAtWarmup.webhooks,
      tools: counts.tool.ok - countsAtWarmup.tools,
      reads: counts.read.ok - countsAtWarmup.reads,
    };
    // A single sample can land on a burst of work or a collection, so one sample is compared with another only
    // for show: the verdict compares the median of the first WINDOW samples from the end of the warm-up on with
    // the median of the last WINDOW.
    const after = samples.filter((x) => x.at >= baseline!.at);
    const window = Math.max(1, Math.min(WINDOW, Math.floor(after.length / 2)));
    const median = (xs: number[]) => [...xs].sort((p, q) => p - q)[Math.floor((xs.length - 1) / 2)];
    const pct = (a: number, b: number) => (a > 0 ? ((b - a) / a) * 100 : NaN);
    const signed = (v: number) => `${v >= 0 ? '+' : ''}${v.toFixed(1)}%`;
    console.log(`\n[soak] memory after the warm-up vs at the end, ${MINUTES} min apart (PSS MB; median of ${window} samples each; single samples; peak)`);
    console.log('process      median: after warm-up → end   change   | sample: after warm-up (RSS, heap) → end (RSS, heap)   change   | peak');
    let failed = false;
    for (const r of ROLES) {
      const first = median(after.slice(0, window).map((x) => x.memory[r].pssMb));
      const end = median(after.slice(-window).map((x) => x.memory[r].pssMb));
      const change = pct(first, end);
      const a = baseline!.memory[r];
      const b = last.memory[r];
      const cell = (m: Memory, heap: number | null | undefined) =>
        `${m.pssMb.toFixed(0)} (${m.rssMb.toFixed(0)}${NODE_ROLES.includes(r) ? `, ${fmtMb(heap).trim()}` : ''})`;
      const judged = r === 'worker' || r === 'api';
      const over = judged && !(change <= MAX_GROWTH);
      failed ||= over;
      const peak = Math.max(...after.map((x) => x.memory[r].pssMb));
      console.log(
        `${r.padEnd(12)} ${`${first.toFixed(0)} → ${end.toFixed(0)}`.padEnd(23)} ${signed(change).padStart(7)}   | ${`${cell(a, baseline!.heapMb[r])} → ${cell(b, last.heapMb[r])}`.padEnd(44)} ${signed(pct(a.pssMb, b.pssMb)).padStart(7)}   | ${peak.toFixed(0)}${over ? `   over ${MAX_GROWTH}%` : ''}`,
      );
    }
    console.log(
      `\n[soak] after warm-up: ${measured.calls} calls (${measured.webhooks} webhooks answered), ${measured.tools} tool calls, ${measured.reads} dashboard reads answered 200`,
    );
    for (const [kind, c] of Object.entries(counts)) {
      const failures = [...c.failures.entries()].map(([k, n]) => `${k} ×${n}`).join(', ');
      console.log(`[soak] ${kind}: ${c.ok} ok, ${c.failed} failed${failures ? ` (${failures})` : ''}, ${c.skipped} skipped (over ${MAX_IN_FLIGHT} in flight)`);
    }
    console.log(`[soak] answered by name: ${[...perName.entries()].map(([k, n]) => `${k} ${n}`).join(', ')}`);
    console.log(failed ? `[soak] FAILED: the worker or the API grew more than ${MAX_GROWTH}%` : `[soak] passed: the worker and the API within ${MAX_GROWTH}%`);
    return failed ? 1 : 0;
  } finally {
    await stopAll();
  }
}

exitWith(main);
