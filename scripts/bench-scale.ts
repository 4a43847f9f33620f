import { randomUUID } from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { parseArgs } from 'node:util';
import { Client as TemporalClient, Connection } from '@temporalio/client';
import { Client } from 'pg';
import { loadConfigOrExit, testStackEnv, type AppConfig } from '../config/env';
import { kafkaConnectionOptions, temporalConnectionOptions } from '../config/cluster-connections';
import { taskQueue } from '../domain/run/task-queues';
import { workflowIds } from '../domain/run/workflow-ids';
import { consumerGroupMembers } from '../events/bus/kafka-bus';
import { PROJECTIONS } from '../events/projections';
import { projectionGroupId } from '../events/projector';
import { interactionIdForProviderCall } from '../lib/ids';
import { applyMigrations } from '../prisma/migrator';
import { bringUpServers, type Supervisor } from './stack';
import { sleep, waitFor } from './stack/exec';
import { exitWith } from './stack/http-session';
import { apiUrl, deliver, duplicateEventsOf, interactionEvents, onboardOrganization, recordedCalls, retellCall } from './stack/call-load';
import { productProcess, type ProcessMode } from './processes';
import { loadAverage, percentile } from './bench/stats';

// `npm run bench:scale`: issue 16 point 6, scale-out on the same servers. Starts the test stack of
// HOMEAGENT_TEST_SLOT (wiping its data), the API, one worker and one projectors process as separate processes,
// onboards an organization and sends a burst of Retell call-ended webhooks (every fourth delivered twice, as
// vendors do); then starts a second worker and a second projectors process beside the first ones (same task
// queues, same consumer groups), waits until Temporal sees both workers polling and Kafka has split every
// projection's partitions between the two, and sends the same burst again. For each step it prints the calls
// per second from the first webhook to the last call in the read model, the latency p50/p95, how the work was
// split (activity and workflow tasks per worker from the runs' histories; partitions per projectors process
// from the consumer groups), and whether anything was duplicated or lost (interactions per provider call,
// domain events per interaction in the Kafka log, dead letters). Exits 1 on a duplicate or a lost call.
//
//   --calls <n> (300 per step)   --rate <calls/s offered> (30)   --mode compiled|source (compiled: run `npm run build` first)

const { values: flags } = parseArgs({
  options: {
    calls: { type: 'string', default: '300' },
    rate: { type: 'string', default: '30' },
    mode: { type: 'string', default: 'compiled' },
  },
});
const CALLS = Number(flags.calls);
const RATE = Number(flags.rate);
const MODE = flags.mode as ProcessMode;
if (MODE !== 'compiled' && MODE !== 'source') throw new Error('--mode is compiled or source');
const RETRY_BUDGET_MS = 120_000;
const STEP_TIMEOUT_MS = 600_000;

const t0 = Date.now();
const log = (msg: string) => console.log(`[scale ${((Date.now() - t0) / 1000).toFixed(0).padStart(4)} s] ${msg}`);

interface StepResult {
  label: string;
  providerCallIds: string[];
  accepted: number;
  throughput: number;
  p50: number;
  p95: number;
  loadAfter: string;
}

