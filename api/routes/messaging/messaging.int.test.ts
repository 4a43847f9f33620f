import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import { randomUUID } from 'node:crypto';
import request from 'supertest';
import { createMessaging } from '../../../activities/notifications/create-messaging';
import { eventually, uniqueName } from '../../../tests/support/integration';
import { onboardAndLogIn } from '../../../tests/support/onboard';
import { startProductHarness, type ProductHarness } from '../../../tests/support/product-harness';

// PUT /org (001 §3 "Org update") and the SMS and e-mail routes of 002 §7, through the offline outbox.

let h: ProductHarness;
let orgId: string;
let agent: ReturnType<typeof request.agent>;
const run = uniqueName('').replace(/^_/, '');
const email = `owner-${run}@messaging.test`;

beforeAll(async () => {
  h = await startProductHarness();
  ({ orgId, agent: agent } = await onboardAndLogIn(h, {
    name: `Messaging Drains ${run}`,
    adminEmail: email,
    officeEmail: `office-${run}@messaging.test`,
    timezone: 'America/Denver',
    trades: ['Drains'],
  }));
}, 120_000);

afterAll(async () => {
  await h?.stop();
}, 60_000);

describe('PUT /org', () => {
  it('refuses bad values with the spec messages and a channel the group may not use', async () => {
    const phone = await agent.put('/org').send({ id: orgId, cc_phone_numbers: ['555-1234'] });
    expect(phone.body).toMatchObject({ error: 'Bad Request', status: 400, message: 'Phone number must be in format +1XXXXXXXXXX' });
    const mail = await agent.put('/org').send({ id: orgId, cc_emails: ['not-an-email'] });
    expect(mail.body.message).toBe('Invalid email format');
    const channel = await agent
      .put('/org')
      .send({ id: orgId, notification_settings: [{ rule_id: 'InboundCallRule', recipients: [{ group: 'office', channel: 'sms', time: 'ALWAYS' }] }] });
    expect(channel.status).toBe(400);
    expect(channel.body.message).toBe('Receiver group office cannot be notified by sms; allowed channels: email, slack');
    const other = await agent.put('/org').send({ id: randomUUID(), zipcodes: ['80202'] });
    expect(other.status).toBe(401);
  });

  it('saves the org settings, flags and team-chat hook; GET /org serves them and the messaging adapters read them', async () => {
    const body = {
      id: orgId,
      spam_numbers: [{ phoneNumber: '+15550009999' }],
      zipcodes: ['80202', '80203', '80202'],
      service_area_active: true,
      cc_emails: ['gm@messaging.test', ''],
      cc_phone_numbers: ['+15550001111'],
      notification_settings: [{ rule_id: 'InboundCallRule', recipients: [{ group: 'office', channel: 'email', time: 'ALWAYS' }] }],
      feature_flags: { force_secondary_sms_provider: true, skip_email_summary: false },
      team_chat_webhook_url: 'https://hooks.example.test/org-hook',
    };
    const saved = await agent.put('/org').send(body);
    expect(saved.status).toBe(200);
    expect(saved.body).toMatchObject({
      zipcodes: ['80202', '80203'],
      service_area_active: true,
      cc_emails: ['gm@messaging.test'],
      team_chat_webhook_url: 'https://hooks.example.test/org-hook',
    });
    const org = await eventually(async () => {
      const res = await agent.get('/org').query({ id: orgId });
      return res.body.service_area_active ? res.body : null;
    });
    expect(org).toMatchObject({
      spam_numbers: [{ phoneNumber: '+15550009999', dateAdded: expect.any(String) }],
      zipcodes: ['80202', '80203'],
      cc_phone_numbers: ['+15550001111'],
      notification_settings: body.notification_settings,
      feature_flags: { force_secondary_sms_provider: true, skip_email_summary: false },
      team_chat_webhook_url: 'https://hooks.example.test/org-hook',
    });

    // A flag sent alone keeps the others; the hook can be removed.
    expect((await agent.put('/org').send({ id: orgId, feature_flags: { skip_email_summary: true }, team_chat_webhook_url: null })).status).toBe(200);
    const flags = await eventually(async () =>
      (await agent.get('/org').query({ id: orgId })).body.feature_flags?.skip_email_summary ? (await agent.get('/org').query({ id: orgId })).body : null,
    );
    expect(flags).toMatchObject({
      feature_flags: { force_secondary_sms_provider: true, skip_email_summary: true },
      team_chat_webhook_url: null,
      zipcodes: ['80202', '80203'],
    });
  });

  it('routes a live SMS to the secondary provider when the org flag forces it', async () => {
    const calls: string[] = [];
    const realFetch = global.fetch;
    global.fetch = (async (url: string | URL) => {
      calls.push(String(url));
      return new Response(JSON.stringify({ sid: 'SM123' }), { status: 201, headers: { 'content-type': 'application/json' } });
    }) as typeof fetch;
    try {
      const live = createMessaging({
        config: {
          ...h.config,
          MESSAGING_ADAPTER: 'live',
          SMS_PRIMARY_API_URL: 'https://primary.example.test',
          SMS_PRIMARY_API_KEY: 'k',
          SMS_PRIMARY_FROM: '+15550000001',
          TWILIO_ACCOUNT_SID: 'AC1',
          TWILIO_AUTH_TOKEN: 't',
          TWILIO_FROM: '+15550000002',
        },
        db: h.tdb.db,
      });
      await live.sms.sendSms({ orgId, interactionId: null, dedupKey: `force-${run}`, to: '+15550001111', text: 'hi' });
    } finally {
      global.fetch = realFetch;
    }
    expect(calls).toEqual([expect.stringContaining('/2010-04-01/Accounts/AC1/Messages.json')]);
  });
});

