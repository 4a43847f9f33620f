import type { Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { performance } from 'node:perf_hooks';
import express, { type RequestHandler } from 'express';
import { addDays, isWeekendDate } from '../domain/time/calendar';
import { toZonedParts } from '../domain/time/zoned-time';
import { startProductHarness, type ProductHarness } from '../tests/support/product-harness';
import { startOnboarding } from './stack/http-session';
import { percentile } from './bench/stats';

// `npm run bench:tools`: server-side latency of the live agent tools get_capacity and check_customer
// against the sandbox CRM, at 50 and 200 calls in flight, beside a bare Express handler measured in the
// same run. It uses the test stack's servers (start them with `npm run test:stack`) with a database,
// topic prefix and task-queue prefix of its own. Latency is measured inside the server, from the first
// middleware to the response's last byte; clients run in the same process, so a closed loop of N clients
// keeps N calls in flight.
//
// A second table models live calls instead: N calls each making a tool call every BENCH_CALL_GAP_MS on
// average (randomised), as agents on the line do, so requests arrive at N / gap per second.
//
// Tunables: BENCH_CONCURRENCY (default "50,200"), BENCH_REQUESTS per tool and level (2000), BENCH_WARMUP (200),
// BENCH_CALL_GAP_MS (10000), BENCH_CALL_REQUESTS per tool and level in the live-call table (400).

const env = (name: string, fallback: string) => process.env[name] ?? fallback;
const LEVELS = env('BENCH_CONCURRENCY', '50,200').split(',').map(Number);
const REQUESTS = Number(env('BENCH_REQUESTS', '2000'));
const WARMUP = Number(env('BENCH_WARMUP', '200'));
const CALL_GAP_MS = Number(env('BENCH_CALL_GAP_MS', '10000'));
const CALL_REQUESTS = Number(env('BENCH_CALL_REQUESTS', '400'));
const TZ = 'America/Chicago';
const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

/** Records each request's server-side duration into the current bucket. */
function timing(): { middleware: RequestHandler; take(): number[] } {
  let samples: number[] = [];
  return {
    middleware: (_req, res, next) => {
      const start = performance.now();
      res.on('finish', () => samples.push(performance.now() - start));
      next();
    },
    take() {
      const out = samples;
      samples = [];
      return out;
    },
  };
}

function listen(app: express.Express): Promise<{ server: Server; base: string }> {
  return new Promise((resolve) => {
    const server = app.listen(0, '127.0.0.1', () => resolve({ server, base: `http://127.0.0.1:${(server.address() as AddressInfo).port}` }));
  });
}

async function onboard(h: ProductHarness, base: string): Promise<string> {
  const { workflowId } = await startOnboarding(base, h.adminToken, {
    label: 'bench',
    name: 'Bench Tools',
    timezone: TZ,
    trades: ['HVAC'],
    crm: 'servicetitan',
  });
  return ((await h.client.workflow.getHandle(workflowId).result()) as { orgId: string }).orgId;
}

/** N clients, each sending its next request when the last one is answered, until `total` are done. */
async function closedLoop(concurrency: number, total: number, send: () => Promise<Response>): Promise<{ wallMs: number; failures: number }> {
  let left = total;
  let failures = 0;
  const started = performance.now();
  await Promise.all(
    Array.from({ length: concurrency }, async () => {
      while (left > 0) {
        left -= 1;
        const res = await send();
        if (res.status !== 200) failures += 1;
        await res.arrayBuffer();
      }
    }),
  );
  return { wallMs: performance.now() - started, failures };
}

/** N calls, each waiting a random 0–2×gap between its tool calls, until `total` are done. */
async function liveCalls(calls: number, total: number, send: () => Promise<Response>): Promise<{ failures: number }> {
  let left = total;
  let failures = 0;
  await Promise.all(
    Array.from({ length: calls }, async () => {
      while (left > 0) {
        await sleep(Math.random() * 2 * CALL_GAP_MS);
        if (left <= 0) break;
        left -= 1;
        const res = await send();
        if (res.status !== 200) failures += 1;
        await res.arrayBuffer();
      }
    }),
  );
  return { failures };
}

async function main() {
  const h = await startProductHarness();
  const toolTiming = timing();
  const outer = express();
  outer.use(toolTiming.middleware);
  outer.use(h.app);
  const bareTiming = timing();
  const bare = express();
  bare.use(bareTiming.middleware);
  bare.use(express.json());
  bare.post('/bare', (req, res) => {
    res.json({ result: 'ok', echo: req.body?.tool ?? null });
  });
  const api = await listen(outer);
  const bareServer = await listen(bare);
  try {
    const orgId = await onboard(h, api.base);
    let date = addDays(toZonedParts(new Date(), TZ).date, 3);
    while (isWeekendDate(date)) date = addDays(date, 1);
    const bodies = {
      get_capacity: {
        tool: 'get_capacity',
        args: { time_to_check: `${date}T10:30:00`, job_type_id: '101', business_unit: '1', priority: 0, execution_message: 'Checking' },
      },
      check_customer: { tool: 'check_customer', args: { phoneNumber: '(512) 555-0101' } },
    };
    const headers = { 'content-type': 'application/json', authorization: `Bearer ${h.adminToken}` };
    const callTool = (body: object) => () => fetch(`${api.base}/voice-agent/tool/${orgId}`, { method: 'POST', headers, body: JSON.stringify(body) });
    const callBare = () => fetch(`${bareServer.base}/bare`, { method: 'POST', headers, body: JSON.stringify(bodies.check_customer) });

    const probe = await (await callTool(bodies.get_capacity)()).json();
    console.log(`get_capacity answers: ${JSON.stringify(probe).slice(0, 160)}…`);

    await closedLoop(20, WARMUP, callTool(bodies.get_capacity));
    await closedLoop(20, WARMUP, callTool(bodies.check_customer));
    await closedLoop(20, WARMUP, callBare);
    toolTiming.take();
    bareTiming.take();

    console.log(`\nserver-side latency, ${REQUESTS} requests per row (closed loop; ms)`);
    console.log('handler          in flight     p50     p99     max   req/s  failures');
    for (const concurrency of LEVELS) {
      const runs: [string, () => Promise<Response>, ReturnType<typeof timing>][] = [
        ['bare express', callBare, bareTiming],
        ['check_customer', callTool(bodies.check_customer), toolTiming],
        ['get_capacity', callTool(bodies.get_capacity), toolTiming],
      ];
      for (const [name, send, t] of runs) {
        const { wallMs, failures } = await closedLoop(concurrency, REQUESTS, send);
        const samples = t.take().sort((a, b) => a - b);
        const fmt = (v: number) => v.toFixed(1).padStart(7);
        console.log(
          `${name.padEnd(16)} ${String(concurrency).padStart(9)} ${fmt(percentile(samples, 50))} ${fmt(percentile(samples, 99))} ${fmt(samples[samples.length - 1])} ${String(Math.round((REQUESTS / wallMs) * 1000)).padStart(7)} ${String(failures).padStart(9)}`,
        );
      }
    }
    console.log(`\nlive calls: each makes a tool call every ~${CALL_GAP_MS} ms; ${CALL_REQUESTS} requests per row (ms)`);
    console.log('handler          calls  req/s offered     p50     p99     max  failures');
    for (const calls of LEVELS) {
      for (const [name, body] of Object.entries(bodies)) {
        const { failures } = await liveCalls(calls, CALL_REQUESTS, callTool(body));
        const samples = toolTiming.take().sort((a, b) => a - b);
        const fmt = (v: number) => v.toFixed(1).padStart(7);
        console.log(
          `${name.padEnd(16)} ${String(calls).padStart(5)} ${String(Math.round((calls * 1000) / CALL_GAP_MS)).padStart(13)} ${fmt(percentile(samples, 50))} ${fmt(percentile(samples, 99))} ${fmt(samples[samples.length - 1])} ${String(failures).padStart(9)}`,
        );
      }
    }
  } finally {
    api.server.close();
    bareServer.server.close();
    await h.stop();
  }
}

main().then(
  () => process.exit(0),
  (err) => {
    console.error(err);
    process.exit(1);
  },
);
