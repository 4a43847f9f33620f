import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import request from 'supertest';
import { addDays, isWeekendDate } from '../../domain/time/calendar';
import { toZonedParts } from '../../domain/time/zoned-time';
import { eventually, uniqueName } from '../../tests/support/integration';
import { onboardAndLogIn } from '../../tests/support/onboard';
import { startProductHarness, type ProductHarness } from '../../tests/support/product-harness';
import { taskQueue } from '../../domain/run/task-queues';
import { workflowIds } from '../../domain/run/workflow-ids';

// Issue 5 item 7: a provider call that booked an emergency job after hours, through the real interaction
// workflow, its hand-off to the notification engine and the outbox.

let h: ProductHarness;
let orgId: string;
let owner: ReturnType<typeof request.agent>;
const run = uniqueName('').replace(/^_/, '');
const TZ = 'America/New_York';
const OFFICE = `office-${run}@emergency.test`;
const TECH = '+15552000001';
const MANAGER = '+15552000009';
const CC = ['+15550001111', '+15550002222'];
const FIXTURES = join(__dirname, '../../activities/voice/adapters/retell/fixtures');
const FIXTURE_CALL_ID = 'call_a4441234567890777c4a4a123e6';
const retell = (name: 'call_started' | 'call_ended' | 'call_analyzed', callId: string) =>
  readFileSync(join(FIXTURES, `${name}.json`), 'utf8')
    .split(FIXTURE_CALL_ID)
    .join(callId);
const webhook = (body: string) => request(h.app).post(`/voice-agent/webhook/${orgId}/retell`).set('content-type', 'application/json').send(body);

function futureWeekday(): string {
  let date = addDays(toZonedParts(new Date(), TZ).date, 3);
  while (isWeekendDate(date)) date = addDays(date, 1);
  return date;
}

beforeAll(async () => {
  h = await startProductHarness();
  const email = `owner-${run}@emergency.test`;
  ({ orgId, agent: owner } = await onboardAndLogIn(h, {
    name: `Night Owl HVAC ${run}`,
    adminEmail: email,
    officeEmail: OFFICE,
    timezone: TZ,
    crmName: 'servicetitan',
  }));

  // The recorded call starts 2024-05-01 20:07:55 in New York: a Wednesday evening, after hours.
  const settings = await owner.post('/org/notification-settings').send({
    orgId,
    cc_phone_numbers: CC,
    notification_settings: [
      {
        rule_id: 'EmergencyJobRule',
        recipients: [
          { group: 'oncall_tech', channel: 'sms', time: 'AFTER_HOURS' },
          { group: 'oncall_tech', channel: 'call', time: 'AFTER_HOURS' },
          { group: 'office', channel: 'email', time: 'ALWAYS' },
          { group: 'office', channel: 'slack', time: 'NON_OFFICE_HOURS' },
          { group: 'cc', channel: 'sms', time: 'AFTER_HOURS' },
          // Closed in the evening: the manager hears nothing while the technician answers.
          { group: 'oncall_manager', channel: 'sms', time: 'OFFICE_HOURS' },
        ],
      },
    ],
  });
  expect(settings.body).toEqual({ success: true });
  const oncall = await owner.post('/org/oncall/update/new').send({
    orgId,
    month: '2024-05',
    assignments: [
      {
        date: '2024-05-01',
        people: [
          { role: 'Technician', employeeId: '1001', phoneNumber: '(555) 200-0001', name: 'Tom Tech', department: 'HVAC' },
          { role: 'Manager', employeeId: '2004', phoneNumber: '555-200-0009', name: 'Mary Manager', department: 'HVAC' },
          // Another trade's technician is not paged for an HVAC job.
          { role: 'Technician', employeeId: '1002', phoneNumber: '5552000005', name: 'Pete Plumber', department: 'Plumbing' },
        ],
      },
    ],
    cached_employee_details: { '1001': 'Tom Tech', '2004': 'Mary Manager', '1002': 'Pete Plumber' },
  });
  expect(oncall.status).toBe(200);
  await eventually(async () => {
    const org = (await owner.get('/org').query({ id: orgId })).body;
    const month = (await owner.post('/org/oncall/retrieve/new').send({ orgId, month: '2024-05' })).body;
    return org.notification_settings?.length === 1 && org.cc_phone_numbers?.length === 2 && month.assignments?.length === 1;
  });
}, 120_000);

