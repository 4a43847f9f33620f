import { newAgentConfig } from '../../domain/agents/agent-record';
import type { Agent, TransferTool } from '../../domain/contracts/agents.contract';
import type { DomainEvent } from '../../events/catalog';
import { createAgentPlatformActivities } from '../../activities/voice/agent-platform.activities';
import { VoiceProviderError, type VoiceProvider } from '../../activities/voice/voice-provider.port';
import { workflowIds } from '../../domain/run/workflow-ids';
import { createLogger } from '../../lib/logger';
import { freshTaskQueue, useWorkflowTestEnvironment, withWorker } from '../../tests/support/workflow-environment';
import { agentPlatformChangedSignal } from './agent-platform.messages';
import { configureAgentPlatformWorkflow } from './configure-agent-platform.workflow';

// The real activities over an in-memory agent record, a scripted platform and an in-memory event log.
const suite = useWorkflowTestEnvironment();
const ORG_ID = '5d7cf3f8-56b7-4d8e-9a43-1f6c3d1f9a01';
const AGENT_ID = '0b7a4a3e-8f53-4d5e-a1d5-3a2b9c7e6f10';
const org = { id: ORG_ID, name: 'Bluebonnet Plumbing', timezone: 'America/Chicago', tradesOffered: ['Plumbing'] };
const tool = (name: string): TransferTool => ({
  name,
  description: '',
  transfer_destination: { type: 'predefined', number: '+15125550100' },
  transfer_option: { type: 'cold_transfer', show_transferee_as_caller: false },
  show_transferee_as_caller: false,
});

function harness(write: (tools: readonly TransferTool[]) => Promise<void>) {
  const record: { agent: Agent } = {
    agent: {
      id: AGENT_ID,
      org_id: ORG_ID,
      created_at: '2026-11-28T00:00:00.000Z',
      updated_at: '2026-11-28T00:00:00.000Z',
      platform_sync: null,
      ...newAgentConfig('OFFICE_HOURS_CSR', org, []),
      provider: 'retell',
      provider_agent_id: 'agent_x',
      transfer_tools: [tool('to_office')],
    },
  };
  const events: DomainEvent[] = [];
  const writes: string[][] = [];
  const platform = {
    provider: 'retell',
    configureTransferTools: async (_id: string, tools: readonly TransferTool[]) => {
      writes.push(tools.map((t) => t.name));
      await write(tools);
    },
  } as unknown as VoiceProvider;
  const activities = createAgentPlatformActivities({
    events: { publish: async (batch: DomainEvent[]) => void events.push(...batch) } as never,
    agents: { findAgent: async (id) => (id === AGENT_ID ? record.agent : null) },
    providers: { named: async () => platform },
    logger: createLogger('test', 'silent'),
  });
  return { record, events, writes, activities };
}

async function run(activities: object, fn: (taskQueue: string) => Promise<void>) {
  const taskQueue = freshTaskQueue('agent-platform');
  await withWorker(suite.env, { taskQueue, workflowBundle: suite.workflowBundle, activities }, () => fn(taskQueue));
}

const input = { meta: { correlationId: 'corr-1' }, orgId: ORG_ID, agentId: AGENT_ID };

test('retries a platform that is down and records the transfers configured once it takes them', async () => {
  let attempts = 0;
  const h = harness(async () => {
    attempts += 1;
    if (attempts < 3) throw new VoiceProviderError('UNAVAILABLE', 'retell PATCH /update-retell-llm/llm_1 answered 503', { provider: 'retell' });
  });
  await run(h.activities, async (taskQueue) => {
    await suite.env.client.workflow.execute(configureAgentPlatformWorkflow, {
      taskQueue,
      workflowId: `${workflowIds.agentPlatform(AGENT_ID)}/${taskQueue}`,
      args: [input],
    });
  });
  expect(attempts).toBe(3);
  expect(h.events.map((e) => e.type)).toEqual(['AgentPlatformConfigured']);
  expect(h.events[0]).toMatchObject({
    aggregateId: AGENT_ID,
    correlationId: 'corr-1',
    data: { orgId: ORG_ID, agentId: AGENT_ID, provider: 'retell', providerAgentId: 'agent_x', transferToolNames: ['to_office'] },
  });
});

test('records the failure with the platform code once the retries give up, and at once for a refusal', async () => {
  const down = harness(async () => {
    throw new VoiceProviderError('UNAVAILABLE', 'retell GET /get-agent/agent_x failed: connect ECONNREFUSED', { provider: 'retell' });
  });
  await run(down.activities, async (taskQueue) => {
    await suite.env.client.workflow.execute(configureAgentPlatformWorkflow, { taskQueue, workflowId: `down/${taskQueue}`, args: [input] });
  });
  expect(down.writes).toHaveLength(8);
  expect(down.events.map((e) => e.type)).toEqual(['AgentPlatformConfigurationFailed']);
  expect(down.events[0].data).toMatchObject({ error: { code: 'UNAVAILABLE', message: 'retell GET /get-agent/agent_x failed: connect ECONNREFUSED' } });

  const refused = harness(async () => {
    throw new VoiceProviderError('UNAUTHORIZED', 'retell GET /get-agent/agent_x answered 401', { provider: 'retell' });
  });
  await run(refused.activities, async (taskQueue) => {
    await suite.env.client.workflow.execute(configureAgentPlatformWorkflow, { taskQueue, workflowId: `refused/${taskQueue}`, args: [input] });
  });
  expect(refused.writes).toHaveLength(1);
  expect(refused.events[0].data).toMatchObject({ error: { code: 'UNAUTHORIZED' } });
});

test('an edit while a write is in flight makes the run write the newest tools again after it', async () => {
  let release!: () => void;
  const first = new Promise<void>((resolve) => (release = resolve));
  const h = harness(async (tools) => {
    if (tools[0]?.name === 'to_office') await first;
  });
  await run(h.activities, async (taskQueue) => {
    const workflowId = `${workflowIds.agentPlatform(AGENT_ID)}/edit/${taskQueue}`;
    const start = () =>
      suite.env.client.workflow.signalWithStart(configureAgentPlatformWorkflow, {
        taskQueue,
        workflowId,
        args: [input],
        signal: agentPlatformChangedSignal,
        signalArgs: [],
      });
    const handle = await start();
    while (h.writes.length === 0) await new Promise((r) => setTimeout(r, 20));
    h.record.agent = { ...h.record.agent, transfer_tools: [tool('to_dispatch')] };
    await start();
    release();
    await handle.result();
  });
  expect(h.writes).toEqual([['to_office'], ['to_dispatch']]);
  expect(h.events.map((e) => (e.data as { transferToolNames: string[] }).transferToolNames)).toEqual([['to_office'], ['to_dispatch']]);
});
