import { randomUUID } from 'node:crypto';
import { readdirSync, readFileSync } from 'node:fs';
import type { AddressInfo } from 'node:net';
import { cpus, loadavg } from 'node:os';
import { join } from 'node:path';
import { performance } from 'node:perf_hooks';
import express from 'express';
import { Client, Pool } from 'pg';
import { bundleWorkflowCode, NativeConnection, Worker } from '@temporalio/worker';
import { temporal } from '@temporalio/proto';
import { createInteractionRepository } from '../events/projections/interactions/interactions.repository';
import { listenToInteractionChanges } from '../events/projections/interactions/interaction-changes';
import { interactionIdForProviderCall } from '../lib/ids';
import { createLogger } from '../lib/logger';
import { callLogsFilterOf, decodeCallLogsCursor, encodeCallLogsCursor } from '../api/routes/calls/call-logs.route';
import { listRangeInZone } from '../domain/time/zoned-time';
import { createApp } from '../api/app';
import { startProductHarness, type ProductHarness } from '../tests/support/product-harness';
import { logIn, startOnboarding } from './stack/http-session';
import { workerOptions } from '../worker/create-worker';
import { workflowIds } from '../domain/run/workflow-ids';
import { floorActivities } from './bench/floor.activities';
import { percentile } from './bench/stats';

// `npm run bench:calls`: the two figures of issue 3 on this machine, against the real servers of the
// test stack (start them first with `npm run test:stack`). The whole product runs in this one process
// (API, worker, projectors), so the figures are a floor for a deployment that splits them.
//
//  1. Call-ended webhook → the classified interaction in the read model `/call/logs` serves: p50/p95 at
//     steady rates, and the highest rate whose calls all finish within BENCH_SLA_MS of their webhook.
//  2. `/call/logs` (page of 200 with statusCounts) over one million interactions, through HTTP, beside a
//     hand-written SQL query for the same page measured in the same run, and beside the HTTP floor: a bare express
//     route answering the same body's bytes to the same client.
//
//     Beside it, the engine's floor (issue 16 point 1): a bare workflow with as many sequential no-op activities as
//     the pipeline's round trips (read from one call's history, or BENCH_FLOOR_ACTIVITIES), at the same rates.
//
// Tunables: BENCH_RATES (calls/s, default "5,10,20,25,30"), BENCH_SECONDS per rate (20), BENCH_SLA_MS (2000),
// BENCH_ROWS (1000000), BENCH_LOG_REQUESTS (300 per case and round: the route's, the SQL's and the floor's interleaved,
// so the box's load falls on all three alike), BENCH_LOG_ROUNDS (2: each case measured again after the others, for the
// spread on a shared box), BENCH_LOG_CASES (words of the case labels to run, comma-separated: "all time,cursor"),
// BENCH_SKIP (pipeline|logs), BENCH_EXPLAIN=1 (print each case's hand-written SQL's plan, EXPLAIN (ANALYZE, BUFFERS),
// before the rounds).

const env = (name: string, fallback: string) => process.env[name] ?? fallback;
const RATES = env('BENCH_RATES', '5,10,20,25,30').split(',').map(Number);
const SECONDS = Number(env('BENCH_SECONDS', '20'));
const SLA_MS = Number(env('BENCH_SLA_MS', '2000'));
const ROWS = Number(env('BENCH_ROWS', '1000000'));
const LOG_REQUESTS = Number(env('BENCH_LOG_REQUESTS', '300'));
const LOG_ROUNDS = Number(env('BENCH_LOG_ROUNDS', '2'));
const SKIP = env('BENCH_SKIP', '');
const LOG_CASES = env('BENCH_LOG_CASES', '');
const EXPLAIN = env('BENCH_EXPLAIN', '') === '1';

const FIXTURE = readFileSync(join(__dirname, '../activities/voice/adapters/retell/fixtures/call_ended.json'), 'utf8');
const FIXTURE_CALL_ID = 'call_a4441234567890777c4a4a123e6';

const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

const ms = (v: number) => `${v.toFixed(1)} ms`;

interface Session {
  base: string;
  orgId: string;
  cookie: string;
}