afterAll(async () => {
  await h?.stop();
}, 60_000);

describe('an emergency booked after hours, end to end', () => {
  const callId = `call_${run}_emergency`;
  let interactionId: string;
  const appointmentDate = futureWeekday();

  it('books the emergency job during the call and hands the finished interaction to notifications once', async () => {
    expect((await webhook(retell('call_started', callId))).status).toBe(200);
    interactionId = await eventually(async () => (await h.tdb.db.interaction.findFirst({ where: { orgId, providerCallId: callId } }))?.id);

    const booking = await request(h.app)
      .post(`/voice-agent/tool/${orgId}`)
      .set('authorization', `Bearer ${h.adminToken}`)
      .send({
        tool: 'create_action_job_booking',
        interaction_id: interactionId,
        args: {
          appointment_time: `${appointmentDate}T13:00:00`,
          job_type_id: '101',
          business_unit_id: '1',
          address: '14 Elm Road, Springfield, TX 78702',
          is_emergency_slot: true,
          full_name: 'Erin Park',
          phone_number: '512-555-0177',
        },
      });
    expect(booking.body.data).toMatchObject({ action_status: 'COMPLETED' });
    await eventually(async () => {
      const row = await h.tdb.db.interaction.findUnique({ where: { id: interactionId } });
      return (row?.events as { name: string }[] | undefined)?.some((e) => e.name === 'create_crm_booking');
    });

    // The end arrives twice, as providers do: still one interaction and one notification run.
    expect((await webhook(retell('call_ended', callId))).status).toBe(200);
    expect((await webhook(retell('call_ended', callId))).status).toBe(200);
    expect((await webhook(retell('call_analyzed', callId))).status).toBe(200);
    const result = await h.client.workflow.getHandle(workflowIds.interaction('retell', callId)).result();
    expect(result).toMatchObject({ interactionId, timedOut: false });

    const notified = await eventually(async () => {
      try {
        return await h.client.workflow.getHandle(workflowIds.notifyInteraction(interactionId)).result();
      } catch {
        return null;
      }
    }, 60_000);
    expect(notified).toMatchObject({ sent: 6, failed: 0, pagerUnanswered: false });
  }, 120_000);

  it('reaches the technician by SMS and phone, the office by e-mail and team chat, the cc phones by SMS, and nobody whose window is closed', async () => {
    const messages = await h.tdb.db.outboxMessage.findMany({ where: { interactionId }, orderBy: [{ channel: 'asc' }, { to: 'asc' }] });
    expect(messages.map((m) => [m.channel, m.to, m.status])).toEqual([
      ['call', TECH, 'answered'],
      ['email', OFFICE, 'sent'],
      ['slack', orgId, 'sent'],
      ['sms', CC[0], 'sent'],
      ['sms', CC[1], 'sent'],
      ['sms', TECH, 'sent'],
    ]);
    expect(messages.some((m) => m.to === MANAGER || m.to === '+15552000005')).toBe(false);

    const link = `${h.config.dashboardUrl}/dashboard/link/${interactionId}`;
    const call = messages.find((m) => m.channel === 'call')!;
    expect(call.text).toContain('This is HomeAgent with an emergency job for Night Owl HVAC');
    expect(call.text).toContain('Department: HVAC.');
    expect(call.text).toContain(`Appointment: ${appointmentDate} 13:00:00 to `);
    expect(call.text).toMatch(new RegExp(`Appointment: ${appointmentDate} 13:00:00 to \\d{4}-\\d{2}-\\d{2} \\d{2}:\\d{2}:\\d{2}\\.`));
    expect(call.text).toContain(`Organization: ${orgId}.`);

    const email = messages.find((m) => m.channel === 'email')!;
    // The booking the agent made during the call completed in the CRM: the call is BOOKED.
    const row = await h.tdb.db.interaction.findUniqueOrThrow({ where: { id: interactionId } });
    expect(row.callStatus).toBe('BOOKED');
    expect(email.template).toBe('job-booking');
    expect(row.subject).toBeTruthy();
    expect(email.subject).toBe(row.tags.length > 0 ? `[${row.tags.join(', ')}] ${row.subject}` : row.subject);
    expect(email.text).toContain(link);

    for (const sms of messages.filter((m) => m.channel === 'sms')) expect(sms.text).toContain(`Details: ${link}`);
    const slack = messages.find((m) => m.channel === 'slack')!;
    expect(slack.text).toContain('View on Dashboard');
    expect(slack.text).toContain(link);
  }, 30_000);

  it('shows the messages in the Outbox route', async () => {
    const page = await owner.get('/outbox').query({ orgId });
    expect(page.body.total).toBe(6);
    expect(page.body.messages.every((m: { interaction_id: string }) => m.interaction_id === interactionId)).toBe(true);
  });
});

