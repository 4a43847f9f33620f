import { randomUUID } from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import { parseArgs } from 'node:util';
import { Client as TemporalClient, Connection } from '@temporalio/client';
import { Client } from 'pg';
import { loadConfigOrExit, testStackEnv, type AppConfig } from '../config/env';
import { workflowIds } from '../domain/run/workflow-ids';
import { interactionIdForProviderCall } from '../lib/ids';
import { applyMigrations } from '../prisma/migrator';
import { bringUpServers, type Binaries, type Supervisor } from './stack';
import { sleep, waitFor } from './stack/exec';
import { isPortOpen, logPath, startKafka, startPostgres } from './stack/servers';
import { exitWith } from './stack/http-session';
import { apiUrl, deliver, duplicateEventsOf, interactionEvents, onboardOrganization, recordedCalls, retellCall } from './stack/call-load';

// `npm run chaos`: issue 12's chaos test. Starts the test stack of HOMEAGENT_TEST_SLOT (wiping its data)
// with the API, the worker and the projectors as separate processes, onboards an organization, and drives
// a steady load of Retell webhooks (call started, then call ended with its transcript; some delivered
// twice on purpose). In turn it SIGKILLs the worker, the projectors, Kafka and Postgres under that load
// and starts each again after --down seconds. A refused delivery (non-2xx or no answer) is retried as a
// vendor does. At the end it prints, per phase, calls accepted and recorded, what is missing or
// duplicated (interactions per provider call id, domain events per interaction in the Kafka log, dead
// letters, the call logs' counts) and how long after the restart the backlog cleared, and exits 1 if
// anything accepted was lost or duplicated.
//
//   --phases worker,projectors,kafka,postgres   (default: all four, in that order)
//   --rate <calls/s> (1)   --down <s> (10)   --before <s> (10, load before the kill)
//   --settle <s> (5, load after the backlog cleared)   --backlog-timeout <s> (300)

const PHASES = ['worker', 'projectors', 'kafka', 'postgres'] as const;
type Phase = (typeof PHASES)[number] | 'baseline';

const { values: flags } = parseArgs({
  options: {
    phases: { type: 'string', default: PHASES.join(',') },
    rate: { type: 'string', default: '1' },
    down: { type: 'string', default: '10' },
    before: { type: 'string', default: '10' },
    settle: { type: 'string', default: '5' },
    'backlog-timeout': { type: 'string', default: '300' },
  },
});
const phases = flags.phases!.split(',').map((p) => p.trim()) as Phase[];
for (const p of phases) if (!(PHASES as readonly string[]).includes(p)) throw new Error(`unknown phase "${p}"; choose from ${PHASES.join(', ')}`);
const RATE = Number(flags.rate);
const DOWN_MS = Number(flags.down) * 1000;
const BEFORE_MS = Number(flags.before) * 1000;
const SETTLE_MS = Number(flags.settle) * 1000;
const BACKLOG_TIMEOUT_MS = Number(flags['backlog-timeout']) * 1000;
/** A vendor gives up on a delivery after this long (Retell and Vapi retry for minutes, not hours). */
const RETRY_BUDGET_MS = 180_000;

const t0 = Date.now();
const log = (msg: string) => console.log(`[chaos ${((Date.now() - t0) / 1000).toFixed(0).padStart(4)} s] ${msg}`);

interface CallLoad {
  providerCallId: string;
  phase: Phase;
  sentAt: number;
  /** When the call-ended delivery was first answered 2xx; null while refused. */
  acceptedAt: number | null;
  acceptedFirstTry: boolean;
  refusals: number;
  gaveUp: boolean;
}

interface PhaseWindow {
  phase: Phase;
  startedAt: number;
  killedAt?: number;
  restartedAt?: number;
  /** Seconds from the restart until every call accepted before it was in the read model. */
  backlogClearedAfter?: number | null;
}