async function onboard(h: ProductHarness, base: string): Promise<Session> {
  const { workflowId, email, password } = await startOnboarding(base, h.adminToken, {
    label: 'bench',
    name: 'Bench HVAC',
    timezone: 'America/Chicago',
    trades: ['HVAC'],
    crm: 'NONE',
  });
  const result = (await h.client.workflow.getHandle(workflowId).result()) as { orgId: string };
  const cookie = await logIn(base, email, password);
  return { base, orgId: result.orgId, cookie };
}

interface RateRow {
  rate: number;
  total: number;
  latencies: number[];
  achieved: number;
  withinSla: number;
  /** CPU time this process (API, worker, projectors, bench) spent per item while the rate ran. */
  cpuMsPerItem: number;
  /** Statements sent to PostgreSQL per item while the rate ran. */
  statementsPerItem: number;
  /** CPU time the Temporal server spent per item while the rate ran (from /proc; NaN when it is not found). */
  serverCpuMsPerItem: number;
}

/**
 * The Temporal dev server of this stack (its frontend port is TEMPORAL_ADDRESS's), found in /proc, so a row can show
 * the server's CPU beside the process's: other stacks on the box run the same binary on other ports.
 */
let temporalServerPid: number | null | undefined;
function findTemporalServer(address: string): number | null {
  if (temporalServerPid !== undefined) return temporalServerPid;
  const port = address.split(':').at(-1);
  temporalServerPid = null;
  for (const entry of readdirSync('/proc')) {
    if (!/^\d+$/.test(entry)) continue;
    try {
      const args = readFileSync(`/proc/${entry}/cmdline`, 'utf8').split('\0');
      if (args.some((a) => a.endsWith('/temporal')) && args.includes('start-dev') && args[args.indexOf('--port') + 1] === port) {
        temporalServerPid = Number(entry);
        break;
      }
    } catch {
      // a process that ended while the list was read
    }
  }
  return temporalServerPid;
}

/** A process's user + system CPU in ms, from /proc/<pid>/stat (clock ticks of 10 ms on Linux). */
function processCpuMs(pid: number | null): number {
  if (pid === null) return NaN;
  try {
    const stat = readFileSync(`/proc/${pid}/stat`, 'utf8');
    const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
    return (Number(fields[11]) + Number(fields[12])) * 10;
  } catch {
    return NaN;
  }
}
let serverAddress = '';

/**
 * Statements this process sends to PostgreSQL (Prisma's adapter, the pg pool under it, the projectors): every pg client
 * query is counted, so a row can show the statements per call (BEGIN and COMMIT included).
 */
let statements = 0;
// BENCH_STATEMENTS=1 also tallies them by their text, printed after each pipeline row (what a call's statements are).
const tallyStatements = env('BENCH_STATEMENTS', '') === '1';
const statementTexts = new Map<string, number>();
const clientQuery = Client.prototype.query;
Client.prototype.query = function countedQuery(this: Client, ...args: unknown[]) {
  statements += 1;
  if (tallyStatements) {
    const first = args[0] as string | { text?: string };
    const text = (typeof first === 'string' ? first : (first?.text ?? '?')).replace(/\s+/g, ' ').slice(0, 110);
    statementTexts.set(text, (statementTexts.get(text) ?? 0) + 1);
  }
  return (clientQuery as (...a: unknown[]) => unknown).apply(this, args);
} as typeof Client.prototype.query;

/**
 * Fires `total` items at `rate` per second, each `fire` resolving true once the item is done (false: given up), and
 * measures each from its firing to its end.
 */
async function paced(rate: number, fire: (i: number) => Promise<boolean>): Promise<RateRow> {
  const total = Math.max(1, Math.round(rate * SECONDS));
  const latencies: number[] = [];
  const finishes: Promise<void>[] = [];
  const start = performance.now();
  const cpuBefore = process.cpuUsage();
  const serverPid = findTemporalServer(serverAddress);
  const serverCpuBefore = processCpuMs(serverPid);
  const statementsBefore = statements;
  let lastDone = start;
  for (let i = 0; i < total; i++) {
    const wait = start + (i * 1000) / rate - performance.now();
    if (wait > 0) await sleep(wait);
    const sent = performance.now();
    finishes.push(
      fire(i).then((done) => {
        if (!done) return;
        lastDone = performance.now();
        latencies.push(lastDone - sent);
      }),
    );
  }
  await Promise.all(finishes);
  const cpu = process.cpuUsage(cpuBefore);
  const serverCpu = processCpuMs(serverPid) - serverCpuBefore;
  latencies.sort((a, b) => a - b);
  return {
    rate,
    total,
    latencies,
    achieved: latencies.length / ((lastDone - start) / 1000),
    withinSla: latencies.filter((l) => l <= SLA_MS).length,
    cpuMsPerItem: (cpu.user + cpu.system) / 1000 / total,
    serverCpuMsPerItem: serverCpu / total,
    statementsPerItem: (statements - statementsBefore) / total,
  };
}