/** Sends `CALLS` call-ended webhooks at `RATE`/s and waits until each is in the read model. */
async function burst(config: AppConfig, orgId: string, label: string): Promise<StepResult> {
  const url = `${apiUrl(config)}/voice-agent/webhook/${orgId}/retell`;
  const sentAt = new Map<string, number>();
  const latencies: number[] = [];
  const sends: Promise<unknown>[] = [];
  const ids: string[] = [];
  const start = Date.now();
  let accepted = 0;
  let refusals = 0;
  const poller = (async () => {
    const deadline = Date.now() + STEP_TIMEOUT_MS;
    while ((sends.length < CALLS || sentAt.size > 0) && Date.now() < deadline) {
      const recorded = await recordedCalls(config.databaseUrl, orgId);
      const now = Date.now();
      for (const [id, at] of sentAt) {
        if (recorded.has(id)) {
          latencies.push(now - at);
          sentAt.delete(id);
        }
      }
      await sleep(100);
    }
    return Date.now();
  })();
  for (let i = 0; i < CALLS; i += 1) {
    const due = start + (i * 1000) / RATE;
    if (due > Date.now()) await sleep(due - Date.now());
    const providerCallId = `call_scale_${label}_${i}_${randomUUID().slice(0, 8)}`;
    sentAt.set(providerCallId, Date.now());
    ids.push(providerCallId);
    const { ended } = retellCall(providerCallId);
    const once = () => deliver(url, ended, () => (refusals += 1), RETRY_BUDGET_MS);
    sends.push(
      (i % 4 === 1 ? Promise.all([once(), sleep(300).then(once)]).then(([a]) => a) : once()).then((r) => {
        if (r.ok) accepted += 1;
      }),
    );
  }
  await Promise.all(sends);
  const lastRecorded = await poller;
  if (sentAt.size > 0) log(`!! ${sentAt.size} calls of step "${label}" not in the read model after ${STEP_TIMEOUT_MS / 1000} s`);
  if (refusals > 0) log(`step "${label}": ${refusals} deliveries refused and retried`);
  latencies.sort((a, b) => a - b);
  return {
    label,
    providerCallIds: ids,
    accepted,
    throughput: latencies.length / ((lastRecorded - start) / 1000),
    p50: percentile(latencies, 50),
    p95: percentile(latencies, 95),
    loadAfter: loadAverage(),
  };
}

/** Activity and workflow tasks of the step's interaction runs, by the identity of the worker that took them. */
async function workerSplit(config: AppConfig, providerCallIds: string[]): Promise<Map<string, { activities: number; workflowTasks: number }>> {
  const connection = await Connection.connect(temporalConnectionOptions(config));
  const client = new TemporalClient({ connection, namespace: config.TEMPORAL_NAMESPACE });
  const split = new Map<string, { activities: number; workflowTasks: number }>();
  const of = (identity: string) => split.get(identity) ?? split.set(identity, { activities: 0, workflowTasks: 0 }).get(identity)!;
  try {
    for (const id of providerCallIds) {
      const history = await client.workflow.getHandle(workflowIds.interaction('retell', id)).fetchHistory();
      for (const e of history.events ?? []) {
        if (e.activityTaskStartedEventAttributes?.identity) of(e.activityTaskStartedEventAttributes.identity).activities += 1;
        if (e.workflowTaskStartedEventAttributes?.identity) of(e.workflowTaskStartedEventAttributes.identity).workflowTasks += 1;
      }
    }
  } finally {
    await connection.close();
  }
  return split;
}

/** The projection groups and, per projectors process (its Kafka client id), the partitions it reads. */
async function projectorSplit(config: AppConfig) {
  const groups = await consumerGroupMembers(
    { ...kafkaConnectionOptions(config), clientId: 'bench-scale' },
    PROJECTIONS.map((p) => projectionGroupId(config.KAFKA_TOPIC_PREFIX, p)),
  );
  const partitionsOf = new Map<string, number>();
  let groupsSplit = 0;
  for (const { members } of groups.values()) {
    const readers = members.filter((m) => Object.values(m.assignment).some((ps) => ps.length > 0));
    if (readers.length > 1) groupsSplit += 1;
    for (const m of members) {
      const n = Object.values(m.assignment).reduce((a, ps) => a + ps.length, 0);
      partitionsOf.set(m.clientId, (partitionsOf.get(m.clientId) ?? 0) + n);
    }
  }
  return { groups, partitionsOf, groupsSplit };
}

/** Until Temporal lists `n` distinct workers polling the interaction queue. */
async function waitForWorkers(config: AppConfig, n: number) {
  const connection = await Connection.connect(temporalConnectionOptions(config));
  try {
    await waitFor(
      `${n} workers polling the interaction queue`,
      async () => {
        const res = await connection.workflowService.describeTaskQueue({
          namespace: config.TEMPORAL_NAMESPACE,
          taskQueue: { name: taskQueue('interaction', config.TEMPORAL_TASK_QUEUE_PREFIX) },
          taskQueueType: 2, // activities: polled only by workers, unlike the workflow queue's sticky pollers
        });
        return new Set((res.pollers ?? []).map((p) => p.identity)).size >= n;
      },
      120_000,
    );
  } finally {
    await connection.close();
  }
}

