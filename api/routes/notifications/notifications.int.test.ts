import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import request from 'supertest';
import { createOutboxMessaging } from '../../../activities/notifications/adapters/outbox/outbox.adapter';
import { eventually, uniqueName } from '../../../tests/support/integration';
import { onboardAndLogIn } from '../../../tests/support/onboard';
import { startProductHarness, type ProductHarness } from '../../../tests/support/product-harness';

let h: ProductHarness;
let orgId: string;
let agent: ReturnType<typeof request.agent>;
const run = uniqueName('').replace(/^_/, '');
const email = `owner-${run}@notify.test`;

beforeAll(async () => {
  h = await startProductHarness();
  ({ orgId, agent: agent } = await onboardAndLogIn(h, {
    name: `Notify Plumbing ${run}`,
    adminEmail: email,
    officeEmail: `office-${run}@notify.test`,
    trades: ['Plumbing'],
  }));
}, 120_000);

afterAll(async () => {
  await h?.stop();
}, 60_000);

const person = { role: 'Technician', employeeId: 'emp-1', phoneNumber: '5552000001', name: 'Pat Plumber', department: 'Plumbing' };

describe('on-call routes', () => {
  it('refuses a malformed month or date with the spec messages, and saves nothing', async () => {
    const badMonth = await agent.post('/org/oncall/update/new').send({ orgId, month: '2025-1', assignments: [] });
    expect(badMonth.status).toBe(400);
    expect(badMonth.body).toMatchObject({ error: 'Bad Request', status: 400, message: 'Must be YYYY-MM format' });
    const badDate = await agent.post('/org/oncall/update/new').send({ orgId, month: '2025-02', assignments: [{ date: '2025-02-3', people: [person] }] });
    expect(badDate.body).toMatchObject({ error: 'Bad Request', status: 400, message: 'Must be YYYY-MM-DD format' });
    const retrieveBad = await agent.post('/org/oncall/retrieve/new').send({ orgId, month: 'Feb 2025' });
    expect(retrieveBad.body.message).toBe('Must be YYYY-MM format');
    const month = await agent.post('/org/oncall/retrieve/new').send({ orgId, month: '2025-02' });
    expect(month.body).toEqual({ month: '2025-02', assignments: [] });
  });

  it('saves a month and serves it back; saving it twice changes nothing', async () => {
    const body = { orgId, month: '2025-02', assignments: [{ date: '2025-02-03', people: [person] }], cached_employee_details: { 'emp-1': 'Pat Plumber' } };
    expect((await agent.post('/org/oncall/update/new').send(body)).status).toBe(200);
    expect((await agent.post('/org/oncall/update/new').send(body)).status).toBe(200);
    const month = await eventually(async () => {
      const res = await agent.post('/org/oncall/retrieve/new').send({ orgId, month: '2025-02' });
      return res.body.assignments?.length ? res.body : null;
    });
    expect(month).toEqual({ month: '2025-02', assignments: [{ date: '2025-02-03', people: [person] }] });
    // Both saves reach the projector, the second as a no-op: the stream grew by one.
    await new Promise((r) => setTimeout(r, 500));
    expect((await h.tdb.db.organization.findUniqueOrThrow({ where: { id: orgId } })).streamVersion).toBe(2);
  });
});

describe('notification settings', () => {
  it('refuses a channel the receiver group may not use', async () => {
    const res = await agent.post('/org/notification-settings').send({
      orgId,
      notification_settings: [{ rule_id: 'BookedCallRule', recipients: [{ group: 'office', channel: 'sms', time: 'ALWAYS' }] }],
    });
    expect(res.status).toBe(400);
    expect(res.body.message).toBe('Receiver group office cannot be notified by sms; allowed channels: email, slack');
    const phone = await agent.post('/org/notification-settings').send({ orgId, notification_settings: [], cc_phone_numbers: ['555-1234'] });
    expect(phone.body.message).toBe('Phone number must be in format +1XXXXXXXXXX');
  });

  it('saves allowed settings into the organization read model', async () => {
    const notification_settings = [
      {
        rule_id: 'BookedCallRule',
        recipients: [
          { group: 'office', channel: 'email', time: 'ALWAYS' },
          { group: 'cc', channel: 'sms', time: 'AFTER_HOURS' },
        ],
      },
    ];
    const res = await agent
      .post('/org/notification-settings')
      .send({ orgId, notification_settings, cc_emails: ['', 'gm@notify.test'], cc_phone_numbers: ['+15550001111'] });
    expect(res.body).toEqual({ success: true });
    const org = await eventually(async () => {
      const row = await h.tdb.db.organization.findUnique({ where: { id: orgId } });
      return row?.ccPhoneNumbers.length ? row : null;
    });
    expect(org).toMatchObject({ notificationSettings: notification_settings, ccEmails: ['gm@notify.test'], ccPhoneNumbers: ['+15550001111'] });
  });
});

describe('the outbox', () => {
  it("lists the organization's messages newest first, a page at a time", async () => {
    const outbox = createOutboxMessaging(h.tdb.db);
    for (const n of [1, 2, 3]) {
      await outbox.sms.sendSms({ orgId, interactionId: `i-${n}`, dedupKey: `i-${n}:sms`, to: '+15550001111', text: `message ${n}` });
      await new Promise((r) => setTimeout(r, 5));
    }
    await outbox.sms.sendSms({ orgId, interactionId: 'i-3', dedupKey: 'i-3:sms', to: '+15550001111', text: 'message 3 again' });
    const first = await agent.get('/outbox').query({ orgId, page: 1, pageSize: 2 });
    expect(first.status).toBe(200);
    expect(first.body).toMatchObject({ page: 1, pageSize: 2, total: 3 });
    expect(first.body.messages.map((m: { text: string }) => m.text)).toEqual(['message 3', 'message 2']);
    expect(first.body.messages[0]).toMatchObject({ channel: 'sms', to: '+15550001111', status: 'sent', interaction_id: 'i-3', html: null });
    const second = await agent.get('/outbox').query({ orgId, page: 2, pageSize: 2 });
    expect(second.body.messages.map((m: { text: string }) => m.text)).toEqual(['message 1']);
    const bad = await agent.get('/outbox').query({ orgId, pageSize: 1000 });
    expect(bad.status).toBe(400);
  });
});