const load = () =>
  loadavg()
    .map((l) => l.toFixed(1))
    .join(' ');

function rateLine(what: string, r: RateRow): string {
  const p = (q: number) => ms(percentile(r.latencies, q)).padStart(9);
  return `   ${what.padEnd(8)} ${String(r.rate).padStart(6)}  ${String(r.total).padStart(4)}  ${String(r.latencies.length).padStart(4)}  ${r.achieved.toFixed(1).padStart(10)}  ${p(50)} ${p(95)} ${ms(r.latencies.at(-1) ?? NaN).padStart(9)}  ${`${r.withinSla}/${r.total}`.padStart(10)}  ${r.cpuMsPerItem.toFixed(0).padStart(11)}  ${r.serverCpuMsPerItem.toFixed(0).padStart(10)}  ${r.statementsPerItem.toFixed(0).padStart(10)}   ${load()}`;
}

/**
 * Sends one call and reads its workflow's history: the floor makes as many sequential activity round trips as the
 * pipeline's workflow tasks that scheduled activities (activities scheduled together count once).
 */
async function pipelineRoundTrips(h: ProductHarness, s: Session, send: (callId: string) => Promise<() => Promise<boolean>>): Promise<number> {
  const callId = `call_bench_warmup_${randomUUID().slice(0, 8)}`;
  const wait = await send(callId);
  if (!(await wait())) throw new Error('the warm-up call was never classified');
  const handle = h.client.workflow.getHandle(workflowIds.interaction('retell', callId));
  await handle.result();
  const history = await handle.fetchHistory();
  const { events } = history;
  const bytes = temporal.api.history.v1.History.encode(history).finish().length;
  console.log(`   one call's workflow history: ${events?.length ?? 0} events, ${(bytes / 1024).toFixed(1)} KiB`);
  const rounds = new Set<string>();
  for (const e of events ?? []) {
    const scheduled = e.activityTaskScheduledEventAttributes;
    if (scheduled) rounds.add(String(scheduled.workflowTaskCompletedEventId));
  }
  return rounds.size;
}

async function startFloorWorker(h: ProductHarness) {
  const connection = await NativeConnection.connect({ address: h.config.TEMPORAL_ADDRESS });
  const taskQueue = `${h.taskQueuePrefix}bench-floor`;
  const worker = await Worker.create({
    connection,
    namespace: h.config.TEMPORAL_NAMESPACE,
    taskQueue,
    workflowBundle: await bundleWorkflowCode({ workflowsPath: require.resolve('./bench/floor.workflow'), logger: quietLogger }),
    activities: floorActivities,
    // The interaction queue's settings, as createWorkers gives them.
    ...workerOptions('interaction', h.config),
  });
  const running = worker.run();
  return {
    taskQueue,
    async stop() {
      worker.shutdown();
      await running;
      await connection.close();
    },
  };
}

const quietLogger = {
  log: () => undefined,
  trace: () => undefined,
  debug: () => undefined,
  info: () => undefined,
  warn: () => undefined,
  error: () => undefined,
};

