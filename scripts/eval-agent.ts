import { randomUUID } from 'node:crypto';
import type { Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { loadConfigOrExit, TEST_STACK_ENV } from '../config/env';
import { createAgentDirectory } from '../activities/agent-runtime/agent-directory';
import { createAgentRuntimeActivities } from '../activities/agent-runtime/agent-runtime.activities';
import { createTemporalCrmActionGateway } from '../activities/agent-tools/adapters/temporal/temporal-crm-action-gateway.adapter';
import { createInProcessAgentTools } from '../activities/agent-tools/in-process-agent-tools';
import { createCrm } from '../activities/crm/create-crm';
import { OfflineLanguageEngine } from '../activities/llm/adapters/offline/offline.engine';
import type { ChatMessage } from '../activities/llm/language-engine.port';
import type { AgentToolUse } from '../domain/agents/agent-tool-use';
import { toZonedParts } from '../domain/time/zoned-time';
import { createCapacityRepository } from '../events/projections/capacity-settings/capacity-settings.repository';
import { createOrganizationRepository } from '../events/projections/organizations/organizations.repository';
import { createLogger } from '../lib/logger';
import { applyMigrations } from '../prisma/migrator';
import { startProductHarness, type ProductHarness } from '../tests/support/product-harness';
import { SCRIPTED_CALLERS, type ScriptedCaller } from './eval-agent/callers';
import { SimulatedCaller } from './eval-agent/simulated-caller';
import { bringUpServers, type Supervisor } from './stack';
import { isPortOpen } from './stack/servers';
import { startOnboarding } from './stack/http-session';

// `npm run eval:agent`: the in-house agent with the offline engine against scripted cooperative callers
// (scripts/eval-agent/callers.ts), through the agent runtime's turn activity and the very agent tools a
// web call uses (in process), on the sandbox CRM of freshly onboarded organizations, with CRM actions run
// as their durable workflows. It uses the test stack of HOMEAGENT_TEST_SLOT (started here when it is not
// up), with a database, topic prefix and task-queue prefix of its own. Prints % booked, bookings outside
// the capacity the tools offered, turns per booking, and each failure with its transcript
// (EVAL_AGENT_SHOW=<caller id>,… or all prints those transcripts too).

const TZ = 'America/Chicago';
const CALLERS_PER_ORG = 10;
const MAX_TURNS = 24;
const log = (msg: string) => console.log(`[eval:agent] ${msg}`);

interface CallResult {
  caller: ScriptedCaller;
  transcript: string[];
  turns: number;
  booked: boolean;
  callback: boolean;
  outsideCapacity: string[];
  wrongDetails: string[];
  repeatedQuestions: string[];
  ended: boolean;
  error: string | null;
}

const e164 = (spoken: string) => {
  const words: Record<string, string> = {
    zero: '0',
    oh: '0',
    one: '1',
    two: '2',
    three: '3',
    four: '4',
    five: '5',
    six: '6',
    seven: '7',
    eight: '8',
    nine: '9',
  };
  const digits = spoken.replace(/[a-z]+/gi, (w) => words[w.toLowerCase()] ?? '').replace(/\D/g, '');
  return digits.length === 10 ? `+1${digits}` : `+${digits}`;
};

function listen(h: ProductHarness): Promise<{ server: Server; base: string }> {
  return new Promise((resolve) => {
    const server = h.app.listen(0, '127.0.0.1', () => resolve({ server, base: `http://127.0.0.1:${(server.address() as AddressInfo).port}` }));
  });
}

async function onboard(h: ProductHarness, base: string, n: number): Promise<string> {
  const { workflowId } = await startOnboarding(base, h.adminToken, {
    label: 'eval',
    name: `Eval Heating & Plumbing ${n}`,
    timezone: TZ,
    trades: ['HVAC', 'Plumbing', 'Electrical'],
    crm: 'servicetitan',
  });
  return ((await h.client.workflow.getHandle(workflowId).result()) as { orgId: string }).orgId;
}

async function main() {
  const config = loadConfigOrExit({ ...process.env, ...TEST_STACK_ENV });
  let sup: Supervisor | null = null;
  if (!(await isPortOpen(config.POSTGRES_PORT))) {
    log(`starting the test stack of slot ${process.env.HOMEAGENT_TEST_SLOT ?? '0'}`);
    sup = (await bringUpServers(config, log)).sup;
    await applyMigrations(config.databaseUrl);
  } else log(`using the test stack already up on slot ${process.env.HOMEAGENT_TEST_SLOT ?? '0'}`);
  const h = await startProductHarness();
  const api = await listen(h);
  try {
    const logger = createLogger('eval-agent', 'silent');
    const { crm } = createCrm({ adapter: h.config.CRM_ADAPTER, db: h.tdb.db, config: h.config });
    const organizations = createOrganizationRepository(h.tdb.db);
    const tools = createInProcessAgentTools({
      logger,
      organizations,
      capacity: { repository: createCapacityRepository(h.tdb.db) },
      crm: { provider: crm, actions: createTemporalCrmActionGateway(h.client, h.taskQueuePrefix), events: h.bus, actionWaitMs: 8000 },
    });
    const runtime = createAgentRuntimeActivities({ engine: new OfflineLanguageEngine(), tools, logger });
    const directory = createAgentDirectory({ findOrganization: (id) => organizations.findById(id), crm });

    const batches: ScriptedCaller[][] = [];
    for (let i = 0; i < SCRIPTED_CALLERS.length; i += CALLERS_PER_ORG) batches.push(SCRIPTED_CALLERS.slice(i, i + CALLERS_PER_ORG));
    const results: CallResult[] = [];
    const started = Date.now();
    await Promise.all(
      batches.map(async (batch, n) => {
        const orgId = await onboard(h, api.base, n + 1);
        const agent = (await directory.listAgents(orgId)).find((a) => a.agentType === 'OFFICE_HOURS_CSR');
        if (!agent || !agent.tools.includes('create_action_job_booking')) throw new Error(`org ${orgId} has no booking agent`);
        for (const caller of batch)
          results.push(
            await play(caller, async (messages, callerText) =>
              runtime.generateAgentTurn({ orgId, interactionId: randomUUID(), correlationId: `eval-agent/${caller.id}`, agent, messages, callerText }),
            ),
          );
      }),
    );
    report(results, Date.now() - started);
  } finally {
    api.server.close();
    await h.stop();
    if (sup) await sup.stopAll();
  }
}

type Turn = Awaited<ReturnType<ReturnType<typeof createAgentRuntimeActivities>['generateAgentTurn']>>;

async function play(caller: ScriptedCaller, turnOf: (messages: ChatMessage[], callerText: string | null) => Promise<Turn>): Promise<CallResult> {
  const today = toZonedParts(new Date(), TZ).date;
  const sim = new SimulatedCaller(caller, today);
  const transcript: string[] = [];
  const uses: AgentToolUse[] = [];
  const result: CallResult = {
    caller,
    transcript,
    turns: 0,
    booked: false,
    callback: false,
    outsideCapacity: [],
    wrongDetails: [],
    repeatedQuestions: sim.repeatedQuestions,
    ended: false,
    error: null,
  };
  try {
    let turn = await turnOf([], null);
    transcript.push(`Agent: ${turn.reply}`);
    while (!turn.ended && result.turns < MAX_TURNS) {
      const text = sim.reply(turn.reply);
      if (text === null) break;
      result.turns += 1;
      transcript.push(`Caller: ${text}`);
      turn = await turnOf(turn.messages, text);
      for (const use of turn.toolCalls) {
        uses.push(use);
        transcript.push(`  tool ${use.name}(${JSON.stringify(use.arguments)}) → ${use.error ?? JSON.stringify(use.data ?? {}).slice(0, 300)}`);
      }
      transcript.push(`Agent: ${turn.reply}`);
    }
    result.ended = turn.ended;
  } catch (err) {
    result.error = (err as Error).stack ?? String(err);
  }
  const offered = new Set(
    uses.filter((u) => u.name === 'get_capacity').flatMap((u) => ((u.data?.slots as { start: string }[] | undefined) ?? []).map((s) => s.start)),
  );
  const expected = {
    full_name: caller.final?.name ?? caller.name,
    phone_number: e164(caller.final?.phone ?? caller.phone),
    street: (caller.final?.street ?? caller.street).toLowerCase(),
    zip: caller.final?.zip ?? caller.zip,
    job_type_id: caller.jobType,
  };
  for (const use of uses.filter((u) => u.name === 'create_action_job_booking')) {
    const args = use.arguments;
    if (!offered.has(String(args.appointment_time))) result.outsideCapacity.push(String(args.appointment_time));
    if (use.data?.action_status === 'COMPLETED') result.booked = true;
    if (args.full_name !== expected.full_name) result.wrongDetails.push(`full_name ${String(args.full_name)} ≠ ${expected.full_name}`);
    if (args.phone_number !== expected.phone_number) result.wrongDetails.push(`phone ${String(args.phone_number)} ≠ ${expected.phone_number}`);
    if (!String(args.address).toLowerCase().startsWith(expected.street)) result.wrongDetails.push(`address ${String(args.address)} ≠ ${expected.street}…`);
    if (args.zip !== expected.zip) result.wrongDetails.push(`zip ${String(args.zip)} ≠ ${expected.zip}`);
    if (args.job_type_id !== expected.job_type_id) result.wrongDetails.push(`job type ${String(args.job_type_id)} ≠ ${expected.job_type_id}`);
  }
  result.callback = uses.some((u) => u.name === 'create_action_callback_request' && !u.error);
  return result;
}

function succeeded(r: CallResult): boolean {
  if (r.error || r.outsideCapacity.length > 0) return false;
  if ((r.caller.expect ?? 'booked') === 'callback') return r.callback && !r.booked;
  return r.booked && r.wrongDetails.length === 0;
}

function report(results: CallResult[], ms: number) {
  const bookers = results.filter((r) => (r.caller.expect ?? 'booked') === 'booked');
  const booked = bookers.filter((r) => r.booked && r.wrongDetails.length === 0);
  const bookings = results.filter((r) => r.booked);
  const turns = booked.map((r) => r.turns).sort((a, b) => a - b);
  const median = turns.length === 0 ? NaN : turns.length % 2 ? turns[(turns.length - 1) / 2] : (turns[turns.length / 2 - 1] + turns[turns.length / 2]) / 2;
  const mean = turns.reduce((a, b) => a + b, 0) / Math.max(1, turns.length);
  const callbacks = results.filter((r) => r.caller.expect === 'callback');
  const failures = results.filter((r) => !succeeded(r));
  const repeated = results.reduce((n, r) => n + r.repeatedQuestions.length, 0);

  console.log('');
  for (const r of failures) {
    console.log(
      `--- FAILED ${r.caller.id}: ${r.error ? 'error' : r.outsideCapacity.length ? `booked outside capacity ${r.outsideCapacity.join(', ')}` : r.wrongDetails.length ? r.wrongDetails.join('; ') : r.booked ? 'booked, expected a callback' : r.callback ? 'ended in a callback' : 'not booked'}`,
    );
    if (r.error) console.log(r.error);
    for (const line of r.transcript) console.log(`    ${line}`);
  }
  const shown = new Set((process.env.EVAL_AGENT_SHOW ?? '').split(',').filter(Boolean));
  for (const r of results.filter((x) => succeeded(x) && (shown.has(x.caller.id) || shown.has('all')))) {
    console.log(`--- ${r.caller.id}`);
    for (const line of r.transcript) console.log(`    ${line}`);
  }
  for (const r of results.filter((x) => x.repeatedQuestions.length > 0))
    console.log(`--- ${r.caller.id} was asked again for what it had said: ${r.repeatedQuestions.join(' | ')}`);
  console.log('');
  console.log(`scripted callers               ${results.length} (${bookers.length} who want a booking, ${callbacks.length} who should end in a callback)`);
  console.log(
    `booked                         ${booked.length}/${bookers.length} = ${((100 * booked.length) / Math.max(1, bookers.length)).toFixed(1)}%  (target ≥ 95%)`,
  );
  console.log(`bookings outside capacity      ${results.reduce((n, r) => n + r.outsideCapacity.length, 0)} of ${bookings.length} bookings  (target 0)`);
  console.log(`bookings with wrong details    ${results.filter((r) => r.wrongDetails.length > 0).length}`);
  console.log(`callbacks where expected       ${callbacks.filter((r) => r.callback && !r.booked).length}/${callbacks.length}`);
  console.log(`caller turns per booking       mean ${mean.toFixed(1)}, median ${median}, max ${turns[turns.length - 1] ?? NaN}`);
  console.log(`questions repeated             ${repeated}`);
  console.log(`calls that ended with end_call ${results.filter((r) => r.ended).length}/${results.length}`);
  console.log(`wall time                      ${(ms / 1000).toFixed(1)} s`);
  process.exitCode = failures.length > 0 && booked.length / Math.max(1, bookers.length) < 0.95 ? 1 : 0;
}

main().catch((err) => {
  console.error(err);
  process.exit(1);
});