class Stack {
  readonly productLogs: string;
  unexpectedExits: string[] = [];
  constructor(
    readonly config: AppConfig,
    readonly sup: Supervisor,
    readonly bins: Binaries,
    readonly env: NodeJS.ProcessEnv,
  ) {
    this.productLogs = path.join(config.HOMEAGENT_DATA_DIR, 'logs');
    // A process that dies on its own is a finding; restart it as a process manager would, after a pause.
    sup.onUnexpectedExit = (name, code) => {
      this.unexpectedExits.push(`${name} exited with ${code} at ${((Date.now() - t0) / 1000).toFixed(0)} s`);
      log(`!! ${name} exited on its own (code ${code}); restarting it in 5 s`);
      setTimeout(() => void this.startAgain(name), 5000);
    };
  }

  startProduct(name: 'api' | 'worker' | 'projectors') {
    const entry = { api: 'api/main.ts', worker: 'worker/main.ts', projectors: 'worker/projectors.main.ts' }[name];
    this.sup.start({
      name,
      cmd: path.join(this.config.repoRoot, 'node_modules', '.bin', 'tsx'),
      args: [entry],
      cwd: this.config.repoRoot,
      env: this.env,
      logFile: path.join(this.productLogs, `${name}.log`),
    });
  }

  async kill(name: string) {
    await this.sup.kill(name, 'SIGKILL');
    if (name === 'kafka') await waitFor('Kafka to close its ports', async () => !(await isPortOpen(brokerPort(this.config))), 30_000);
    if (name === 'postgres') await waitFor('Postgres to close its port', async () => !(await isPortOpen(this.config.POSTGRES_PORT)), 30_000);
  }

  async startAgain(name: string) {
    if (name === 'kafka') await startKafka(this.config, this.bins, this.sup, log);
    else if (name === 'postgres') await startPostgres(this.config, this.bins, this.sup, log);
    else this.sup.restart(name);
  }
}

const brokerPort = (config: AppConfig) => Number(config.KAFKA_BROKERS.split(',')[0].split(':').pop());

class LoadGenerator {
  readonly calls: CallLoad[] = [];
  private readonly inFlight = new Set<Promise<void>>();
  private running = false;
  private loop?: Promise<void>;
  phase: Phase = 'baseline';

  constructor(private readonly webhookUrl: string) {}

  start() {
    this.running = true;
    this.loop = (async () => {
      for (let i = 0; this.running; i += 1) {
        const p = this.oneCall(i).finally(() => this.inFlight.delete(p));
        this.inFlight.add(p);
        await sleep(1000 / RATE);
      }
    })();
  }

  async stop() {
    this.running = false;
    await this.loop;
    while (this.inFlight.size > 0) await Promise.all([...this.inFlight]);
  }

  private async oneCall(i: number) {
    const call: CallLoad = {
      providerCallId: `call_chaos_${i}_${randomUUID().slice(0, 8)}`,
      phase: this.phase,
      sentAt: Date.now(),
      acceptedAt: null,
      acceptedFirstTry: false,
      refusals: 0,
      gaveUp: false,
    };
    this.calls.push(call);
    const refused = () => (call.refusals += 1);
    const bodies = retellCall(call.providerCallId);
    // Duplicate deliveries on purpose: every 7th call-started and every 4th call-ended is posted twice.
    const started = [deliver(this.webhookUrl, bodies.started, refused, RETRY_BUDGET_MS)];
    if (i % 7 === 3) started.push(sleep(200).then(() => deliver(this.webhookUrl, bodies.started, refused, RETRY_BUDGET_MS)));
    await sleep(1500); // the call lasts a moment
    const ended = [deliver(this.webhookUrl, bodies.ended, refused, RETRY_BUDGET_MS)];
    if (i % 4 === 1) ended.push(sleep(300).then(() => deliver(this.webhookUrl, bodies.ended, refused, RETRY_BUDGET_MS)));
    const [first] = await Promise.all(ended);
    await Promise.all(started);
    if (first.ok) {
      call.acceptedAt = Date.now();
      call.acceptedFirstTry = first.firstTry;
    } else call.gaveUp = true;
  }
}

