import { WorkflowFailedError } from '@temporalio/client';
import { ApplicationFailure } from '@temporalio/common';
import type { CreateOnboardingAgentsInput } from '../../activities/agents/onboarding-agents.activities';
import { createCrmConnectionActivities } from '../../activities/crm/crm-connection.activities';
import type { CrmConnectionStore } from '../../activities/crm/crm-connection.repository';
import { CrmError } from '../../activities/crm/crm.port';
import type { CrmConnection } from '../../domain/crm/crm-config.schema';
import { workflowIds } from '../../domain/run/workflow-ids';
import { createLogger } from '../../lib/logger';
import { freshTaskQueue, recordCalls, withWorker, useWorkflowTestEnvironment } from '../../tests/support/workflow-environment';
import { fakeOnboardingActivities, onboardingInput } from '../../tests/support/workflow-scenarios';
import { getOnboardingProgressQuery } from './onboarding.messages';
import type { OnboardingInput, OnboardingProgress } from './onboarding.types';
import { onboardingWorkflow } from './onboarding.workflow';

type Activities = ReturnType<typeof fakeOnboardingActivities>;

const suite = useWorkflowTestEnvironment();

async function onboard(activities: Activities, input: OnboardingInput, whileRunning?: (query: () => Promise<OnboardingProgress>) => Promise<void>) {
  const taskQueue = freshTaskQueue('onboarding');
  return withWorker(suite.env, { taskQueue, workflowBundle: suite.workflowBundle, activities }, async () => {
    const handle = await suite.env.client.workflow.start(onboardingWorkflow, {
      taskQueue,
      workflowId: `${workflowIds.onboarding(input.slug)}/${taskQueue}`,
      args: [input],
    });
    await whileRunning?.(() => handle.query(getOnboardingProgressQuery));
    return handle.result();
  });
}

/** The real activities on staged credentials the CRM refuses, as the worker builds them. */
function refusingCrm() {
  const staged: CrmConnection = { crmName: 'servicetitan', config: {} as never };
  const connections = { findStaged: async () => staged, attach: async () => true } as unknown as CrmConnectionStore;
  return createCrmConnectionActivities({
    connections,
    verify: async () => {
      throw new CrmError('UNAUTHORIZED', 'invalid client secret');
    },
    logger: createLogger('test', 'silent'),
  });
}

test('an organization is created with its admin, its progress readable while it runs; a sandbox CRM is seeded, own credentials are checked first and attached', async () => {
  let release!: () => void;
  const provisioned = new Promise<void>((resolve) => (release = resolve));
  const none = recordCalls<Activities>({
    ...fakeOnboardingActivities(),
    provisionOrganization: async () => provisioned,
  });
  const steps: OnboardingProgress[] = [];

  const result = await onboard(none.activities, onboardingInput('joe-plumbing'), async (query) => {
    // Held in the provisioning step until the test has seen it.
    while (steps.at(-1)?.step !== 'creating_organization') steps.push(await query());
    release();
  });

  const orgId = steps.at(-1)!.orgId;
  expect(result).toEqual({ orgId, slug: 'joe-plumbing', adminUserId: 'user-1' });
  expect(none.calls.map((c) => c.name)).toEqual(['provisionOrganization', 'registerStaffUser', 'awaitOnboardingReadModels']);
  expect(none.named('provisionOrganization')[0].input.organization).toMatchObject({
    orgId,
    name: 'Joe Plumbing',
    slug: 'joe-plumbing',
    adminEmails: ['joe@example.com'],
    crmName: 'NONE',
  });
  expect(none.named('registerStaffUser')[0].input).toMatchObject({ orgId, email: 'joe@example.com', role: 'admin', passwordHash: null });
  expect(none.named('awaitOnboardingReadModels')[0].input).toEqual({ orgId, adminUserId: 'user-1', agentIds: [] });

  const sandbox = recordCalls(fakeOnboardingActivities());
  await onboard(sandbox.activities, onboardingInput('joe-sandbox', { crmName: 'servicetitan' }));
  expect(sandbox.calls.map((c) => c.name)).toEqual(['provisionOrganization', 'registerStaffUser', 'seedSandboxCrm', 'awaitOnboardingReadModels']);

  const own = recordCalls(fakeOnboardingActivities());
  const ownResult = await onboard(own.activities, onboardingInput('joe-own', { crmName: 'servicetitan', crmCredentialsStored: true }));
  expect(own.calls.map((c) => c.name)).toEqual([
    'verifyStagedCrmConnection',
    'provisionOrganization',
    'registerStaffUser',
    'attachCrmConnection',
    'awaitOnboardingReadModels',
  ]);
  expect(own.named('attachCrmConnection')[0].input).toEqual({ slug: 'joe-own', orgId: ownResult.orgId });
});

