import { ApplicationFailure, proxyActivities, upsertSearchAttributes, uuid4, workflowInfo } from '@temporalio/workflow';
import type { CrmActivities } from '../../activities/crm/crm.activities';
import { failureMessage } from '../activity-failure';
import { ORG_ID_ATTRIBUTE } from '../search-attributes';
import type { CrmActionInput, CrmActionResult } from '../../domain/actions/crm-action.types';

const { recordActionCreated, recordActionCompleted, recordActionDropped } = proxyActivities<CrmActivities>({
  startToCloseTimeout: '10 seconds',
  retry: { initialInterval: '200 milliseconds', maximumInterval: '10 seconds' },
});

// A caller is on the line: retry a flaky CRM briefly, then drop the action and ask for a callback.
const { bookJobInCrm, requestCallbackInCrm, rescheduleJobInCrm, cancelJobInCrm, updateEstimateInCrm, confirmAppointmentInCrm, createBookingInCrm } =
  proxyActivities<CrmActivities>({
    startToCloseTimeout: '20 seconds',
    retry: {
      initialInterval: '500 milliseconds',
      backoffCoefficient: 2,
      maximumInterval: '5 seconds',
      maximumAttempts: 5,
      nonRetryableErrorTypes: ['CrmError'],
    },
  });

/**
 * One agent action against the CRM (spec 000 §4 action_status NEW → COMPLETED or DROPPED). The workflow
 * id comes from the action's business key, so a retried tool call joins this run instead of booking again.
 */
export async function crmActionWorkflow(input: CrmActionInput): Promise<CrmActionResult> {
  const actionId = uuid4();
  const causationId = `workflow:${workflowInfo().workflowId}`;
  const common = { meta: input.meta, causationId, orgId: input.orgId, actionId, actionType: input.actionType, interactionId: input.interactionId };
  upsertSearchAttributes([{ key: ORG_ID_ATTRIBUTE, value: input.orgId }]);

  await recordActionCreated({ ...common, eventId: uuid4(), businessKey: input.businessKey, payload: { ...input.payload } });

  let result: Record<string, string>;
  try {
    result = await perform(input);
  } catch (err) {
    const reason = failureMessage(err);
    const phoneNumber = 'phone_number' in input.payload ? input.payload.phone_number : null;
    await recordActionDropped({ ...common, eventIds: [uuid4(), uuid4()], reason, phoneNumber });
    return { actionId, status: 'DROPPED', reason };
  }
  await recordActionCompleted({ ...common, eventIds: [uuid4(), uuid4()], result });
  return { actionId, status: 'COMPLETED', result };
}

async function perform(input: CrmActionInput): Promise<Record<string, string>> {
  const target = { orgId: input.orgId, idempotencyKey: input.businessKey };
  if (input.crmName === 'NONE') {
    if (input.actionType !== 'create_callback') throw ApplicationFailure.nonRetryable('The organization has no CRM to book in', 'CrmError');
    return { phoneNumber: input.payload.phone_number, isEmergency: String(input.payload.is_emergency_callback) };
  }
  switch (input.actionType) {
    case 'job_booking':
      return bookJobInCrm({ ...target, payload: input.payload });
    case 'create_callback':
      return requestCallbackInCrm({ ...target, payload: input.payload });
    case 'job_reschedule':
      return rescheduleJobInCrm({ ...target, payload: input.payload });
    case 'job_cancel':
      return cancelJobInCrm({ ...target, payload: input.payload });
    case 'update_estimate':
      return updateEstimateInCrm({ ...target, payload: input.payload });
    case 'confirm_appointment':
      return confirmAppointmentInCrm({ ...target, payload: input.payload });
    case 'create_booking':
      return createBookingInCrm({ ...target, payload: input.payload });
  }
}
