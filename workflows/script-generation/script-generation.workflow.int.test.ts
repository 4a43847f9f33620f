import { WorkflowFailedError } from '@temporalio/client';
import { newAgentConfig } from '../../domain/agents/agent-record';
import type { Agent } from '../../domain/contracts/agents.contract';
import type { DomainEvent } from '../../events/catalog';
import { createJobTypeSheetActivities } from '../../activities/script-generation/job-type-sheet.activities';
import { createScriptGenerationActivities } from '../../activities/script-generation/script-generation.activities';
import { createWebsiteActivities } from '../../activities/website/website.activities';
import { createOfflineWebsiteReader } from '../../activities/website/adapters/offline/offline-website.adapter';
import type { CrmProvider } from '../../activities/crm/crm.port';
import { OfflineLanguageEngine } from '../../activities/llm/adapters/offline/offline.engine';
import { workflowIds } from '../../domain/run/workflow-ids';
import { createLogger } from '../../lib/logger';
import { freshTaskQueue, recordCalls, useWorkflowTestEnvironment, withWorker } from '../../tests/support/workflow-environment';
import { getAgentScriptProgressQuery, getJobTypeSheetProgressQuery } from './script-generation.messages';
import type { AgentScriptStep, GenerateAgentScriptInput, JobTypeSheetProgress } from './script-generation.types';
import { generateAgentScriptWorkflow } from './generate-agent-script.workflow';
import { generateJobTypeSheetWorkflow } from './generate-job-type-sheet.workflow';

// The real activities (offline engine, stored website page) over in-memory agents, organizations and events.
const suite = useWorkflowTestEnvironment();
const logger = createLogger('test', 'silent');
const ORG = {
  id: '5d7cf3f8-56b7-4d8e-9a43-1f6c3d1f9a01',
  name: 'Bluebonnet Heating, Cooling & Plumbing',
  tradesOffered: ['HVAC'],
  crmName: 'servicetitan',
  timezone: 'America/Chicago',
};
const AGENT_ID = '0b7a4a3e-8f53-4d5e-a1d5-3a2b9c7e6f10';

function agent(overrides: Partial<Agent> = {}): Agent {
  const config = newAgentConfig('OFFICE_HOURS_CSR', { id: ORG.id, name: ORG.name, timezone: ORG.timezone, tradesOffered: ORG.tradesOffered }, []);
  return {
    id: AGENT_ID,
    org_id: ORG.id,
    created_at: '2026-11-28T00:00:00.000Z',
    updated_at: '2026-11-28T00:00:00.000Z',
    platform_sync: null,
    ...config,
    requires_script_generation: true,
    ...overrides,
  };
}

function scriptActivities(record: Agent | null, hold?: Promise<void>) {
  const published: DomainEvent[] = [];
  const script = createScriptGenerationActivities({
    events: { publish: async (events) => void published.push(...events) },
    engine: new OfflineLanguageEngine(),
    agents: { findAgent: async (id) => (record?.id === id ? record : null) },
    organizations: { findOrganization: async (id) => (id === ORG.id ? ORG : null) },
    logger,
  });
  const website = createWebsiteActivities({ website: createOfflineWebsiteReader() });
  const recorded = recordCalls({
    ...script,
    readCompanyWebsite: async (input: { url: string }) => {
      await hold;
      return website.readCompanyWebsite(input);
    },
  });
  return { ...recorded, published };
}

const input = (overrides: Partial<GenerateAgentScriptInput> = {}): GenerateAgentScriptInput => ({
  meta: { correlationId: 'corr-script' },
  orgId: ORG.id,
  agentId: AGENT_ID,
  agentType: 'OFFICE_HOURS_CSR',
  url: 'https://bluebonnethvac.example',
  ...overrides,
});

async function run<T>(activities: object, fn: (taskQueue: string) => Promise<T>): Promise<T> {
  const taskQueue = freshTaskQueue('script-generation');
  return withWorker(suite.env, { taskQueue, workflowBundle: suite.workflowBundle, activities }, () => fn(taskQueue));
}