async function pipelineBench(h: ProductHarness, s: Session) {
  serverAddress = h.config.TEMPORAL_ADDRESS;
  // Calls wait here until the read model shows them classified. The interactions projection NOTIFYs each change of
  // a call's row in the transaction that writes it (what the live calls page hears), so the bench listens instead of
  // polling: a poll from this process would add its own CPU to the pipeline's figure. A slow poll (1 s) backs it up.
  const pending = new Map<string, { resolve: (done: boolean) => void; since: number }>();
  const byInteraction = new Map<string, string>();
  const finish = (callId: string) => {
    pending.get(callId)?.resolve(true);
    pending.delete(callId);
    byInteraction.delete(interactionIdForProviderCall(s.orgId, 'retell', callId));
  };
  let lastProgress = performance.now();
  const listener = listenToInteractionChanges({
    databaseUrl: h.tdb.url,
    logger: createLogger('bench-calls', 'silent'),
    onChange: (change) => {
      // Classified: ended, and past PROCESSING (STARTED is the row before the end was projected).
      if (change.orgId !== s.orgId || !change.ended || change.callStatus === 'PROCESSING') return;
      const callId = byInteraction.get(change.interactionId);
      if (callId) {
        finish(callId);
        lastProgress = performance.now();
      }
    },
    onResync: () => undefined,
  });
  await listener.ready;
  let polling = true;
  const poller = (async () => {
    const interactions = createInteractionRepository(h.tdb.db);
    while (polling) {
      if (pending.size > 0) {
        const done = await interactions.finishedProviderCallIds(s.orgId, [...pending.keys()]);
        const now = performance.now();
        for (const id of done) finish(id);
        if (done.length > 0) lastProgress = now;
        // Stuck: give up on calls that saw no progress anywhere for a long while.
        for (const [id, p] of pending) {
          if (now - Math.max(p.since, lastProgress) > Math.max(SLA_MS * 3, 60_000)) {
            p.resolve(false);
            pending.delete(id);
          }
        }
      }
      await sleep(1000);
    }
  })();
  const send = async (callId: string) => {
    const finished = new Promise<boolean>((resolve) => pending.set(callId, { resolve, since: performance.now() }));
    byInteraction.set(interactionIdForProviderCall(s.orgId, 'retell', callId), callId);
    const r = await fetch(`${s.base}/voice-agent/webhook/${s.orgId}/retell`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: FIXTURE.split(FIXTURE_CALL_ID).join(callId),
    });
    if (r.status !== 200) throw new Error(`webhook answered ${r.status}: ${await r.text()}`);
    return () => finished;
  };

  const floor = await startFloorWorker(h);
  try {
    const rounds = Number(env('BENCH_FLOOR_ACTIVITIES', '0')) || (await pipelineRoundTrips(h, s, send));
    console.log(
      `\n1. Call-ended webhook → classified interaction in the call-logs read model (offline engine, ${SECONDS} s per rate), beside the floor:` +
        `\n   a bare workflow of ${rounds} sequential no-op activities (the pipeline's round trips) started by the client and run to its end,` +
        `\n   same Temporal server, the interaction queue's worker settings, same rates (SLA ${SLA_MS} ms)`,
    );
    console.log('   run      rate/s  sent  done  achieved/s      p50       p95       max  within SLA  CPU ms/call  server CPU  statements   load avg 1/5/15');
    const rows: { floor: RateRow; pipeline: RateRow }[] = [];
    for (const rate of RATES) {
      const floorRow = await paced(rate, async (i) => {
        const handle = await h.client.workflow.start('floorWorkflow', {
          taskQueue: floor.taskQueue,
          workflowId: `bench-floor-${rate}-${i}-${randomUUID().slice(0, 8)}`,
          args: [rounds],
        });
        await handle.result();
        return true;
      });
      console.log(rateLine('floor', floorRow));
      await sleep(2000); // let the worker go idle between steps
      statementTexts.clear();
      const pipelineRow = await paced(rate, async (i) => (await send(`call_bench_${rate}_${i}_${randomUUID().slice(0, 8)}`))());
      console.log(rateLine('pipeline', pipelineRow));
      if (tallyStatements) {
        for (const [text, n] of [...statementTexts].sort((a, b) => b[1] - a[1]).slice(0, 40)) {
          console.log(`     ${(n / pipelineRow.total).toFixed(2).padStart(6)}/call  ${text}`);
        }
      }
      const ratio = percentile(pipelineRow.latencies, 95) / percentile(floorRow.latencies, 95);
      console.log(`   p95 pipeline / floor at ${rate}/s: ${ratio.toFixed(2)}×`);
      rows.push({ floor: floorRow, pipeline: pipelineRow });
      await sleep(2000);
    }
    const highest = (pick: (r: { floor: RateRow; pipeline: RateRow }) => RateRow) =>
      Math.max(
        0,
        ...rows
          .map(pick)
          .filter((r) => r.withinSla === r.total)
          .map((r) => r.rate),
      );
    const [pipelineHighest, floorHighest] = [highest((r) => r.pipeline), highest((r) => r.floor)];
    console.log(
      `   highest rate with every call classified within ${SLA_MS / 1000} s: pipeline ${pipelineHighest || 'none of'} calls/s, floor ${floorHighest || 'none of'} workflows/s` +
        (pipelineHighest > 0 ? ` (floor / pipeline ${(floorHighest / pipelineHighest).toFixed(2)}×; the highest rate tried was ${Math.max(...RATES)}/s)` : ''),
    );
  } finally {
    polling = false;
    await poller;
    await listener.stop();
    await floor.stop();
  }
}