test('refused CRM credentials fail the onboarding at once, before any organization exists, saying why', async () => {
  const { activities, calls } = recordCalls<Activities>({ ...fakeOnboardingActivities(), ...refusingCrm() });

  const failure = await onboard(activities, onboardingInput('joe-refused', { crmName: 'servicetitan', crmCredentialsStored: true })).catch(
    (err: unknown) => err,
  );

  expect(failure).toBeInstanceOf(WorkflowFailedError);
  // What the API shows is the innermost failure (temporal-workflow-gateway rootCause).
  const cause = (failure as WorkflowFailedError).cause?.cause;
  expect(cause).toBeInstanceOf(ApplicationFailure);
  expect(cause).toMatchObject({ type: 'CrmConnectionTestFailed', message: 'The ServiceTitan credentials in crm_config did not work: invalid client secret' });
  expect(calls.map((c) => c.name)).toEqual(['verifyStagedCrmConnection']);

  // skip_crm_test: the same credentials are attached without the check.
  const skipped = recordCalls<Activities>({ ...fakeOnboardingActivities(), ...refusingCrm() });
  await onboard(skipped.activities, onboardingInput('joe-unchecked', { crmName: 'servicetitan', crmCredentialsStored: true, skipCrmTest: true }));
  expect(skipped.calls.map((c) => c.name)).toEqual(['provisionOrganization', 'registerStaffUser', 'attachCrmConnection', 'awaitOnboardingReadModels']);
});

test('agents_config becomes agent records after the CRM is set up, stripe_billing_id is recorded, and a retry publishes the same events', async () => {
  let attempts = 0;
  const { activities, calls, named } = recordCalls<Activities>({
    ...fakeOnboardingActivities(),
    createOnboardingAgents: async ({ agents }) => {
      attempts += 1;
      // The first attempt dies after publishing (a lost answer): the retry must name the same events.
      if (attempts === 1) throw ApplicationFailure.retryable('connection reset after publishing', 'Transient');
      return { agentIds: agents.map((a) => `agent-${a.spareAgentId}`) };
    },
  });

  const result = await onboard(
    activities,
    onboardingInput('joe-agents', {
      crmName: 'servicetitan',
      stripeBillingId: 'cus_0123456789abcd',
      agentsConfig: [
        { agentType: 'OFFICE_HOURS_CSR', friendlyName: null },
        { agentType: 'OFFICE_HOURS_CSR', friendlyName: 'Overflow CSR' },
      ],
    }),
  );

  expect(calls.map((c) => c.name)).toEqual([
    'provisionOrganization',
    'registerStaffUser',
    'seedSandboxCrm',
    'recordOrganizationBillingId',
    'createOnboardingAgents',
    'createOnboardingAgents',
    'awaitOnboardingReadModels',
  ]);
  expect(named('recordOrganizationBillingId')[0].input).toMatchObject({ orgId: result.orgId, stripeBillingId: 'cus_0123456789abcd' });
  const [first, retry] = named('createOnboardingAgents').map((c) => c.input as CreateOnboardingAgentsInput);
  expect(retry).toEqual(first);
  expect(first).toMatchObject({
    orgId: result.orgId,
    organization: { name: 'Joe Plumbing', crmName: 'servicetitan' },
    agents: [
      { agentType: 'OFFICE_HOURS_CSR', friendlyName: null },
      { agentType: 'OFFICE_HOURS_CSR', friendlyName: 'Overflow CSR' },
    ],
  });
  const ids = first.agents.flatMap((a) => [a.eventId, a.spareAgentId]);
  expect(new Set(ids).size).toBe(4);
  expect(named('awaitOnboardingReadModels')[0].input).toEqual({
    orgId: result.orgId,
    adminUserId: 'user-1',
    agentIds: first.agents.map((a) => `agent-${a.spareAgentId}`),
  });

  // Neither is given: no step runs.
  const bare = recordCalls(fakeOnboardingActivities());
  await onboard(bare.activities, onboardingInput('joe-bare', { agentsConfig: [], stripeBillingId: null }));
  expect(bare.calls.map((c) => c.name)).toEqual(['provisionOrganization', 'registerStaffUser', 'awaitOnboardingReadModels']);
});
