import { randomUUID } from 'node:crypto';
import { readFileSync } from 'node:fs';
import type { AddressInfo } from 'node:net';
import { cpus, loadavg } from 'node:os';
import { join } from 'node:path';
import { performance } from 'node:perf_hooks';
import { Client } from 'pg';
import { createInteractionRepository } from '../events/projections/interactions/interactions.repository';
import { encodeCallLogsCursor } from '../api/routes/calls/call-logs.route';
import { startProductHarness, type ProductHarness } from '../tests/support/product-harness';
import { logIn, startOnboarding } from './stack/http-session';

// `npm run bench:calls`: the two figures of issue 3 on this machine, against the real servers of the
// test stack (start them first with `npm run test:stack`). The whole product runs in this one process
// (API, worker, projectors), so the figures are a floor for a deployment that splits them.
//
//  1. Call-ended webhook → the classified interaction in the read model `/call/logs` serves: p50/p95 at
//     steady rates, and the highest rate whose calls all finish within BENCH_SLA_MS of their webhook.
//  2. `/call/logs` (page of 200 with statusCounts) over one million interactions, through HTTP, beside a
//     hand-written SQL query for the same page measured in the same run.
//
// Tunables: BENCH_RATES (calls/s, default "2,5,10,20"), BENCH_SECONDS per rate (20), BENCH_SLA_MS (10000),
// BENCH_ROWS (1000000), BENCH_LOG_REQUESTS (100), BENCH_LOG_ROUNDS (2: each case measured again after the others,
// for the spread on a shared box), BENCH_SKIP (pipeline|logs).

const env = (name: string, fallback: string) => process.env[name] ?? fallback;
const RATES = env('BENCH_RATES', '2,5,10,20').split(',').map(Number);
const SECONDS = Number(env('BENCH_SECONDS', '20'));
const SLA_MS = Number(env('BENCH_SLA_MS', '10000'));
const ROWS = Number(env('BENCH_ROWS', '1000000'));
const LOG_REQUESTS = Number(env('BENCH_LOG_REQUESTS', '100'));
const LOG_ROUNDS = Number(env('BENCH_LOG_ROUNDS', '2'));
const SKIP = env('BENCH_SKIP', '');

const FIXTURE = readFileSync(join(__dirname, '../activities/voice/adapters/retell/fixtures/call_ended.json'), 'utf8');
const FIXTURE_CALL_ID = 'call_a4441234567890777c4a4a123e6';

const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

function percentile(sorted: number[], p: number): number {
  if (sorted.length === 0) return NaN;
  return sorted[Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1)];
}

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

async function pipelineBench(h: ProductHarness, s: Session) {
  console.log(`\n1. Call-ended webhook → classified interaction in the call-logs read model (offline engine, ${SECONDS} s per rate)`);
  console.log('   rate/s  sent  done  achieved/s      p50       p95       max  within SLA');
  let highestSustained = 0;
  for (const rate of RATES) {
    const sentAt = new Map<string, number>();
    const latencies: number[] = [];
    let firstSend = 0;
    let lastDone = 0;
    let polling = true;
    const poller = (async () => {
      while (polling || sentAt.size > 0) {
        const ids = [...sentAt.keys()];
        if (ids.length > 0) {
          const done = await createInteractionRepository(h.tdb.db).finishedProviderCallIds(s.orgId, ids);
          const now = performance.now();
          for (const providerCallId of done) {
            latencies.push(now - sentAt.get(providerCallId)!);
            sentAt.delete(providerCallId);
            lastDone = now;
          }
          if (!polling && sentAt.size > 0 && now - lastDone > SLA_MS * 3) break; // stuck: give up on the rest
        }
        await sleep(20);
      }
    })();
    const total = Math.max(1, Math.round(rate * SECONDS));
    const sends: Promise<void>[] = [];
    const start = performance.now();
    firstSend = start;
    for (let i = 0; i < total; i++) {
      const due = start + (i * 1000) / rate;
      const wait = due - performance.now();
      if (wait > 0) await sleep(wait);
      const callId = `call_bench_${rate}_${i}_${randomUUID().slice(0, 8)}`;
      sentAt.set(callId, performance.now());
      sends.push(
        fetch(`${s.base}/voice-agent/webhook/${s.orgId}/retell`, {
          method: 'POST',
          headers: { 'content-type': 'application/json' },
          body: FIXTURE.split(FIXTURE_CALL_ID).join(callId),
        }).then(async (r) => {
          if (r.status !== 200) throw new Error(`webhook answered ${r.status}: ${await r.text()}`);
        }),
      );
    }
    await Promise.all(sends);
    polling = false;
    await poller;
    latencies.sort((a, b) => a - b);
    const withinSla = latencies.filter((l) => l <= SLA_MS).length;
    const achieved = latencies.length / ((lastDone - firstSend) / 1000);
    const sustained = withinSla === total;
    if (sustained) highestSustained = Math.max(highestSustained, rate);
    console.log(
      `   ${String(rate).padStart(6)}  ${String(total).padStart(4)}  ${String(latencies.length).padStart(4)}  ${achieved.toFixed(1).padStart(10)}  ${ms(percentile(latencies, 50)).padStart(9)} ${ms(percentile(latencies, 95)).padStart(9)} ${ms(latencies.at(-1) ?? NaN).padStart(9)}  ${withinSla}/${total}`,
    );
    await sleep(2000); // let the worker go idle between steps
  }
  console.log(`   highest rate with every call classified within ${SLA_MS / 1000} s: ${highestSustained || 'none of'} calls/s`);
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

async function timed(n: number, run: () => Promise<void>): Promise<number[]> {
  const out: number[] = [];
  for (let i = 0; i < n; i++) {
    const t = performance.now();
    await run();
    out.push(performance.now() - t);
  }
  return out.sort((a, b) => a - b);
}

/** The columns the call log entry is made of (the repository's LOG_COLUMNS). */
const PAGE_COLUMNS = `id, call_id, org_id, call_status, agent_type, recording_url, started_at, ended_at, customer_name, customer_number,
  customer_address, crm_customer_id, is_lead, analysed_by, tags, reviewed_at, review_notes, created_at, duration_seconds, summary, call_analysis`;

interface LogsCase {
  label: string;
  /** The request's body beyond orgId and pageSize. */
  body: { currentAgents: 'ALL' | string[]; page: number; from?: string; search?: string; cursor?: string };
  /** The hand-written SQL for the same page and counts, one round trip each, sent together. */
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
        // Every word must match (callSearchTerms), each through the trigram index.
        page(
          'AND search_text LIKE $2 AND search_text LIKE $3',
          searchTerm.split(' ').map((w) => `%${w}%`),
        ),
        {
          text: `SELECT call_status, reviewed_at IS NOT NULL AS reviewed, count(*)::int AS n FROM interactions
                 WHERE org_id = $1 AND search_text LIKE $2 AND search_text LIKE $3 GROUP BY 1, 2`,
          values: [orgId, ...searchTerm.split(' ').map((w) => `%${w}%`)],
        },
      ],
    },
  ];
}