async function seedInteractions(url: string, orgId: string) {
  const pg = new Client({ connectionString: url });
  await pg.connect();
  const others = Array.from({ length: 9 }, () => randomUUID());
  const started = performance.now();
  const chunk = 100_000;
  // Half the rows belong to the measured organization (a very large contractor), the rest to nine others.
  for (let from = 1; from <= ROWS; from += chunk) {
    const to = Math.min(ROWS, from + chunk - 1);
    await pg.query(
      `INSERT INTO interactions (id, call_id, org_id, provider, provider_call_id, agent_type, direction, call_status,
         started_at, ended_at, duration_seconds, customer_number, customer_name, tags, created_at, updated_at, search_text)
       SELECT gen_random_uuid(), gen_random_uuid(),
              CASE WHEN g % 2 = 0 THEN $1::uuid ELSE ($2::uuid[])[1 + (g / 2) % 9] END,
              'retell', 'bench_' || g,
              (ARRAY['RECEPTIONIST','OUTBOUND','CSR'])[1 + g % 3], 'inbound',
              (ARRAY['BOOKED','UNBOOKED','EXCUSED','ABANDONED','NOT_LEAD','UNBOOKED','BOOKED'])[1 + g % 7],
              ts, ts + interval '3 minutes', 180, n, 'Caller ' || g,
              ARRAY['booked'], ts, ts, lower('Caller ' || g) || ' ' || n || ' ' || substr(n, 2)
       FROM generate_series($3::int, $4::int) AS g,
            LATERAL (SELECT now() - (g * interval '30 seconds') AS ts, '+1312555' || lpad((g % 10000)::text, 4, '0') AS n) t`,
      [orgId, others, from, to],
    );
  }
  // The rows bypassed the projection, so their status counts are summed as the migration sums recorded calls.
  await pg.query('DELETE FROM interaction_status_counts');
  await pg.query(
    `INSERT INTO interaction_status_counts (org_id, day, agent_type, call_status, reviewed, count)
     SELECT org_id, (created_at AT TIME ZONE 'UTC')::date, COALESCE(agent_type, ''), call_status, reviewed_at IS NOT NULL, count(*)::int
     FROM interactions GROUP BY 1, 2, 3, 4, 5`,
  );
  await pg.query('VACUUM ANALYZE interactions');
  await pg.query('VACUUM ANALYZE interaction_status_counts');
  await pg.end();
  return (performance.now() - started) / 1000;
}

/** Wall-clock times and this process's CPU (user + system) per request, which a busy box inflates far less. */
interface Timed {
  times: number[];
  cpuMs: number;
}

/**
 * Runs the kinds of request interleaved, one of each per turn in a rotating order, so a burst of load on the shared
 * box falls on all of them alike rather than on whichever ran during it.
 */
async function interleaved(n: number, runs: (() => Promise<void>)[]): Promise<Timed[]> {
  const out = runs.map(() => ({ times: [] as number[], cpuUs: 0 }));
  for (let i = 0; i < n; i++) {
    for (let k = 0; k < runs.length; k++) {
      const j = (i + k) % runs.length;
      const cpu = process.cpuUsage();
      const t = performance.now();
      await runs[j]();
      out[j].times.push(performance.now() - t);
      const used = process.cpuUsage(cpu);
      out[j].cpuUs += used.user + used.system;
    }
  }
  return out.map((o) => ({ times: o.times.sort((a, b) => a - b), cpuMs: o.cpuUs / 1000 / n }));
}

/** The columns the call log entry is made of (the repository's LOG_COLUMNS). */
const PAGE_COLUMNS = `id, call_id, org_id, call_status, agent_type, recording_url, started_at, ended_at, customer_name, customer_number,
  customer_address, crm_customer_id, is_lead, analysed_by, tags, reviewed_at, review_notes, created_at, duration_seconds, summary, call_analysis`;

