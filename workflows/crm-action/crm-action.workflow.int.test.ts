import { ApplicationFailure } from '@temporalio/common';
import type { CrmActivities } from '../../activities/crm/crm.activities';
import type { JobBookingPayload } from '../../domain/actions/action-payloads';
import { freshTaskQueue, withWorker, useWorkflowTestEnvironment } from '../../tests/support/workflow-environment';
import { workflowIds } from '../../domain/run/workflow-ids';
import { crmActionWorkflow } from './crm-action.workflow';
import type { CrmActionInput } from '../../domain/actions/crm-action.types';

const suite = useWorkflowTestEnvironment();

const payload: JobBookingPayload = {
  address: '120 Oak Street, Springfield, TX',
  zip: '78701',
  appointment_time: '2026-03-02T13:00',
  appointment_start_utc: '2026-03-02T20:00:00.000Z',
  is_emergency_slot: false,
  business_unit_id: '1',
  job_type_id: '101',
  full_name: 'Alice Johnson',
  phone_number: '+15125550101',
};

const booking = (businessKey: string, extra: Partial<CrmActionInput> = {}): CrmActionInput =>
  ({
    meta: { correlationId: 'corr-1' },
    orgId: 'org-1',
    crmName: 'servicetitan',
    actionType: 'job_booking',
    businessKey,
    interactionId: 'int-1',
    payload,
    ...extra,
  }) as CrmActionInput;

type Fakes = Pick<CrmActivities, 'recordActionCreated' | 'recordActionCompleted' | 'recordActionDropped' | 'bookJobInCrm' | 'requestCallbackInCrm'>;

/** The CRM and the event log as the workflow sees them; `recorded` is what the read model would be told. */
function fakeCrm(bookJobInCrm: CrmActivities['bookJobInCrm']) {
  const recorded: string[] = [];
  const bookings: string[] = [];
  const activities: Fakes = {
    async recordActionCreated({ actionType, businessKey, interactionId }) {
      recorded.push(`created:${actionType}:${businessKey}:${interactionId}`);
    },
    async recordActionCompleted({ result }) {
      recorded.push(`completed:${JSON.stringify(result)}`);
    },
    async recordActionDropped({ reason, phoneNumber }) {
      recorded.push(`dropped:${reason}:${phoneNumber}`);
    },
    async bookJobInCrm(input) {
      bookings.push(input.idempotencyKey);
      return bookJobInCrm(input);
    },
    async requestCallbackInCrm() {
      throw new Error('no CRM callback expected');
    },
  };
  return { activities, recorded, bookings };
}

const booked = async ({ idempotencyKey }: { idempotencyKey: string }) => ({ jobId: `job-${idempotencyKey}`, jobNumber: 'SB-1' });

test('a booking is written to the CRM under its business key and the action COMPLETES with the job', async () => {
  const { activities, recorded, bookings } = fakeCrm(booked);
  const taskQueue = freshTaskQueue('crm');
  const result = await withWorker(suite.env, { taskQueue, workflowBundle: suite.workflowBundle, activities }, () =>
    suite.env.client.workflow.execute(crmActionWorkflow, {
      taskQueue,
      workflowId: workflowIds.crmAction('org-1', 'job_booking', `bk-main/${taskQueue}`),
      args: [booking('bk-main')],
    }),
  );

  expect(result).toEqual({ actionId: expect.any(String), status: 'COMPLETED', result: { jobId: 'job-bk-main', jobNumber: 'SB-1' } });
  expect(bookings).toEqual(['bk-main']);
  expect(recorded).toEqual(['created:job_booking:bk-main:int-1', 'completed:{"jobId":"job-bk-main","jobNumber":"SB-1"}']);
});

