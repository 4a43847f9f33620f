import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import { Context } from '@temporalio/activity';
import { NativeConnection, Worker } from '@temporalio/worker';
import { createSandboxCrm } from '../../activities/crm/adapters/sandbox/sandbox-crm.adapter';
import { createCrmActivities } from '../../activities/crm/crm.activities';
import type { CrmPort, CrmProvider } from '../../activities/crm/crm.port';
import { addDays, isWeekendDate } from '../../domain/time/calendar';
import { toZonedParts, zonedTimeToInstant } from '../../domain/time/zoned-time';
import { testLogger, uniqueName } from '../../tests/support/integration';
import { startProductHarness, type ProductHarness } from '../../tests/support/product-harness';
import { workflowBundle } from '../../worker/create-worker';
import { crmActionWorkflow } from '../index';
import { taskQueue } from '../../domain/run/task-queues';
import { workflowIds } from '../../domain/run/workflow-ids';
import type { CrmActionInput, CrmActionResult } from '../../domain/actions/crm-action.types';

let h: ProductHarness;
let connection: NativeConnection;
const TZ = 'America/Denver';
const orgId = crypto.randomUUID();
const run = uniqueName('').replace(/^_/, '');

beforeAll(async () => {
  h = await startProductHarness();
  connection = await NativeConnection.connect({ address: h.config.TEMPORAL_ADDRESS });
  await createSandboxCrm(h.tdb.db).seed({ orgId, timeZone: TZ, today: toZonedParts(new Date(), TZ).date });
}, 120_000);

afterAll(async () => {
  await connection?.close();
  await h?.stop();
}, 60_000);

/** A sandbox whose createJob writes the job, says so, then hangs until the worker running it goes away. */
function crmThatHangsAfterWriting(written: () => void): CrmProvider {
  const sandbox = createSandboxCrm(h.tdb.db);
  return {
    forOrganization(id): CrmPort {
      const port = sandbox.forOrganization(id);
      return {
        ...port,
        async createJob(input) {
          const job = await port.createJob(input);
          written();
          await Context.current().sleep(120_000);
          return job;
        },
      };
    },
  };
}

async function startWorker(crm: CrmProvider, queue: string) {
  const worker = await Worker.create({
    connection,
    namespace: h.config.TEMPORAL_NAMESPACE,
    taskQueue: queue,
    workflowBundle: await workflowBundle(),
    activities: createCrmActivities({ events: h.bus, crm, sandbox: null, logger: testLogger }),
  });
  return { worker, running: worker.run() };
}

describe('a booking survives the worker dying in the middle of writing it', () => {
  it('leaves exactly one job in the CRM and completes the action on a fresh worker', async () => {
    // Its own queue: the harness's worker must not pick the booking up.
    const queue = taskQueue('crm', `${h.taskQueuePrefix}durable-`);
    let date = addDays(toZonedParts(new Date(), TZ).date, 5);
    while (isWeekendDate(date)) date = addDays(date, 1);
    const businessKey = `+15125550101/${date}T13:00/101/${run}`;
    const input: CrmActionInput = {
      meta: { correlationId: `durable-${run}` },
      orgId,
      crmName: 'servicetitan',
      actionType: 'job_booking',
      businessKey,
      interactionId: null,
      payload: {
        address: '120 Oak Street, Springfield, TX',
        zip: '78701',
        appointment_time: `${date}T13:00`,
        appointment_start_utc: zonedTimeToInstant(date, '13:00', TZ).toISOString(),
        is_emergency_slot: false,
        business_unit_id: '1',
        job_type_id: '101',
        full_name: 'Alice Johnson',
        phone_number: '+15125550101',
      },
    };
    const jobsBefore = await h.tdb.db.sandboxJob.count({ where: { orgId } });

    let markWritten!: () => void;
    const written = new Promise<void>((resolve) => (markWritten = resolve));
    const first = await startWorker(
      crmThatHangsAfterWriting(() => markWritten()),
      queue,
    );
    const workflowId = workflowIds.crmAction(orgId, 'job_booking', businessKey);
    const handle = await h.client.workflow.start(crmActionWorkflow, { workflowId, taskQueue: queue, args: [input] });

    await written;
    first.worker.shutdown();
    await first.running;
    // The job is in the CRM but the action never heard back: it is still NEW.
    expect(await h.tdb.db.sandboxJob.count({ where: { orgId, idempotencyKey: businessKey } })).toBe(1);
    expect((await handle.describe()).status.name).toBe('RUNNING');

    const second = await startWorker(createSandboxCrm(h.tdb.db), queue);
    try {
      const result = (await handle.result()) as CrmActionResult;
      expect(result).toMatchObject({ status: 'COMPLETED', result: { jobNumber: expect.stringMatching(/^SB-\d+$/) } });
      expect(await h.tdb.db.sandboxJob.count({ where: { orgId, idempotencyKey: businessKey } })).toBe(1);
      expect(await h.tdb.db.sandboxJob.count({ where: { orgId } })).toBe(jobsBefore + 1);
      const job = await h.tdb.db.sandboxJob.findFirstOrThrow({ where: { orgId, idempotencyKey: businessKey } });
      expect(result.status === 'COMPLETED' && result.result.jobId).toBe(String(job.id));
      expect(await h.tdb.db.sandboxAppointment.count({ where: { jobId: job.id } })).toBe(1);
    } finally {
      second.worker.shutdown();
      await second.running;
    }
  }, 90_000);
});