interface LogsCase {
  label: string;
  /** The request's body beyond orgId and pageSize. */
  body: { currentAgents: 'ALL' | string[]; page: number; from?: string; search?: string; cursor?: string };
  /** The hand-written SQL for the same page and counts, one round trip each, sent together on two connections. */
  sql: { text: string; values: unknown[] }[];
}

/**
 * The best SQL found by hand for each case: the page by the (org_id, created_at desc, id desc) index, read on from
 * a row for the keyset case, and the counts summed from the kept daily counts plus the part day counted in the rows.
 */
function logsCases(orgId: string, cursorRow: { createdAt: Date; id: string }, deepPage: number, searchTerm: string): LogsCase[] {
  const now = Date.now();
  const last30 = new Date(now - 30 * 86_400_000);
  const nextMidnight = new Date(Math.ceil(last30.getTime() / 86_400_000) * 86_400_000);
  const allTimeCounts = {
    text: `SELECT call_status, reviewed, SUM(count)::int AS n FROM interaction_status_counts WHERE org_id = $1 GROUP BY 1, 2`,
    values: [orgId],
  };
  const page = (extra: string, values: unknown[], offset = 0) => ({
    text: `SELECT ${PAGE_COLUMNS} FROM interactions WHERE org_id = $1 ${extra} ORDER BY created_at DESC, id DESC LIMIT 200 OFFSET ${offset}`,
    values: [orgId, ...values],
  });
  return [
    { label: 'page 1, all time', body: { currentAgents: 'ALL', page: 1 }, sql: [page('', []), allTimeCounts] },
    {
      label: 'page 1, last 30 days',
      body: { currentAgents: 'ALL', page: 1, from: last30.toISOString() },
      sql: [
        page('AND created_at >= $2', [last30]),
        {
          text: `SELECT call_status, reviewed, SUM(n)::int AS n FROM (
                   SELECT call_status, reviewed, SUM(count) AS n FROM interaction_status_counts WHERE org_id = $1 AND day >= $3::date GROUP BY 1, 2
                   UNION ALL
                   SELECT call_status, reviewed_at IS NOT NULL, count(*) FROM interactions WHERE org_id = $1 AND created_at >= $2 AND created_at < $3 GROUP BY 1, 2
                 ) parts GROUP BY 1, 2`,
          values: [orgId, last30, nextMidnight.toISOString().slice(0, 10)],
        },
      ],
    },
    {
      label: `page ${deepPage}, by cursor`,
      body: { currentAgents: 'ALL', page: deepPage, cursor: encodeCallLogsCursor(cursorRow) },
      sql: [page('AND (created_at, id) < ($2, $3)', [cursorRow.createdAt, cursorRow.id]), allTimeCounts],
    },
    { label: `page ${deepPage}, by offset`, body: { currentAgents: 'ALL', page: deepPage }, sql: [page('', [], (deepPage - 1) * 200), allTimeCounts] },
    {
      label: 'page 1, one agent type',
      body: { currentAgents: ['RECEPTIONIST'], page: 1 },
      sql: [
        page(`AND agent_type = 'RECEPTIONIST'`, []),
        {
          text: `SELECT call_status, reviewed, SUM(count)::int AS n FROM interaction_status_counts WHERE org_id = $1 AND agent_type = 'RECEPTIONIST' GROUP BY 1, 2`,
          values: [orgId],
        },
      ],
    },
    {
      label: `search "${searchTerm}"`,
      body: { currentAgents: 'ALL', page: 1, search: searchTerm },
      sql: [
        // Every word must match (callSearchTerms), each through the trigram index; the matches are read first, then
        // ordered (as the route reads them: an index walk of the organization's calls is what the planner picks
        // whenever ANALYZE's sample held a value with a term, 1.15 s instead of 20–40 ms over 1M calls).
        {
          text: `WITH matched AS MATERIALIZED (
                   SELECT id, created_at FROM interactions WHERE org_id = $1 AND search_text LIKE $2 AND search_text LIKE $3)
                 SELECT ${PAGE_COLUMNS} FROM interactions
                 WHERE id IN (SELECT id FROM matched ORDER BY created_at DESC, id DESC LIMIT 200)
                 ORDER BY created_at DESC, id DESC`,
          values: [orgId, ...searchTerm.split(' ').map((w) => `%${w}%`)],
        },
        {
          text: `SELECT call_status, reviewed_at IS NOT NULL AS reviewed, count(*)::int AS n FROM interactions
                 WHERE org_id = $1 AND search_text LIKE $2 AND search_text LIKE $3 GROUP BY 1, 2`,
          values: [orgId, ...searchTerm.split(' ').map((w) => `%${w}%`)],
        },
      ],
    },
  ];
}

