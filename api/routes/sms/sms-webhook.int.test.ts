import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import { randomUUID } from 'node:crypto';
import request from 'supertest';
import type { NotificationSetting } from '../../../domain/notifications/recipients';
import { createEvent, type DomainEvent } from '../../../events/catalog';
import { DEFAULT_REGULAR_HOURS } from '../../../domain/organization/organization-settings.schema';
import { eventually } from '../../../tests/support/integration';
import { startProductHarness, type ProductHarness } from '../../../tests/support/product-harness';
import { taskQueue } from '../../../domain/run/task-queues';
import { workflowIds } from '../../../domain/run/workflow-ids';
import { twilioSignature } from '../../use-cases/sms-webhooks/sms-webhook-parsers';

const TWILIO_TOKEN = 'twilio-auth-token-for-tests';
const PUBLIC_API = 'https://api.homeagent.test';
const ORG_NUMBER = `+1555${String(Math.floor(Math.random() * 1e7)).padStart(7, '0')}`;
const CC = '+15550003333';
const orgId = randomUUID();
let h: ProductHarness;

const settings: NotificationSetting[] = [
  {
    rule_id: 'InboundCallRule',
    recipients: [
      { group: 'cc', channel: 'sms', time: 'ALWAYS' },
      { group: 'office', channel: 'email', time: 'ALWAYS' },
      { group: 'office', channel: 'slack', time: 'ALWAYS' },
    ],
  },
];

const orgEvent = (type: DomainEvent['type'], data: object) =>
  createEvent({ eventId: randomUUID(), type, aggregateId: orgId, orgId, correlationId: 'it-sms', causationId: null, data } as never);

beforeAll(async () => {
  h = await startProductHarness({ TWILIO_AUTH_TOKEN: TWILIO_TOKEN, PUBLIC_API_URL: PUBLIC_API });
  await h.tdb.db.organizationSmsConfig.create({ data: { orgId, phoneNumber: ORG_NUMBER } });
  await h.bus.publish([
    orgEvent('OrganizationCreated', {
      orgId,
      name: 'Texting Plumbing',
      slug: `texting-${orgId.slice(0, 8)}`,
      timezone: 'America/Chicago',
      crmName: 'NONE',
      officeEmail: 'office@texting.test',
      adminEmails: ['owner@texting.test'],
      tradesOffered: ['Plumbing'],
      enterpriseId: null,
      regularHours: DEFAULT_REGULAR_HOURS,
      emergencyHours: null,
    }),
    orgEvent('OrganizationNotificationSettingsChanged', { orgId, notificationSettings: settings, ccEmails: [], ccPhoneNumbers: [CC] }),
  ]);
  await eventually(async () => (await h.tdb.db.organization.findUnique({ where: { id: orgId } }))?.ccPhoneNumbers.length === 1);
}, 120_000);

afterAll(async () => {
  await h?.stop();
}, 60_000);

const smsRow = (messageId: string) => h.tdb.db.smsMessage.findUnique({ where: { messageId } });

function postPrimary(body: object) {
  return request(h.app).post('/integrations/sms/webhook/primary').set('content-type', 'application/json').send(JSON.stringify(body));
}

function postTwilio(fields: Record<string, string>, signature?: string) {
  const body = new URLSearchParams(fields).toString();
  const req = request(h.app).post('/integrations/sms/webhook/twilio').set('content-type', 'application/x-www-form-urlencoded');
  const signed = signature ?? twilioSignature(TWILIO_TOKEN, `${PUBLIC_API}/integrations/sms/webhook/twilio`, Buffer.from(body));
  return (signature === '' ? req : req.set('x-twilio-signature', signed)).send(body);
}

const primaryStatus = (sid: string, status: string, extra: object = {}) => ({
  WebhookSid: `wh_${randomUUID()}`,
  Sid: sid,
  From: ORG_NUMBER,
  Recipients: [{ To: CC, Carrier: 'Verizon' }],
  EventDate: new Date().toISOString(),
  Status: status,
  ErrorCode: 0,
  SegmentCount: 1,
  ...extra,
});

describe('a notification SMS and its delivery status', () => {
  const interactionId = randomUUID();
  let smsId: string;

  it('records every send on the interaction and keeps the SMS in the messages read model', async () => {
    await h.client.workflow.execute('notifyInteractionWorkflow', {
      taskQueue: taskQueue('notification', h.taskQueuePrefix),
      workflowId: workflowIds.notifyInteraction(interactionId),
      args: [
        {
          meta: { correlationId: `it-sms-${interactionId}` },
          orgId,
          event: {
            type: 'csr.call',
            payload: {
              interaction_id: interactionId,
              date: '2025-03-04T16:00:00Z',
              subject: 'Clogged drain',
              department: 'Plumbing',
              source: 'call',
              call_status: 'UNBOOKED',
              customer: { name: 'Ana Caller', phone: '+13125550101' },
              summary: [{ title: 'Summary', content: ['Wants a quote.'] }],
              bookings: [],
              tags: [],
              errors: [],
              org: { id: orgId, name: 'Texting Plumbing', timezone: 'America/Chicago', crm_name: 'NONE' },
            },
          },
        },
      ],
    });
    const names = await eventually(async () => {
      const seen: string[] = [];
      await h.bus.replay({
        aggregateTypes: ['interaction'],
        onEvent: async ({ event: e }) => void (e.type === 'InteractionEventRecorded' && e.aggregateId === interactionId && seen.push(e.data.name)),
      });
      return seen.length >= 3 ? seen.sort() : null;
    });
    expect(names).toEqual(['send_email', 'send_slack', 'send_sms']);

    const outboxSms = await h.tdb.db.outboxMessage.findFirstOrThrow({ where: { interactionId, channel: 'sms' } });
    smsId = outboxSms.id;
    const row = await eventually(() => smsRow(smsId));
    expect(row).toMatchObject({ direction: 'outbound', orgId, interactionId, to: CC, status: 'QUEUED' });
  }, 90_000);

  it('takes the first provider\'s Delivered status; a repeat and a late "Sent" change nothing', async () => {
    const delivered = primaryStatus(smsId, 'Delivered');
    const res = await postPrimary(delivered);
    expect(res.status).toBe(200);
    expect(res.body).toEqual({ received: true, status: 'DELIVERED' });
    await eventually(async () => (await smsRow(smsId))?.status === 'DELIVERED');
    expect((await postPrimary(delivered)).status).toBe(200);
    expect((await postPrimary(primaryStatus(smsId, 'Sent'))).body.status).toBe('QUEUED');
    await new Promise((r) => setTimeout(r, 1500));
    expect(await smsRow(smsId)).toMatchObject({ status: 'DELIVERED', providerStatus: 'Delivered', errorCode: null, provider: 'primary' });
  }, 30_000);
});

