import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import request from 'supertest';
import { addDays, isWeekendDate } from '../../lib/time/calendar';
import { toZonedParts } from '../../lib/time/zoned-time';
import { eventually, uniqueName } from '../../tests/support/integration';
import { startProductHarness, type ProductHarness } from '../../tests/support/product-harness';
import { workflowIds } from '../workflow-ids';

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
  readFileSync(join(FIXTURES, `${name}.json`), 'utf8').split(FIXTURE_CALL_ID).join(callId);
const webhook = (body: string) => request(h.app).post(`/voice-agent/webhook/${orgId}/retell`).set('content-type', 'application/json').send(body);

function futureWeekday(): string {
  let date = addDays(toZonedParts(new Date(), TZ).date, 3);
  while (isWeekendDate(date)) date = addDays(date, 1);
  return date;
}

beforeAll(async () => {
  h = await startProductHarness();
  const email = `owner-${run}@emergency.test`;
  const res = await request(h.app)
    .post('/onboarding')
    .set('authorization', `Bearer ${h.adminToken}`)
    .send({ name: `Night Owl HVAC ${run}`, admin_email: email, office_email: OFFICE, password: 'correct horse battery', timezone: TZ, trades_offered: ['HVAC'], crm_name: 'servicetitan' });
  expect(res.status).toBe(200);
  const status = await eventually(async () => {
    const s = await request(h.app).get('/workflow-status').query({ workflowId: res.body.workflowId }).set('authorization', `Bearer ${h.adminToken}`);
    return s.body.status === 'COMPLETED' ? s.body : null;
  }, 30_000);
  orgId = status.result.orgId;
  owner = request.agent(h.app);
  expect((await owner.post('/auth/login').send({ email, password: 'correct horse battery' })).status).toBe(200);

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
        args: { appointment_time: `${appointmentDate}T13:00:00`, job_type_id: '101', business_unit_id: '1', address: '14 Elm Road, Springfield, TX 78702', is_emergency_slot: true, full_name: 'Erin Park', phone_number: '512-555-0177' },
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
    // The recorded call never says it booked, so the offline engine does not classify it BOOKED.
    const row = await h.tdb.db.interaction.findUniqueOrThrow({ where: { id: interactionId } });
    expect(row.callStatus).not.toBe('BOOKED');
    expect(email.template).toBe('call-analysis');
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