async function callLogsBench(h: ProductHarness, session: Session) {
  console.log(`\n2. /call/logs over ${ROWS.toLocaleString('en-US')} interactions (page of 200 with statusCounts, ${LOG_REQUESTS} requests per case and round)`);
  // The API as production runs it (NODE_ENV=production: the route's body is not parsed again by its schema), on
  // the harness's dependencies; the tests check that body with the schema.
  const server = createApp({ ...h.deps, config: { ...h.deps.config, NODE_ENV: 'production' } }).listen(0, '127.0.0.1');
  await new Promise((r) => server.once('listening', r));
  const s = { ...session, base: `http://127.0.0.1:${(server.address() as AddressInfo).port}` };
  const seconds = await seedInteractions(h.tdb.url, s.orgId);
  const orgRows = await createInteractionRepository(h.tdb.db).countOfOrganization(s.orgId);
  console.log(`   seeded in ${seconds.toFixed(1)} s; the measured organization holds ${orgRows.toLocaleString('en-US')} of them`);
  const pg = new Client({ connectionString: h.tdb.url });
  // A failure stops the harness, which drops the database under this client: that is no news of its own.
  pg.on('error', () => undefined);
  await pg.connect();
  // The hand-written SQL sends the page and the counts at once on two connections, as the route sends its reads.
  const sqlPool = new Pool({ connectionString: h.tdb.url, max: 2 });
  sqlPool.on('error', () => undefined);
  await Promise.all([sqlPool.query('SELECT 1'), sqlPool.query('SELECT 1')]);
  // The deep page: the middle of the organization's calls; its cursor is the last row of the page before it.
  const deepPage = Math.max(2, Math.floor(orgRows / 200 / 2));
  const before = await pg.query<{ created_at: Date; id: string }>(
    'SELECT created_at, id FROM interactions WHERE org_id = $1 ORDER BY created_at DESC, id DESC LIMIT 1 OFFSET $2',
    [s.orgId, (deepPage - 1) * 200 - 1],
  );
  const cursorRow = { createdAt: before.rows[0].created_at, id: before.rows[0].id };
  const cases = logsCases(s.orgId, cursorRow, deepPage, 'caller 4242').filter((c) => LOG_CASES === '' || LOG_CASES.split(',').some((w) => c.label.includes(w)));
  if (EXPLAIN) {
    for (const c of cases) {
      for (const q of c.sql) {
        const plan = await pg.query<{ 'QUERY PLAN': string }>(`EXPLAIN (ANALYZE, BUFFERS) ${q.text}`, q.values);
        console.log(`   ${c.label}:\n${plan.rows.map((r) => `     ${r['QUERY PLAN']}`).join('\n')}`);
      }
    }
  }
  // The HTTP floor: a bare express route answering the case's own body (the same bytes, as prebuilt text) to the same
  // client, fetched and parsed as the route's answer is. What no handler can go below on this machine.
  let floorBody = '';
  const floorApp = express();
  floorApp.use(express.json());
  floorApp.post('/floor', (_req, res) => {
    res.status(200).type('json').setHeader('Content-Length', Buffer.byteLength(floorBody));
    res.end(floorBody);
  });
  const floorServer = floorApp.listen(0, '127.0.0.1');
  await new Promise((r) => floorServer.once('listening', r));
  const floorUrl = `http://127.0.0.1:${(floorServer.address() as AddressInfo).port}/floor`;
  console.log(
    '   round  case                        HTTP p50  HTTP p95    SQL p50   SQL p95   HTTP p95 / SQL p95  target (p95 ≤ 50 ms, ≤ 1.5×)  CPU/request HTTP  SQL  load avg' +
      "  | bare HTTP floor p50  p95  CPU/request  | the route's reads alone p50  p95",
  );
  for (let round = 1; round <= LOG_ROUNDS; round++) {
    for (const c of cases) {
      let entries = 0;
      const request = () =>
        fetch(`${s.base}/call/logs`, {
          method: 'POST',
          headers: { 'content-type': 'application/json', cookie: s.cookie },
          body: JSON.stringify({ orgId: s.orgId, pageSize: 200, ...c.body }),
        });
      floorBody = await (await request()).text();
      let sqlRows = 0;
      const body = { orgId: s.orgId, pageSize: 200, ...c.body };
      const token = decodeURIComponent(s.cookie.slice(s.cookie.indexOf('=') + 1));
      const [{ times: floor, cpuMs: floorCpu }, { times: http, cpuMs: httpCpu }, { times: sql, cpuMs: sqlCpu }, { times: reads }] = await interleaved(
        LOG_REQUESTS,
        [
          async () => {
            const res = await fetch(floorUrl, {
              method: 'POST',
              headers: { 'content-type': 'application/json', cookie: s.cookie },
              body: JSON.stringify({ orgId: s.orgId, pageSize: 200, ...c.body }),
            });
            await res.json();
          },
          async () => {
            const res = await request();
            const body = (await res.json()) as { entries: unknown[]; statusCounts: Record<string, number> };
            if (res.status !== 200) throw new Error(`call logs answered ${res.status}: ${JSON.stringify(body)}`);
            entries = body.entries.length;
          },
          async () => {
            const [page] = await Promise.all(c.sql.map((q) => sqlPool.query(q.text, q.values)));
            sqlRows = page.rowCount ?? 0;
          },
          // The route's reads alone, sent as the route sends them (the access statement, the page with its counts, the
          // CRM's name, at once), without HTTP: how much of the gap to the SQL is the reads and how much the rest.
          async () => {
            await Promise.all([
              h.deps.sessions.findIdentityWithAccess(token, s.orgId),
              h.deps.calls.interactions.listCallLogs({
                // The bench's ranges are instants (no zone to read), as the route takes them.
                ...callLogsFilterOf(body, listRangeInZone(body, 'UTC')),
                page: body.page,
                pageSize: 200,
                after: body.cursor === undefined ? undefined : decodeCallLogsCursor(body.cursor),
              }),
              h.deps.organizations.findCrmName(s.orgId),
            ]);
          },
        ],
      );
      if (entries !== sqlRows || entries === 0) throw new Error(`${c.label}: HTTP listed ${entries} calls, the SQL ${sqlRows}`);
      const ratio = percentile(http, 95) / percentile(sql, 95);
      const met = percentile(http, 95) <= 50 && ratio <= 1.5 ? 'met' : 'not met';
      console.log(
        `   ${String(round).padStart(5)}  ${c.label.padEnd(26)} ${ms(percentile(http, 50)).padStart(9)} ${ms(percentile(http, 95)).padStart(9)}  ${ms(percentile(sql, 50)).padStart(9)} ${ms(percentile(sql, 95)).padStart(9)}   ${`${ratio.toFixed(2)}×`.padEnd(19)} ${met.padEnd(28)} ${ms(httpCpu).padStart(11)} ${ms(sqlCpu).padStart(9)}  ${loadavg()
          .map((l) => l.toFixed(1))
          .join(
            ' ',
          )}  | ${ms(percentile(floor, 50)).padStart(9)} ${ms(percentile(floor, 95)).padStart(9)} ${ms(floorCpu).padStart(9)}  | ${ms(percentile(reads, 50)).padStart(9)} ${ms(percentile(reads, 95)).padStart(9)}`,
      );
    }
  }
  await Promise.all([pg.end(), sqlPool.end()]);
  floorServer.close();
  server.close();
}

async function main() {
  // The harness runs the API, the worker and the projectors on one pool of database connections (5 for a test file);
  // in production each process has its own pool of 10, so the bench gives the one process a pool of 20.
  process.env.TEST_DB_MAX_CONNECTIONS ??= '20';
  const h = await startProductHarness();
  const server = h.app.listen(0, '127.0.0.1');
  await new Promise((r) => server.once('listening', r));
  const base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  try {
    const session = await onboard(h, base);
    console.log(`bench:calls on ${cpus().length} CPU(s); product in one process against the test-stack servers`);
    if (SKIP !== 'pipeline') await pipelineBench(h, session);
    if (SKIP !== 'logs') await callLogsBench(h, session);
  } finally {
    server.close();
    await h.stop();
  }
}

main().then(
  () => process.exit(0),
  (err) => {
    console.error(err instanceof Error ? err.message : err);
    console.error('Is the test stack up? Start it with `npm run test:stack`.');
    process.exit(1);
  },
);