describe('SMS provider webhooks', () => {
  it('stores a Failed status with its error code and description', async () => {
    const sid = `msg_${randomUUID()}`;
    await postPrimary(primaryStatus(sid, 'Failed', { ErrorCode: 4720, ErrorDescription: 'Handset unreachable', ConversationMetadata: { org_id: orgId } }));
    const row = await eventually(async () => ((await smsRow(sid))?.status === 'FAILED' ? smsRow(sid) : null));
    expect(row).toMatchObject({ orgId, status: 'FAILED', errorCode: 4720, errorMessage: 'Handset unreachable', to: CC });
  }, 30_000);

  it('stores an inbound SMS for the organization that owns the number, once', async () => {
    const sid = `msg_${randomUUID()}`;
    const inbound = {
      WebhookSid: `wh_${randomUUID()}`,
      Sid: sid,
      From: '+13125550101',
      To: ORG_NUMBER,
      AdditionalRecipients: [],
      EventDate: '2025-03-04T16:05:00Z',
      Text: 'Is 3pm ok?',
      MediaUrls: [],
      SegmentCount: 1,
    };
    expect((await postPrimary(inbound)).body).toEqual({ received: true, status: 'RECEIVED' });
    expect((await postPrimary(inbound)).status).toBe(200);
    const row = await eventually(() => smsRow(sid));
    expect(row).toMatchObject({ direction: 'inbound', orgId, from: '+13125550101', to: ORG_NUMBER, text: 'Is 3pm ok?', status: 'RECEIVED' });
    expect(await h.tdb.db.smsMessage.count({ where: { messageId: sid } })).toBe(1);
  }, 30_000);

  it('accepts a signed Twilio status callback and refuses unsigned or wrongly signed ones', async () => {
    const sid = `SM${randomUUID().replace(/-/g, '')}`;
    const fields = {
      MessageSid: sid,
      AccountSid: 'AC123',
      From: ORG_NUMBER,
      To: CC,
      MessageStatus: 'undelivered',
      ErrorCode: '30003',
      ErrorMessage: 'Unreachable destination handset',
    };
    const unsigned = await postTwilio(fields, '');
    expect(unsigned.status).toBe(401);
    expect(unsigned.body).toEqual({ error: 'Unauthorized', status: 401, message: 'Invalid webhook signature' });
    expect((await postTwilio(fields, 'bm90IHRoZSBzaWduYXR1cmU=')).status).toBe(401);

    const ok = await postTwilio(fields);
    expect(ok.status).toBe(200);
    expect(ok.body).toEqual({ received: true, status: 'FAILED' });
    const row = await eventually(() => smsRow(sid));
    expect(row).toMatchObject({
      provider: 'twilio',
      orgId,
      status: 'FAILED',
      providerStatus: 'undelivered',
      errorCode: 30003,
      errorMessage: 'Unreachable destination handset',
    });
  }, 30_000);

  it('stores a signed Twilio inbound message', async () => {
    const sid = `SM${randomUUID().replace(/-/g, '')}`;
    const res = await postTwilio({
      MessageSid: sid,
      AccountSid: 'AC123',
      From: '+13125550101',
      To: ORG_NUMBER,
      Body: 'STOP',
      SmsStatus: 'received',
      NumSegments: '1',
      NumMedia: '0',
    });
    expect(res.body).toEqual({ received: true, status: 'RECEIVED' });
    expect(await eventually(() => smsRow(sid))).toMatchObject({ direction: 'inbound', orgId, text: 'STOP' });
  }, 30_000);

  it('answers 400 for an unknown provider or an unreadable payload and records nothing', async () => {
    const unknown = await request(h.app).post('/integrations/sms/webhook/carrier-pigeon').send({});
    expect(unknown.status).toBe(400);
    expect(unknown.body).toMatchObject({ error: 'Bad Request', status: 400, message: 'Unknown SMS provider "carrier-pigeon"' });
    const notJson = await request(h.app).post('/integrations/sms/webhook/primary').set('content-type', 'application/json').send('{nope');
    expect(notJson.status).toBe(400);
    const missing = await postPrimary({ WebhookSid: 'wh_1', Status: 'Delivered' });
    expect(missing.status).toBe(400);
    expect(missing.body.message).toMatch(/^Unreadable status webhook/);
  });
});