async function callLogsBench(h: ProductHarness, s: Session) {
  console.log(`\n2. /call/logs over ${ROWS.toLocaleString('en-US')} interactions (page of 200 with statusCounts, ${LOG_REQUESTS} requests per case and round)`);
  const seconds = await seedInteractions(h.tdb.url, s.orgId);
  const orgRows = await createInteractionRepository(h.tdb.db).countOfOrganization(s.orgId);
  console.log(`   seeded in ${seconds.toFixed(1)} s; the measured organization holds ${orgRows.toLocaleString('en-US')} of them`);
  const pg = new Client({ connectionString: h.tdb.url });
  // A failure stops the harness, which drops the database under this client: that is no news of its own.
  pg.on('error', () => undefined);
  await pg.connect();
  // The deep page: the middle of the organization's calls; its cursor is the last row of the page before it.
  const deepPage = Math.max(2, Math.floor(orgRows / 200 / 2));
  const before = await pg.query<{ created_at: Date; id: string }>(
    'SELECT created_at, id FROM interactions WHERE org_id = $1 ORDER BY created_at DESC, id DESC LIMIT 1 OFFSET $2',
    [s.orgId, (deepPage - 1) * 200 - 1],
  );
  const cursorRow = { createdAt: before.rows[0].created_at, id: before.rows[0].id };
  const cases = logsCases(s.orgId, cursorRow, deepPage, 'caller 4242');
  console.log('   round  case                        HTTP p50  HTTP p95    SQL p50   SQL p95   HTTP p95 / SQL p95  target (p95 ≤ 50 ms, ≤ 1.5×)  load avg');
  for (let round = 1; round <= LOG_ROUNDS; round++) {
    for (const c of cases) {
      let entries = 0;
      const http = await timed(LOG_REQUESTS, async () => {
        const res = await fetch(`${s.base}/call/logs`, {
          method: 'POST',
          headers: { 'content-type': 'application/json', cookie: s.cookie },
          body: JSON.stringify({ orgId: s.orgId, pageSize: 200, ...c.body }),
        });
        const body = (await res.json()) as { entries: unknown[]; statusCounts: Record<string, number> };
        if (res.status !== 200) throw new Error(`call logs answered ${res.status}: ${JSON.stringify(body)}`);
        entries = body.entries.length;
      });
      let sqlRows = 0;
      const sql = await timed(LOG_REQUESTS, async () => {
        const [page] = await Promise.all(c.sql.map((q) => pg.query(q.text, q.values)));
        sqlRows = page.rowCount ?? 0;
      });
      if (entries !== sqlRows || entries === 0) throw new Error(`${c.label}: HTTP listed ${entries} calls, the SQL ${sqlRows}`);
      const ratio = percentile(http, 95) / percentile(sql, 95);
      const met = percentile(http, 95) <= 50 && ratio <= 1.5 ? 'met' : 'not met';
      console.log(
        `   ${String(round).padStart(5)}  ${c.label.padEnd(26)} ${ms(percentile(http, 50)).padStart(9)} ${ms(percentile(http, 95)).padStart(9)}  ${ms(percentile(sql, 50)).padStart(9)} ${ms(percentile(sql, 95)).padStart(9)}   ${`${ratio.toFixed(2)}×`.padEnd(19)} ${met.padEnd(28)} ${loadavg()
          .map((l) => l.toFixed(1))
          .join(' ')}`,
      );
    }
  }
  await pg.end();
}

async function main() {
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