test("reads the website, writes the agent type's variables and publishes the agent's update, its steps readable while it runs", async () => {
  let release!: () => void;
  const fake = scriptActivities(agent(), new Promise<void>((resolve) => (release = resolve)));
  const steps: AgentScriptStep[] = [];
  const result = await run(fake.activities, async (taskQueue) => {
    const handle = await suite.env.client.workflow.start(generateAgentScriptWorkflow, {
      taskQueue,
      workflowId: `${workflowIds.scriptGeneration(AGENT_ID)}/${taskQueue}`,
      args: [input()],
    });
    while (steps.at(-1) !== 'reading_website') {
      const { step } = await handle.query(getAgentScriptProgressQuery);
      if (steps.at(-1) !== step) steps.push(step);
    }
    release();
    const out = await handle.result();
    steps.push((await handle.query(getAgentScriptProgressQuery)).step);
    return out;
  });

  expect(steps[steps.length - 2]).toBe('reading_website');
  expect(steps.at(-1)).toBe('done');
  expect(fake.calls.map((c) => c.name)).toEqual(['prepareScriptGeneration', 'readCompanyWebsite', 'writeAgentScript', 'saveAgentScript']);
  expect(result.websiteTitle).toContain('Bluebonnet Heating');
  expect(result.scriptConfig).toMatchObject({
    agent_name: 'Olivia',
    services: ['HVAC', 'Plumbing', 'Drains'],
    company_phone_number: '+15125550142',
    company_address: '4807 Burnet Road, Suite 200, Austin, TX 78756',
  });
  expect(fake.published).toHaveLength(1);
  expect(fake.published[0]).toMatchObject({
    type: 'AgentUpdated',
    aggregateId: AGENT_ID,
    orgId: ORG.id,
    correlationId: 'corr-script',
    data: { agentId: AGENT_ID, agent: { requires_script_generation: false, script_config: result.scriptConfig, agent_type: 'OFFICE_HOURS_CSR' } },
  });
});

test('refuses an agent marked never_generate_script before reading anything, and an unknown agent', async () => {
  const fake = scriptActivities(agent({ never_generate_script: true }));
  const failure = await run(fake.activities, (taskQueue) =>
    suite.env.client.workflow.execute(generateAgentScriptWorkflow, { taskQueue, workflowId: `refused/${taskQueue}`, args: [input()] }).catch((e: unknown) => e),
  );
  expect(failure).toBeInstanceOf(WorkflowFailedError);
  expect((failure as WorkflowFailedError).cause?.cause).toMatchObject({ type: 'ScriptGenerationRefused' });
  expect(fake.calls.map((c) => c.name)).toEqual(['prepareScriptGeneration']);
  expect(fake.published).toEqual([]);

  const unknown = scriptActivities(null);
  const missing = await run(unknown.activities, (taskQueue) =>
    suite.env.client.workflow.execute(generateAgentScriptWorkflow, { taskQueue, workflowId: `unknown/${taskQueue}`, args: [input()] }).catch((e: unknown) => e),
  );
  expect((missing as WorkflowFailedError).cause?.cause).toMatchObject({ type: 'AgentNotFound', message: `Agent ${AGENT_ID} not found` });
});

test('terminated while it reads the website: nothing is saved', async () => {
  let release!: () => void;
  const fake = scriptActivities(agent(), new Promise<void>((resolve) => (release = resolve)));
  const status = await run(fake.activities, async (taskQueue) => {
    const handle = await suite.env.client.workflow.start(generateAgentScriptWorkflow, { taskQueue, workflowId: `terminated/${taskQueue}`, args: [input()] });
    while ((await handle.query(getAgentScriptProgressQuery)).step !== 'reading_website') await new Promise((r) => setTimeout(r, 20));
    await handle.terminate('operator stopped it');
    // The read then finishes; its answer reaches no workflow (and the worker can shut down).
    release();
    return (await handle.describe()).status.name;
  });
  expect(status).toBe('TERMINATED');
  expect(fake.named('saveAgentScript')).toEqual([]);
  expect(fake.published).toEqual([]);
});