describe('POST /integrations/send-sms', () => {
  it('stores the SMS in the outbox without emojis; a provider status webhook shows as its delivery status', async () => {
    const res = await agent
      .post('/integrations/send-sms')
      .set('idempotency-key', `sms-${run}`)
      .send({ to: '(303) 555-0142', message: 'Your tech is on the way 🚚 see you soon 👍', conversationMetadata: { org_id: orgId } });
    expect(res.status).toBe(200);
    expect(res.body).toEqual({ message: 'SMS sent', messageId: expect.any(String), status: 'QUEUED' });
    const again = await agent
      .post('/integrations/send-sms')
      .set('idempotency-key', `sms-${run}`)
      .send({ to: '(303) 555-0142', message: 'Your tech is on the way 🚚 see you soon 👍', conversationMetadata: { org_id: orgId } });
    expect(again.body.messageId).toBe(res.body.messageId);

    const outbox = (await agent.get('/outbox').query({ orgId })).body.messages as Array<Record<string, unknown>>;
    const sms = outbox.filter((m) => m.channel === 'sms');
    expect(sms).toEqual([
      expect.objectContaining({ id: res.body.messageId, to: '+13035550142', text: 'Your tech is on the way see you soon', delivery_status: null }),
    ]);

    const status = {
      WebhookSid: `wh_${randomUUID()}`,
      Sid: res.body.messageId,
      From: '+15550000001',
      Recipients: [{ To: '+13035550142' }],
      EventDate: new Date().toISOString(),
      Status: 'Failed',
      ErrorCode: 4720,
      ErrorDescription: 'Handset unreachable',
      SegmentCount: 1,
    };
    expect((await request(h.app).post('/integrations/sms/webhook/primary').send(status)).status).toBe(200);
    const shown = await eventually(async () => {
      const page = (await agent.get('/outbox').query({ orgId })).body.messages as Array<Record<string, unknown>>;
      return page.find((m) => m.id === res.body.messageId && m.delivery_status === 'FAILED') ?? null;
    });
    expect(shown).toMatchObject({ delivery_error: 'Handset unreachable' });
  });

  it('refuses another org and a message that is only emojis', async () => {
    expect((await agent.post('/integrations/send-sms').send({ to: '+13035550142', message: 'x', conversationMetadata: { org_id: randomUUID() } })).status).toBe(
      401,
    );
    const empty = await agent.post('/integrations/send-sms').send({ to: '+13035550142', message: '👍', conversationMetadata: { org_id: orgId } });
    expect(empty.body).toMatchObject({ error: 'Bad Request', status: 400, message: 'message is empty without its emojis' });
  });
});