test('the same action started twice under its workflowIds.crmAction id joins one run and books once', async () => {
  const { activities, recorded, bookings } = fakeCrm(booked);
  const taskQueue = freshTaskQueue('crm');
  const workflowId = workflowIds.crmAction('org-1', 'job_booking', `bk-dup/${taskQueue}`);
  // As the API's gateway starts it: a retried tool call joins the run going, or finds the one completed.
  const start = () =>
    suite.env.client.workflow.start(crmActionWorkflow, {
      taskQueue,
      workflowId,
      args: [booking('bk-dup')],
      workflowIdConflictPolicy: 'USE_EXISTING',
      workflowIdReusePolicy: 'ALLOW_DUPLICATE_FAILED_ONLY',
    });

  const [first, second, afterwards] = await withWorker(suite.env, { taskQueue, workflowBundle: suite.workflowBundle, activities }, async () => {
    const a = await start();
    const b = await start();
    const resultA = await a.result();
    const resultB = await b.result();
    expect(resultB).toEqual(resultA);
    // Once it has completed, a start is refused (the gateway then reads that run's result): nothing is booked again.
    const c = await start().then(
      () => null,
      (err: Error) => err.name,
    );
    return [a, b, c] as const;
  });

  expect(second.firstExecutionRunId).toBe(first.firstExecutionRunId);
  expect(afterwards).toBe('WorkflowExecutionAlreadyStartedError');
  expect(bookings).toEqual(['bk-dup']);
  expect(recorded.filter((r) => r.startsWith('created:'))).toHaveLength(1);
});

test('the action is DROPPED with the reason the caller is told: refused at once, after retries, or with no CRM at all', async () => {
  let refusedTries = 0;
  let flakyTries = 0;
  const refused = fakeCrm(async () => {
    refusedTries += 1;
    throw ApplicationFailure.create({ type: 'CrmError', message: 'That time slot is no longer available' });
  });
  const flaky = fakeCrm(async () => {
    flakyTries += 1;
    throw new Error('ServiceTitan 503');
  });
  const none = fakeCrm(booked);

  const run = async (fakes: ReturnType<typeof fakeCrm>, input: CrmActionInput) => {
    const taskQueue = freshTaskQueue('crm');
    return withWorker(suite.env, { taskQueue, workflowBundle: suite.workflowBundle, activities: fakes.activities }, () =>
      suite.env.client.workflow.execute(crmActionWorkflow, {
        taskQueue,
        workflowId: workflowIds.crmAction('org-1', input.actionType, `${input.businessKey}/${taskQueue}`),
        args: [input],
      }),
    );
  };

  await expect(run(refused, booking('bk-refused'))).resolves.toMatchObject({ status: 'DROPPED', reason: 'That time slot is no longer available' });
  expect(refusedTries).toBe(1);
  expect(refused.recorded).toEqual(['created:job_booking:bk-refused:int-1', 'dropped:That time slot is no longer available:+15125550101']);

  // Five tries over seconds of backoff (skipped), then the office is asked to call back.
  await expect(run(flaky, booking('bk-flaky'))).resolves.toMatchObject({ status: 'DROPPED', reason: 'ServiceTitan 503' });
  expect(flakyTries).toBe(5);
  expect(flaky.recorded.at(-1)).toBe('dropped:ServiceTitan 503:+15125550101');

  await expect(run(none, booking('bk-none', { crmName: 'NONE' }))).resolves.toMatchObject({
    status: 'DROPPED',
    reason: 'The organization has no CRM to book in',
  });
  // With no CRM a callback request is still recorded for the office, and nothing is sent anywhere.
  const callback = booking('bk-callback', {
    crmName: 'NONE',
    actionType: 'create_callback',
    payload: { is_emergency_callback: true, phone_number: '+15125550102' },
  } as Partial<CrmActionInput>);
  await expect(run(none, callback)).resolves.toMatchObject({ status: 'COMPLETED', result: { phoneNumber: '+15125550102', isEmergency: 'true' } });
  expect(none.bookings).toEqual([]);
  expect(none.recorded).toEqual([
    'created:job_booking:bk-none:int-1',
    'dropped:The organization has no CRM to book in:+15125550101',
    'created:create_callback:bk-callback:int-1',
    'completed:{"phoneNumber":"+15125550102","isEmergency":"true"}',
  ]);
});