/** Waits until every accepted call in `calls` is recorded; resolves with the moment it was, or null on timeout. */
async function waitForBacklog(databaseUrl: string, orgId: string, calls: () => CallLoad[], timeoutMs: number): Promise<number | null> {
  const deadline = Date.now() + timeoutMs;
  while (Date.now() < deadline) {
    try {
      const recorded = await recordedCalls(databaseUrl, orgId);
      const accepted = calls().filter((c) => c.acceptedAt !== null);
      if (accepted.every((c) => recorded.has(c.providerCallId))) return Date.now();
    } catch {
      /* Postgres not back yet */
    }
    await sleep(500);
  }
  return null;
}

async function runPhase(stack: Stack, load: LoadGenerator, orgId: string, phase: Phase, windows: PhaseWindow[]) {
  const w: PhaseWindow = { phase, startedAt: Date.now() };
  windows.push(w);
  load.phase = phase;
  log(`phase ${phase}: load for ${BEFORE_MS / 1000} s${phase === 'baseline' ? ' (nothing killed)' : `, then SIGKILL the ${phase}`}`);
  await sleep(BEFORE_MS);
  const target = phase === 'worker' || phase === 'projectors' || phase === 'kafka' || phase === 'postgres' ? phase : null;
  if (target) {
    w.killedAt = Date.now();
    await stack.kill(target);
    log(`phase ${phase}: ${target} killed; down for ${DOWN_MS / 1000} s under load`);
    await sleep(DOWN_MS);
    await stack.startAgain(target);
    w.restartedAt = Date.now();
    log(`phase ${phase}: ${target} started again`);
  }
  const restartedAt = w.restartedAt ?? Date.now();
  const backlog = () => load.calls.filter((c) => c.sentAt <= restartedAt);
  // Deliveries refused while the server was down are still being retried: wait for those too.
  await waitFor(
    'refused deliveries of the outage to be retried',
    async () => backlog().every((c) => c.acceptedAt !== null || c.gaveUp),
    RETRY_BUDGET_MS + 30_000,
  );
  const cleared = await waitForBacklog(stack.config.databaseUrl, orgId, backlog, BACKLOG_TIMEOUT_MS);
  w.backlogClearedAfter = cleared === null ? null : (cleared - restartedAt) / 1000;
  log(
    `phase ${phase}: backlog ${cleared === null ? `NOT cleared within ${BACKLOG_TIMEOUT_MS / 1000} s` : `cleared ${w.backlogClearedAfter!.toFixed(1)} s after the restart`}`,
  );
  await sleep(SETTLE_MS);
}

async function interactionWorkflowStatuses(config: AppConfig, providerCallIds: string[]): Promise<Map<string, string>> {
  const connection = await Connection.connect({ address: config.TEMPORAL_ADDRESS });
  const client = new TemporalClient({ connection, namespace: config.TEMPORAL_NAMESPACE });
  const out = new Map<string, string>();
  try {
    for (const id of providerCallIds) {
      const status = await client.workflow
        .getHandle(workflowIds.interaction('retell', id))
        .describe()
        .then((d) => d.status.name as string)
        .catch(() => 'NOT_FOUND');
      out.set(id, status);
    }
  } finally {
    await connection.close();
  }
  return out;
}