describe('an emergency call classified BOOKED', () => {
  // The notification engine on its own: it is handed the csr.call of a booked emergency directly, as the
  // interaction workflow would, so the booked content can be checked field by field.
  const interactionId = `${run}-booked`;
  const booked = {
    type: 'csr.call',
    payload: {
      interaction_id: interactionId,
      date: '2024-05-02T00:30:00Z', // 20:30 in New York on the Wednesday: after hours
      subject: 'No heat, elderly occupant',
      department: 'HVAC',
      source: 'call',
      call_status: 'BOOKED',
      customer: { name: 'Ruth Caller', phone: '+13125550177', address: '9 Elm St, Albany, NY' },
      summary: [{ title: 'Summary', content: ['Furnace out, booked tonight.'] }],
      bookings: [
        {
          isEmergency: true,
          appointment: { start: '2024-05-02T01:00:00Z', end: '2024-05-02T03:00:00Z' },
          techId: 1001,
          department: 'HVAC',
          jobSummary: [{ title: 'Job', content: ['Furnace not igniting.'] }],
        },
      ],
      tags: ['booked', 'same_day'],
      errors: [],
      org: { id: '', name: `Night Owl HVAC ${run}`, timezone: TZ, crm_name: 'servicetitan' },
    },
  };

  it('sends the job-booking e-mail and the booked team-chat message with the booking, and pages the technician', async () => {
    const result = await h.client.workflow.execute('notifyInteractionWorkflow', {
      taskQueue: taskQueue('notification', h.taskQueuePrefix),
      workflowId: workflowIds.notifyInteraction(interactionId),
      args: [
        { meta: { correlationId: `it-booked-${run}` }, orgId, event: { ...booked, payload: { ...booked.payload, org: { ...booked.payload.org, id: orgId } } } },
      ],
    });
    expect(result).toMatchObject({ sent: 6, failed: 0, pagerUnanswered: false });

    const messages = await h.tdb.db.outboxMessage.findMany({ where: { interactionId }, orderBy: [{ channel: 'asc' }, { to: 'asc' }] });
    expect(messages.map((m) => [m.channel, m.to])).toEqual([
      ['call', TECH],
      ['email', OFFICE],
      ['slack', orgId],
      ['sms', CC[0]],
      ['sms', CC[1]],
      ['sms', TECH],
    ]);
    const link = `${h.config.dashboardUrl}/dashboard/link/${interactionId}`;

    const email = messages.find((m) => m.channel === 'email')!;
    expect(email.template).toBe('job-booking');
    expect(email.subject).toBe('[booked, same_day] No heat, elderly occupant');
    expect(email.text).toContain('New job booked for Ruth Caller');
    expect(email.text).toContain('Status: Booked');
    expect(email.text).toContain('Booking: 2024-05-01 21:00:00 – 2024-05-01 23:00:00 · HVAC · EMERGENCY');
    expect(email.text).toContain('Furnace out, booked tonight.');
    expect(email.text).toContain(`View on Dashboard: ${link}`);
    expect(email.html).toContain('New job booked for Ruth Caller');

    const slack = messages.find((m) => m.channel === 'slack')!;
    expect(slack.text).toContain('[booked, same_day] No heat, elderly occupant');
    expect(slack.text).toContain('Booking: 2024-05-01 21:00:00 – 2024-05-01 23:00:00 · HVAC · EMERGENCY');
    expect(slack.text).toContain(`View on Dashboard: ${link}`);

    const call = messages.find((m) => m.channel === 'call')!;
    expect(call.text).toContain('Customer: Ruth Caller.');
    expect(call.text).toContain('Appointment: 2024-05-01 21:00:00 to 2024-05-01 23:00:00.');
  }, 90_000);
});
