import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import request from 'supertest';
import { addDays, isWeekendDate } from '../../../domain/time/calendar';
import { toZonedParts, zonedTimeToInstant } from '../../../domain/time/zoned-time';
import { eventually, uniqueName } from '../../../tests/support/integration';
import { startProductHarness, type ProductHarness } from '../../../tests/support/product-harness';

let h: ProductHarness;
const run = uniqueName('').replace(/^_/, '');
const TZ = 'America/Los_Angeles';
let org: string;
let today: string;

async function onboard(name: string, adminEmail: string) {
  const res = await request(h.app)
    .post('/onboarding')
    .set('authorization', `Bearer ${h.adminToken}`)
    .send({
      name,
      admin_email: adminEmail,
      office_email: `office-${adminEmail}`,
      password: 'correct horse battery',
      timezone: TZ,
      trades_offered: ['HVAC'],
      crm_name: 'servicetitan',
    });
  expect(res.status).toBe(200);
  const status = await eventually(async () => {
    const s = await request(h.app).get('/workflow-status').query({ workflowId: res.body.workflowId }).set('authorization', `Bearer ${h.adminToken}`);
    return s.body.status === 'COMPLETED' ? s.body : null;
  }, 30_000);
  return status.result.orgId as string;
}

const tool = (body: object) => request(h.app).post(`/voice-agent/tool/${org}`).set('authorization', `Bearer ${h.adminToken}`).send(body);

async function setFlags(flags: { has_zones?: boolean; full_reschedule_and_cancel?: boolean }) {
  const row = { settings: { feature_flags: flags }, streamVersion: 1, updatedAt: new Date() };
  await h.tdb.db.organizationCapacitySettings.upsert({ where: { orgId: org }, create: { orgId: org, ...row }, update: row });
}

function weekdayAhead(days: number): string {
  let date = addDays(today, days);
  while (isWeekendDate(date)) date = addDays(date, 1);
  return date;
}

beforeAll(async () => {
  h = await startProductHarness();
  org = await onboard(`Actions HVAC ${run}`, `owner-${run}@actions.test`);
  today = toZonedParts(new Date(), TZ).date;
}, 120_000);

afterAll(async () => {
  await h?.stop();
}, 60_000);

describe('get_jobs and confirm_appointment', () => {
  it("lists the caller's upcoming appointments and confirms one, harmlessly twice", async () => {
    const none = await tool({ tool: 'get_jobs', args: { phone_number: '5125550199' } });
    expect(none.body.result).toMatch(/^No customer record matches that number/);

    const jobs = await tool({ tool: 'get_jobs', args: { phone_number: '(512) 555-0101' } });
    expect(jobs.status).toBe(200);
    expect(jobs.body.result).toMatch(/^Alice Johnson has 1 upcoming appointment: AC Repair on .* between 8 AM and 10 AM\. Confirm it/);
    const [job] = jobs.body.data.jobs;
    expect(job).toMatchObject({
      appointment_time: `${addDays(today, 1)}T08:00:00`,
      job_type: 'AC Repair',
      address: '120 Oak Street, Springfield',
      is_confirmed: false,
    });
    expect((await tool({ tool: 'get_jobs', args: {} })).body.message).toBe('Please ask the caller for their phone number (phone_number).');

    const confirmed = await tool({ tool: 'confirm_appointment', args: { appointmentId: job.appointment_id } });
    expect(confirmed.body).toMatchObject({
      result: 'The appointment is confirmed. Tell the caller, then ask if there is anything else.',
      data: { action_status: 'COMPLETED', changed: 'true' },
    });
    const again = await tool({ tool: 'confirm_appointment', args: { appointmentId: job.appointment_id } });
    expect(again.body.data.actionId).toBe(confirmed.body.data.actionId);
    expect((await h.tdb.db.sandboxAppointment.findUniqueOrThrow({ where: { id: Number(job.appointment_id) } })).isConfirmed).toBe(true);

    const missing = await tool({ tool: 'confirm_appointment', args: {} });
    expect(missing.body).toMatchObject({ error: 'Bad Request', status: 400, message: 'appointmentId is required.' });
    const unknown = await tool({ tool: 'confirm_appointment', args: { appointmentId: '999999' } });
    expect(unknown.body.data).toMatchObject({ action_status: 'DROPPED', reason: 'Appointment 999999 not found' });
  }, 60_000);
});