async function audit(stack: Stack, load: LoadGenerator, orgId: string, cookie: string, windows: PhaseWindow[]): Promise<boolean> {
  const { config } = stack;
  const pg = new Client({ connectionString: config.databaseUrl });
  await pg.connect();
  const rows = (
    await pg.query<{ id: string; provider_call_id: string; call_status: string }>(
      'SELECT id, provider_call_id, call_status FROM interactions WHERE org_id = $1',
      [orgId],
    )
  ).rows;
  const deadLetters = (await pg.query<{ n: number }>('SELECT count(*)::int AS n FROM dead_letters')).rows[0].n;
  await pg.end();
  const interactionsOf = new Map<string, typeof rows>();
  for (const r of rows) interactionsOf.set(r.provider_call_id, [...(interactionsOf.get(r.provider_call_id) ?? []), r]);
  const expectedId = (c: CallLoad) => interactionIdForProviderCall(orgId, 'retell', c.providerCallId);
  const events = await interactionEvents(config, new Set(load.calls.map(expectedId)));

  // The call logs the dashboard reads: every call counted once (compared with the rows just before and after).
  const countRows = async () => {
    const c = new Client({ connectionString: config.databaseUrl });
    await c.connect();
    try {
      return (await c.query<{ n: number }>('SELECT count(*)::int AS n FROM interactions WHERE org_id = $1', [orgId])).rows[0].n;
    } finally {
      await c.end();
    }
  };
  const rowsBefore = await countRows();
  const logs = await fetch(`${apiUrl(config)}/call/logs`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', cookie },
    body: JSON.stringify({ orgId, currentAgents: 'ALL', page: 1, pageSize: 1 }),
  });
  const logsBody = (await logs.json()) as { pagination?: { totalCount: number }; statusCounts?: Record<string, number> };
  const rowsAfter = await countRows();
  const countedInLogs = logsBody.pagination?.totalCount ?? -1;
  const statusCounted = Object.values(logsBody.statusCounts ?? {}).reduce((a, b) => a + b, 0);
  const countedRight = (n: number) => n >= rowsBefore && n <= rowsAfter;

  console.log('\nphase        sent  accepted (1st try)  refused  never  recorded  missing  dup-interactions  dup-events  backlog cleared');
  let failed = false;
  for (const w of windows) {
    const calls = load.calls.filter((c) => c.phase === w.phase);
    const accepted = calls.filter((c) => c.acceptedAt !== null);
    const recorded = accepted.filter((c) => (interactionsOf.get(c.providerCallId) ?? []).some((r) => !['STARTED', 'PROCESSING'].includes(r.call_status)));
    const missing = accepted.length - recorded.length;
    const dupInteractions = calls.filter(
      (c) => (interactionsOf.get(c.providerCallId) ?? []).length > 1 || (interactionsOf.get(c.providerCallId) ?? []).some((r) => r.id !== expectedId(c)),
    ).length;
    const dupEvents = calls.reduce((n, c) => n + duplicateEventsOf(events, expectedId(c)), 0);
    if (missing > 0 || dupInteractions > 0 || dupEvents > 0) failed = true;
    const backlog =
      w.backlogClearedAfter === undefined ? '' : w.backlogClearedAfter === null ? 'not cleared' : `${w.backlogClearedAfter.toFixed(1)} s after restart`;
    console.log(
      `${w.phase.padEnd(10)} ${String(calls.length).padStart(6)}  ${`${accepted.length} (${calls.filter((c) => c.acceptedFirstTry).length})`.padStart(18)}  ${String(calls.reduce((n, c) => n + c.refusals, 0)).padStart(7)}  ${String(calls.filter((c) => c.gaveUp).length).padStart(5)}  ${String(recorded.length).padStart(8)}  ${String(missing).padStart(7)}  ${String(dupInteractions).padStart(16)}  ${String(dupEvents).padStart(10)}  ${backlog}`,
    );
  }
  const acceptedTotal = load.calls.filter((c) => c.acceptedAt !== null).length;
  const missingCalls = load.calls.filter(
    (c) => c.acceptedAt !== null && !(interactionsOf.get(c.providerCallId) ?? []).some((r) => !['STARTED', 'PROCESSING'].includes(r.call_status)),
  );
  if (missingCalls.length > 0) {
    // Slow is not lost: a call whose interaction workflow is still running is late; one without is gone.
    const statuses = await interactionWorkflowStatuses(
      config,
      missingCalls.map((c) => c.providerCallId),
    );
    const running = [...statuses.values()].filter((st) => st === 'RUNNING').length;
    console.log(
      `!! ${missingCalls.length} accepted calls not recorded: ${running} still running in Temporal (late), ${missingCalls.length - running} not (${[...new Set(statuses.values())].join(', ')})`,
    );
  }
  console.log(
    `\ncalls sent ${load.calls.length}, accepted ${acceptedTotal}, interactions in the read model ${rows.length}, counted by /call/logs ${countedInLogs} (status counts ${JSON.stringify(logsBody.statusCounts)})`,
  );
  console.log(`event ids repeated in the log (producer retries, skipped by the projectors): ${events.repeatedCopies}; dead letters: ${deadLetters}`);
  console.log('CRM jobs: bookings are not part of this load (the webhook fixtures carry no booking)');
  console.log(`processes that died on their own: ${stack.unexpectedExits.length === 0 ? 'none' : stack.unexpectedExits.join('; ')}`);
  if (!countedRight(countedInLogs) || !countedRight(statusCounted)) {
    console.log(`!! /call/logs counts ${countedInLogs} calls (status counts ${statusCounted}) for ${rowsBefore}–${rowsAfter} interactions`);
    failed = true;
  }
  if (deadLetters > 0) failed = true;
  if (load.calls.some((c) => c.gaveUp)) console.log('!! some deliveries were refused for longer than a vendor retries (counted as not accepted)');
  return !failed;
}

