import { proxyActivities, upsertSearchAttributes, uuid4, workflowInfo } from '@temporalio/workflow';
import type { AudienceActivities } from '../../activities/crm/audience.activities';
import { failureMessage } from '../activity-failure';
import { ORG_ID_ATTRIBUTE } from '../search-attributes';
import type { BuildAudienceInput, BuildAudienceResult } from './build-audience.types';

const { recordAudienceBuildRequested, recordAudienceBuildFailed } = proxyActivities<AudienceActivities>({
  startToCloseTimeout: '10 seconds',
  retry: { initialInterval: '200 milliseconds', maximumInterval: '10 seconds' },
});

// Nobody is waiting on the line: a rate-limited or briefly down CRM gets several minutes before the build is ERRORED.
const { findAudienceMembers } = proxyActivities<AudienceActivities>({
  startToCloseTimeout: '5 minutes',
  retry: { initialInterval: '2 seconds', backoffCoefficient: 2, maximumInterval: '1 minute', maximumAttempts: 6, nonRetryableErrorTypes: ['CrmError'] },
});

/**
 * Builds an outbound audience from CRM rules (spec 000 §7 POST /crm/customers/audience-rules/async): the
 * audience is PENDING from the request, then COMPLETE with its members or ERRORED with the reason.
 */
export async function buildAudienceWorkflow(input: BuildAudienceInput): Promise<BuildAudienceResult> {
  const { workflowId, runId } = workflowInfo();
  const ref = { meta: input.meta, causationId: `workflow:${workflowId}`, orgId: input.orgId, audienceId: input.audienceId, buildId: runId };
  upsertSearchAttributes([{ key: ORG_ID_ATTRIBUTE, value: input.orgId }]);

  await recordAudienceBuildRequested({ ...ref, eventId: uuid4(), source: input.source, isFileUpload: input.isFileUpload, rules: input.rules });
  try {
    const { memberCount } = await findAudienceMembers({ ...ref, rules: input.rules });
    return { status: 'COMPLETE', memberCount };
  } catch (err) {
    const reason = failureMessage(err);
    await recordAudienceBuildFailed({ ...ref, eventId: uuid4(), reason });
    return { status: 'ERRORED', reason };
  }
}