test('a second start with the same agent joins the run going', async () => {
  let release!: () => void;
  const fake = scriptActivities(agent(), new Promise<void>((resolve) => (release = resolve)));
  const [first, second] = await run(fake.activities, async (taskQueue) => {
    const options = { taskQueue, workflowId: `${workflowIds.scriptGeneration(AGENT_ID)}/dup/${taskQueue}`, args: [input()] as [GenerateAgentScriptInput] };
    const a = await suite.env.client.workflow.start(generateAgentScriptWorkflow, { ...options, workflowIdConflictPolicy: 'USE_EXISTING' });
    const b = await suite.env.client.workflow.start(generateAgentScriptWorkflow, { ...options, workflowIdConflictPolicy: 'USE_EXISTING' });
    release();
    await b.result();
    return [a.firstExecutionRunId, b.firstExecutionRunId];
  });
  expect(second).toBe(first);
  expect(fake.named('readCompanyWebsite')).toHaveLength(1);
  expect(fake.published).toHaveLength(1);
});

function sheetActivities(jobTypes: { id: string; name: string; businessUnitIds: string[] }[]) {
  const published: DomainEvent[] = [];
  const crm = {
    forOrganization: () => ({
      listJobTypes: async () => jobTypes.map((t) => ({ ...t, duration: 7200, skills: [] })),
      listBusinessUnits: async () => [
        { id: 'bu-hvac', name: 'HVAC Service', trade: 'HVAC' },
        { id: 'bu-plumb', name: 'Plumbing Service', trade: 'Plumbing' },
      ],
    }),
  } as unknown as CrmProvider;
  const activities = createJobTypeSheetActivities({
    events: { publish: async (events) => void published.push(...events) },
    engine: new OfflineLanguageEngine(),
    crm,
    organizations: { findOrganization: async (id) => (id === ORG.id ? ORG : null) },
    logger,
  });
  return { ...recordCalls(activities), published };
}

test('the job-type sheet describes each CRM job type in a section of its own and records it', async () => {
  const jobTypes = Array.from({ length: 6 }, (_, i) => ({
    id: `jt-${i + 1}`,
    name: i % 2 ? `Drain Clearing ${i + 1}` : `AC Repair ${i + 1}`,
    businessUnitIds: [i % 2 ? 'bu-plumb' : 'bu-hvac'],
  }));
  const fake = sheetActivities(jobTypes);
  const seen: JobTypeSheetProgress[] = [];
  const result = await run(fake.activities, async (taskQueue) => {
    const handle = await suite.env.client.workflow.start(generateJobTypeSheetWorkflow, {
      taskQueue,
      workflowId: `${workflowIds.jobTypeSheet(ORG.id)}/${taskQueue}`,
      args: [{ meta: { correlationId: 'corr-sheet' }, orgId: ORG.id }],
    });
    const out = await handle.result();
    seen.push(await handle.query(getJobTypeSheetProgressQuery));
    return out;
  });
  expect(seen[0]).toEqual({ step: 'done', orgId: ORG.id, described: 6, total: 6 });
  expect(result.jobTypeCount).toBe(6);
  expect(result.description.split('\n')[0]).toBe(`Job types of ${ORG.name} (6)`);
  expect(result.description.match(/^## /gm)).toHaveLength(6);
  expect(result.description).toContain('## AC Repair 1 (HVAC Service)\nId: jt-1\nAC Repair 1 (HVAC Service): an HVAC job type.');
  expect(result.description).toContain('## Drain Clearing 2 (Plumbing Service)');
  expect(fake.named('describeJobType')).toHaveLength(6);
  expect(fake.named('describeJobType').find((c) => c.input.jobType.id === 'jt-2')?.input.jobType).toEqual({
    id: 'jt-2',
    name: 'Drain Clearing 2',
    businessUnitName: 'Plumbing Service',
    trade: 'Plumbing',
  });
  expect(fake.published).toHaveLength(1);
  expect(fake.published[0]).toMatchObject({
    type: 'OrganizationJobTypeSheetGenerated',
    data: { orgId: ORG.id, description: result.description, jobTypeCount: 6 },
  });
});

test('an organization whose CRM lists no job types gets a sheet that says so', async () => {
  const fake = sheetActivities([]);
  const result = await run(fake.activities, (taskQueue) =>
    suite.env.client.workflow.execute(generateJobTypeSheetWorkflow, {
      taskQueue,
      workflowId: `empty/${taskQueue}`,
      args: [{ meta: { correlationId: 'c' }, orgId: ORG.id }],
    }),
  );
  expect(result).toEqual({ orgId: ORG.id, jobTypeCount: 0, description: `Job types of ${ORG.name}\n\nThe CRM lists no job types for this organization yet.` });
});