describe('create_action_job_reschedule and create_action_job_cancel', () => {
  it("moves the caller's appointment only when the address matches", async () => {
    const original = `${addDays(today, 1)}T08:00:00`;
    const target = weekdayAhead(4);
    const args = { original_appointment_time: original, new_appointment_time: `${target}T13:00:00`, address: '120 Oak St' };

    const past = await tool({ tool: 'create_action_job_reschedule', args: { ...args, new_appointment_time: '2020-01-06T13:00:00' } });
    expect(past.body.message).toBe('new_appointment_time must be in the future.');
    const wrongAddress = await tool({ tool: 'create_action_job_reschedule', args: { ...args, address: '500 Main Street' } });
    expect(wrongAddress.body).toMatchObject({ data: { action_status: 'DROPPED' } });
    expect(wrongAddress.body.result).toMatch(/office will call them back/);

    const moved = await tool({ tool: 'create_action_job_reschedule', args });
    expect(moved.body.result).toMatch(/^Job SB-\d+ is moved to .* between 1 PM and 3 PM\./);
    const appointment = await h.tdb.db.sandboxAppointment.findUniqueOrThrow({ where: { id: Number(moved.body.data.appointmentId) } });
    expect(appointment.start).toEqual(zonedTimeToInstant(target, '13:00', TZ));
    expect(appointment.end.getTime() - appointment.start.getTime()).toBe(7_200_000);
  }, 60_000);

  it('cancels the job at that time and address, in the {type, payload} shape too', async () => {
    const bobTime = `${addDays(today, 2)}T13:00:00`;
    const missing = await tool({ tool: 'create_action_job_cancel', args: { appointment_time: bobTime } });
    expect(missing.body.message).toBe('Please ask the caller for the service address.');

    const canceled = await tool({
      type: 'job_cancel',
      payload: { appointment_time: bobTime, address: '45 Maple Avenue, Springfield', zip: '78704', job_id: '' },
    });
    expect(canceled.status).toBe(200);
    expect(canceled.body.result).toMatch(/^Job SB-\d+ on .* is canceled\./);
    const job = await h.tdb.db.sandboxJob.findUniqueOrThrow({ where: { id: Number(canceled.body.data.jobId) } });
    expect(job.jobStatus).toBe('CANCELED');
    expect(await h.tdb.db.sandboxAppointment.count({ where: { jobId: job.id, status: 'Canceled' } })).toBe(1);
  }, 60_000);

  it('requires job_id under full_reschedule_and_cancel, and get_capacity a zip code under has_zones', async () => {
    await setFlags({ full_reschedule_and_cancel: true, has_zones: true });
    try {
      const cancel = await tool({ tool: 'create_action_job_cancel', args: { appointment_time: `${addDays(today, 1)}T13:00:00`, address: '500 Main Street' } });
      expect(cancel.body).toMatchObject({ error: 'Bad Request', status: 400, message: 'job_id is required.' });
      const reschedule = await tool({
        tool: 'create_action_job_reschedule',
        args: { original_appointment_time: `${addDays(today, 1)}T13:00:00`, new_appointment_time: `${weekdayAhead(5)}T10:00:00`, address: '500 Main Street' },
      });
      expect(reschedule.body.message).toBe('job_id is required.');
      const capacity = await tool({
        tool: 'get_capacity',
        args: { time_to_check: `${weekdayAhead(5)}T10:00:00`, job_type_id: '101', business_unit: '1', priority: 0, execution_message: 'Checking' },
      });
      expect(capacity.body).toMatchObject({ error: 'Bad Request', status: 400, message: 'Please ask the customer for their zip code.' });

      const dental = (await tool({ tool: 'get_jobs', args: { phone_number: '5125550104' } })).body.data.jobs[0];
      const withId = await tool({
        tool: 'create_action_job_cancel',
        args: { appointment_time: dental.appointment_time, address: '500 Main Street', job_id: dental.job_id },
      });
      expect(withId.body.data).toMatchObject({ action_status: 'COMPLETED', jobId: dental.job_id, jobStatus: 'CANCELED' });
    } finally {
      await setFlags({});
    }
  }, 60_000);
});

describe('update_estimate', () => {
  it('sells and unsells an estimate as durable actions', async () => {
    const estimate = await h.tdb.db.sandboxRecord.findFirstOrThrow({
      where: { orgId: org, kind: 'estimate', data: { path: ['name'], equals: 'Water heater replacement' } },
    });
    const bad = await tool({ tool: 'update_estimate', args: { estimate_id: estimate.id, status: 'maybe' } });
    expect(bad.body).toMatchObject({ error: 'Bad Request', status: 400, message: 'status must be sold or unsold.' });

    const sold = await tool({ tool: 'update_estimate', args: { estimate_id: estimate.id, status: 'Sold' } });
    expect(sold.body.result).toBe(
      'The estimate "Water heater replacement" is accepted; the office will schedule the work. Tell the caller, then ask if there is anything else.',
    );
    expect((await h.tdb.db.sandboxRecord.findUniqueOrThrow({ where: { id: estimate.id } })).data).toMatchObject({ status: 'Sold', soldBy: 'ai-agent' });

    const unsold = await tool({ type: 'update_estimate', payload: { estimate_id: String(estimate.id), status: 'unsold' } });
    expect(unsold.body.data).toMatchObject({ action_status: 'COMPLETED', status: 'Open' });
    const unknown = await tool({ tool: 'update_estimate', args: { estimate_id: '999999', status: 'sold' } });
    expect(unknown.body.data).toMatchObject({ action_status: 'DROPPED', reason: 'Estimate 999999 not found' });
  }, 60_000);
});
