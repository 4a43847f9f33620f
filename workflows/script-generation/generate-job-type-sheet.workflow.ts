import { proxyActivities, setHandler, upsertSearchAttributes, uuid4, workflowInfo } from '@temporalio/workflow';
import type { JobTypeSheetActivities } from '../../activities/script-generation/job-type-sheet.activities';
import { formatJobTypeSheet, type JobTypeSheetEntry } from '../../domain/agents/job-type-sheet';
import { ORG_ID_ATTRIBUTE } from '../search-attributes';
import { getJobTypeSheetProgressQuery } from './script-generation.messages';
import type { GenerateJobTypeSheetInput, GenerateJobTypeSheetResult, JobTypeSheetProgress } from './script-generation.types';

const { listJobTypesForSheet, recordJobTypeSheet } = proxyActivities<JobTypeSheetActivities>({
  startToCloseTimeout: '30 seconds',
  retry: { initialInterval: '1 second', maximumInterval: '10 seconds', maximumAttempts: 5 },
});

const { describeJobType } = proxyActivities<JobTypeSheetActivities>({
  startToCloseTimeout: '1 minute',
  retry: { initialInterval: '2 seconds', maximumInterval: '30 seconds', maximumAttempts: 3 },
});

/** Job types described at once: enough to finish a CRM's list quickly without flooding the language engine. */
const CONCURRENCY = 4;

/** POST /generate-job-type-sheet and /integrations/create-job-sheet: a readable sheet of the org's CRM job types. */
export async function generateJobTypeSheetWorkflow(input: GenerateJobTypeSheetInput): Promise<GenerateJobTypeSheetResult> {
  const progress: JobTypeSheetProgress = { step: 'starting', orgId: input.orgId, described: 0, total: 0 };
  setHandler(getJobTypeSheetProgressQuery, () => progress);
  upsertSearchAttributes([{ key: ORG_ID_ATTRIBUTE, value: input.orgId }]);

  progress.step = 'listing_job_types';
  const { orgName, jobTypes } = await listJobTypesForSheet({ orgId: input.orgId });
  progress.total = jobTypes.length;

  progress.step = 'describing_job_types';
  const entries: JobTypeSheetEntry[] = new Array(jobTypes.length);
  for (let start = 0; start < jobTypes.length; start += CONCURRENCY) {
    const batch = jobTypes.slice(start, start + CONCURRENCY);
    const described = await Promise.all(batch.map((jobType) => describeJobType({ orgName, jobType })));
    described.forEach(({ description }, i) => {
      const t = batch[i];
      entries[start + i] = { id: t.id, name: t.name, businessUnitName: t.businessUnitName, description };
    });
    progress.described += batch.length;
  }

  progress.step = 'saving';
  const description = formatJobTypeSheet(orgName, entries);
  await recordJobTypeSheet({
    eventId: uuid4(),
    meta: input.meta,
    causationId: `workflow:${workflowInfo().workflowId}`,
    orgId: input.orgId,
    workflowId: workflowInfo().workflowId,
    description,
    jobTypeCount: entries.length,
  });

  progress.step = 'done';
  return { orgId: input.orgId, description, jobTypeCount: entries.length };
}