async function audit(config: AppConfig, orgId: string, steps: StepResult[]): Promise<boolean> {
  const all = steps.flatMap((s) => s.providerCallIds);
  const recorded = await recordedCalls(config.databaseUrl, orgId);
  const pg = new Client({ connectionString: config.databaseUrl });
  await pg.connect();
  const perCall = new Map(
    (
      await pg.query<{ provider_call_id: string; n: number }>('SELECT provider_call_id, count(*)::int AS n FROM interactions WHERE org_id = $1 GROUP BY 1', [
        orgId,
      ])
    ).rows.map((r) => [r.provider_call_id, r.n]),
  );
  const deadLetters = (await pg.query<{ n: number }>('SELECT count(*)::int AS n FROM dead_letters')).rows[0].n;
  await pg.end();
  const interactionId = (id: string) => interactionIdForProviderCall(orgId, 'retell', id);
  const events = await interactionEvents(config, new Set(all.map(interactionId)));
  console.log('\nstep           calls  recorded  missing  dup-interactions  dup-events');
  let ok = deadLetters === 0;
  for (const s of steps) {
    const missing = s.providerCallIds.filter((id) => !recorded.has(id)).length;
    const dupInteractions = s.providerCallIds.filter((id) => (perCall.get(id) ?? 0) > 1).length;
    const dupEvents = s.providerCallIds.reduce((n, id) => n + duplicateEventsOf(events, interactionId(id)), 0);
    if (missing > 0 || dupInteractions > 0 || dupEvents > 0) ok = false;
    console.log(
      `${s.label.padEnd(13)} ${String(s.providerCallIds.length).padStart(6)}  ${String(s.providerCallIds.length - missing).padStart(8)}  ${String(missing).padStart(7)}  ${String(dupInteractions).padStart(16)}  ${String(dupEvents).padStart(10)}`,
    );
  }
  console.log(`dead letters: ${deadLetters}; event ids repeated in the log (producer retries, skipped by the projectors): ${events.repeatedCopies}`);
  return ok;
}

function startProduct(sup: Supervisor, config: AppConfig, env: NodeJS.ProcessEnv, name: 'api' | 'worker' | 'projectors', instance: string) {
  const logs = path.join(config.HOMEAGENT_DATA_DIR, 'logs');
  fs.mkdirSync(logs, { recursive: true });
  // Each instance its own Kafka client id, so the consumer groups show which process reads which partitions.
  const own = { ...env, KAFKA_CLIENT_ID: `homeagent-${instance.split('-').pop()}` };
  sup.start({ name: instance, ...productProcess(config, name, own, MODE), cwd: config.repoRoot, logFile: path.join(logs, `${instance}.log`) });
}