describe('e-mail routes', () => {
  const variables = {
    orgId: '',
    interactionId: randomUUID(),
    date: '2025-03-04T16:05:00Z',
    transcript: [{ role: 'agent', content: 'Thanks for calling.' }],
    callSummary: [{ title: 'Reason', content: ['Drain backed up'] }],
    customer: { name: 'Ana Caller', formattedAddress: '1 Main St', crm_customer_id: '991' },
    fromNumber: '+13035550101',
    bookingSummary: null,
    crm_job_id: null,
    timezone: 'America/Denver',
    crmName: 'NONE',
  };

  it('sends the call-summary template, reads it back, and takes the provider status webhooks in order', async () => {
    const sent = await agent
      .post('/integrations/send-email')
      .send({ email: 'gm@messaging.test', template_name: 'call-summary', template_variables: { ...variables, orgId } });
    expect(sent.status).toBe(200);
    expect(sent.body).toEqual({ message: 'Email sent', id: expect.any(String) });

    const read = await agent.get(`/integrations/email/${sent.body.id}`);
    expect(read.body).toMatchObject({
      id: sent.body.id,
      org_id: orgId,
      to: 'gm@messaging.test',
      template: 'call-summary',
      subject: 'Call summary: Ana Caller',
      status: 'sent',
    });
    expect(read.body.text).toContain('Date: 2025-03-04 09:05:00 (America/Denver)');
    expect(read.body.html).toContain('Thanks for calling.');

    const hook = (type: string) =>
      request(h.app)
        .post('/integrations/email/webhooks/resend')
        .send({ type, created_at: new Date().toISOString(), data: { email_id: sent.body.id, to: ['gm@messaging.test'], subject: 'x' } });
    expect((await hook('email.delivered')).body).toEqual({ received: true, status: 'delivered' });
    expect((await hook('email.sent')).status).toBe(200);
    expect((await agent.get(`/integrations/email/${sent.body.id}`)).body.status).toBe('delivered');
    await hook('email.bounced');
    expect((await agent.get(`/integrations/email/${sent.body.id}`)).body.status).toBe('bounced');
    const outbox = (await agent.get('/outbox').query({ orgId })).body.messages as Array<Record<string, unknown>>;
    expect(outbox.find((m) => m.id === sent.body.id)).toMatchObject({ channel: 'email', status: 'bounced' });
  });

  it('answers the spec errors: bad address, unknown template, missing variables, unknown e-mail or provider', async () => {
    const bad = await agent.post('/integrations/send-email').send({ orgId, email: 'nope', template_name: 'call-summary', template_variables: variables });
    expect(bad.body).toMatchObject({ error: 'Bad Request', status: 400, message: 'Invalid email format' });
    const template = await agent
      .post('/integrations/send-email')
      .send({ orgId, email: 'a@b.test', template_name: 'weekly-csr-report', template_variables: {} });
    expect(template.body.message).toBe('template_name must be one of call-summary, call-errors');
    const missing = await agent
      .post('/integrations/send-email')
      .send({ orgId, email: 'a@b.test', template_name: 'call-summary', template_variables: { date: 'today' } });
    expect(missing.body.message).toMatch(/^Invalid template_variables for call-summary: interactionId/);
    expect((await agent.get(`/integrations/email/${randomUUID()}`)).status).toBe(401);
    expect(
      (
        await request(h.app)
          .post('/integrations/email/webhooks/pigeon')
          .send({ type: 'email.sent', data: { email_id: 'x' } })
      ).body.message,
    ).toBe('Unknown e-mail provider "pigeon"');
    expect(
      (
        await request(h.app)
          .post('/integrations/email/webhooks/resend')
          .send({ type: 'email.received', data: { email_id: 'in_1', from: 'a@b.test' } })
      ).body,
    ).toEqual({ received: true, status: 'received' });
  });
});