async function main(): Promise<number> {
  const adminToken = `chaos-admin-token-${randomUUID()}`;
  const env = { ...process.env, ...testStackEnv(), ADMIN_API_TOKEN: adminToken, LOG_LEVEL: process.env.LOG_LEVEL ?? 'warn' };
  const config = loadConfigOrExit(env);
  fs.rmSync(config.HOMEAGENT_DATA_DIR, { recursive: true, force: true });
  log(`slot ${process.env.HOMEAGENT_TEST_SLOT ?? '0'}: starting PostgreSQL, Kafka and Temporal in ${config.HOMEAGENT_DATA_DIR}`);
  const { sup, bins } = await bringUpServers(config, log);
  const stack = new Stack(config, sup, bins, env);
  const stopAll = async () => {
    sup.onUnexpectedExit = undefined;
    await sup.stopAll();
  };
  process.once('SIGINT', () => void stopAll().then(() => process.exit(130)));
  try {
    await applyMigrations(config.databaseUrl);
    fs.mkdirSync(stack.productLogs, { recursive: true });
    for (const name of ['worker', 'projectors', 'api'] as const) stack.startProduct(name);
    await waitFor('the API', async () => (await fetch(`${apiUrl(config)}/heartbeat`)).ok, 90_000);
    const { orgId, cookie } = await onboardOrganization(config, apiUrl(config), adminToken, { label: 'chaos', name: 'Chaos HVAC' });
    log(`organization ${orgId} onboarded; load of ${RATE} calls/s (product logs in ${stack.productLogs}, servers' in ${path.dirname(logPath(config, 'x'))})`);

    const load = new LoadGenerator(`${apiUrl(config)}/voice-agent/webhook/${orgId}/retell`);
    load.start();
    const windows: PhaseWindow[] = [];
    await runPhase(stack, load, orgId, 'baseline', windows);
    for (const phase of phases) await runPhase(stack, load, orgId, phase, windows);
    log('stopping the load; waiting for the last calls');
    await load.stop();
    const cleared = await waitForBacklog(config.databaseUrl, orgId, () => load.calls, BACKLOG_TIMEOUT_MS);
    if (cleared === null) log(`!! not every accepted call was recorded ${BACKLOG_TIMEOUT_MS / 1000} s after the load stopped`);
    const ok = await audit(stack, load, orgId, cookie, windows);
    log(ok ? 'nothing accepted was lost or duplicated' : 'FAILED: calls accepted were lost or duplicated (above)');
    return ok ? 0 : 1;
  } finally {
    await stopAll();
  }
}

exitWith(main);
