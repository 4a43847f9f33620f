import { ApplicationFailure } from '@temporalio/common';
import type { AudienceActivities } from '../../activities/crm/audience.activities';
import { freshTaskQueue, withWorker, useWorkflowTestEnvironment } from '../../tests/support/workflow-environment';
import { workflowIds } from '../../domain/run/workflow-ids';
import { buildAudienceWorkflow } from './build-audience.workflow';
import type { BuildAudienceInput } from './build-audience.types';

const suite = useWorkflowTestEnvironment();

const input: BuildAudienceInput = {
  meta: { correlationId: 'corr-1' },
  orgId: 'org-1',
  audienceId: 'aud-1',
  source: 'RULES',
  isFileUpload: false,
  rules: { primary_filter: 'customers' },
};

function fakeActivities(findAudienceMembers: AudienceActivities['findAudienceMembers']) {
  const recorded: string[] = [];
  const activities: AudienceActivities = {
    async recordAudienceBuildRequested({ audienceId }) {
      recorded.push(`requested:${audienceId}`);
    },
    findAudienceMembers,
    async recordAudienceBuildFailed({ reason }) {
      recorded.push(`failed:${reason}`);
    },
  };
  return { activities, recorded };
}

async function run(activities: AudienceActivities, id = workflowIds.audienceBuild(input.orgId, input.audienceId)) {
  const taskQueue = freshTaskQueue('crm');
  return withWorker(suite.env, { taskQueue, workflowBundle: suite.workflowBundle, activities }, () =>
    suite.env.client.workflow.execute(buildAudienceWorkflow, { taskQueue, workflowId: `${id}/${taskQueue}`, args: [input] }),
  );
}

test('a build is requested, then completes with the members the CRM found', async () => {
  const { activities, recorded } = fakeActivities(async ({ rules }) => ({ memberCount: rules.primary_filter === 'customers' ? 42 : 0 }));

  await expect(run(activities)).resolves.toEqual({ status: 'COMPLETE', memberCount: 42 });
  expect(recorded).toEqual(['requested:aud-1']);
});

test('a CRM that is briefly down is retried with backoff before the build completes', async () => {
  let attempts = 0;
  const { activities, recorded } = fakeActivities(async () => {
    attempts += 1;
    if (attempts < 3) throw new Error('503 from the CRM');
    return { memberCount: 7 };
  });

  await expect(run(activities)).resolves.toEqual({ status: 'COMPLETE', memberCount: 7 });
  expect(attempts).toBe(3);
  expect(recorded).toEqual(['requested:aud-1']);
});

test('a CrmError is not retried: the build is ERRORED with its reason', async () => {
  let attempts = 0;
  const { activities, recorded } = fakeActivities(async () => {
    attempts += 1;
    throw ApplicationFailure.create({ type: 'CrmError', message: 'Unknown job type 99', nonRetryable: false });
  });

  await expect(run(activities)).resolves.toEqual({ status: 'ERRORED', reason: 'Unknown job type 99' });
  expect(attempts).toBe(1);
  expect(recorded).toEqual(['requested:aud-1', 'failed:Unknown job type 99']);
});

test('a CRM that stays down gets six tries over minutes of backoff, then the build is ERRORED', async () => {
  let attempts = 0;
  const { activities, recorded } = fakeActivities(async () => {
    attempts += 1;
    throw new Error('CRM unreachable');
  });

  await expect(run(activities)).resolves.toEqual({ status: 'ERRORED', reason: 'CRM unreachable' });
  expect(attempts).toBe(6);
  expect(recorded).toEqual(['requested:aud-1', 'failed:CRM unreachable']);
});