async function main(): Promise<number> {
  if (MODE === 'compiled' && !fs.existsSync(path.join(__dirname, '..', 'dist', 'worker', 'main.js'))) {
    console.error('bench:scale runs the compiled services: run `npm run build` first (or pass --mode source)');
    return 1;
  }
  const adminToken = `scale-admin-token-${randomUUID()}`;
  const env = { ...process.env, ...testStackEnv(), ADMIN_API_TOKEN: adminToken, LOG_LEVEL: process.env.LOG_LEVEL ?? 'warn' };
  const config = loadConfigOrExit(env);
  fs.rmSync(config.HOMEAGENT_DATA_DIR, { recursive: true, force: true });
  log(`${os.cpus().length} CPU(s), load ${loadAverage()}; slot ${process.env.HOMEAGENT_TEST_SLOT ?? '0'}: starting PostgreSQL, Kafka and Temporal`);
  const { sup } = await bringUpServers(config, log);
  sup.onUnexpectedExit = (name, code) => log(`!! ${name} exited on its own (code ${code})`);
  process.once('SIGINT', () => void sup.stopAll().then(() => process.exit(130)));
  try {
    await applyMigrations(config.databaseUrl);
    startProduct(sup, config, env, 'api', 'api');
    startProduct(sup, config, env, 'worker', 'worker-a');
    startProduct(sup, config, env, 'projectors', 'projectors-a');
    await waitFor('the API', async () => (await fetch(`${apiUrl(config)}/heartbeat`)).ok, 120_000);
    const { orgId } = await onboardOrganization(config, apiUrl(config), adminToken, { label: 'scale', name: 'Scale HVAC' });
    log(`organization ${orgId} onboarded; ${CALLS} calls per step offered at ${RATE}/s (${MODE} services)`);

    // A short warm-up so the first step does not pay for JIT and connection pools.
    await burst(config, orgId, 'warm-up');
    const steps: StepResult[] = [];
    log('step 1: one worker, one projectors process');
    const one = await burst(config, orgId, 'one');
    steps.push(one);
    const oneWorkers = await workerSplit(config, one.providerCallIds);
    const oneProjectors = await projectorSplit(config);

    log('step 2: starting a second worker and a second projectors process on the same servers');
    startProduct(sup, config, env, 'worker', 'worker-b');
    startProduct(sup, config, env, 'projectors', 'projectors-b');
    await waitForWorkers(config, 2);
    await waitFor(
      'every projection group split over both projectors processes',
      async () => (await projectorSplit(config)).groupsSplit === PROJECTIONS.length,
      120_000,
    );
    const two = await burst(config, orgId, 'two');
    steps.push(two);
    const twoWorkers = await workerSplit(config, two.providerCallIds);
    const twoProjectors = await projectorSplit(config);

    console.log(`\nbench:scale on ${os.cpus().length} CPU(s), ${CALLS} call-ended webhooks per step offered at ${RATE}/s, ${MODE} services`);
    console.log('step  workers  projectors  calls/s (webhook → read model)    p50       p95   load after');
    for (const [s, n] of [
      [one, 1],
      [two, 2],
    ] as const) {
      console.log(
        `${s.label.padEnd(5)} ${String(n).padStart(7)}  ${String(n).padStart(10)}  ${s.throughput.toFixed(1).padStart(30)}  ${`${(s.p50 / 1000).toFixed(2)} s`.padStart(8)}  ${`${(s.p95 / 1000).toFixed(2)} s`.padStart(8)}   ${s.loadAfter}`,
      );
    }
    console.log(`two ÷ one: ${(two.throughput / one.throughput).toFixed(2)}×`);
    for (const [label, split] of [
      ['one', oneWorkers],
      ['two', twoWorkers],
    ] as const) {
      const total = [...split.values()].reduce((a, v) => a + v.activities, 0);
      console.log(
        `step ${label}: activity tasks by worker ${[...split.entries()].map(([id, v]) => `${id} ${v.activities} (${((100 * v.activities) / total).toFixed(0)}%), ${v.workflowTasks} workflow tasks`).join('; ')}`,
      );
    }
    for (const [label, split] of [
      ['one', oneProjectors],
      ['two', twoProjectors],
    ] as const) {
      console.log(
        `step ${label}: partitions read per projectors process over ${PROJECTIONS.length} projection groups: ${[...split.partitionsOf.entries()].map(([id, n]) => `${id} ${n}`).join(', ')}`,
      );
    }
    const ok = await audit(config, orgId, [one, two]);
    const workersUsed = [...twoWorkers.values()].filter((v) => v.activities > 0).length;
    if (workersUsed < 2) log('!! step two: one worker took every activity task');
    log(ok ? 'no call lost or duplicated in either step' : 'FAILED: a call was lost or duplicated (above)');
    return ok && workersUsed === 2 ? 0 : 1;
  } finally {
    sup.onUnexpectedExit = undefined;
    await sup.stopAll();
  }
}

exitWith(main);
