import { describe, expect, it } from '@jest/globals';
import { parsePrimaryWebhook, parseTwilioWebhook, SmsWebhookError, twilioSignature, verifyTwilioSignature } from './sms-webhook-parsers';

const at = new Date('2025-03-04T16:00:00Z');
const json = (o: object) => Buffer.from(JSON.stringify(o));
const form = (o: Record<string, string>) => Buffer.from(new URLSearchParams(o).toString());

describe('first provider webhooks', () => {
  const base = {
    WebhookSid: 'wh_1',
    Sid: 'msg_1',
    From: '+15550001111',
    Recipients: [{ To: '+15550003333' }],
    EventDate: '2025-03-04T16:00:03Z',
    ErrorCode: 0,
    SegmentCount: 1,
  };

  it.each([
    ['Queued', 'QUEUED'],
    ['Sent', 'QUEUED'],
    ['Delivered', 'DELIVERED'],
    ['Failed', 'FAILED'],
    ['Expired', 'FAILED'],
  ])('stores %s as %s', (Status, stored) => {
    const parsed = parsePrimaryWebhook(json({ ...base, Status }), at);
    expect(parsed).toMatchObject({ kind: 'status', data: { status: stored, providerStatus: Status, messageId: 'msg_1', to: '+15550003333' } });
  });

  it('reads ErrorCode 0 as no error and keeps a failure description', () => {
    expect(
      parsePrimaryWebhook(json({ ...base, Status: 'Delivered' }), at).kind === 'status' && parsePrimaryWebhook(json({ ...base, Status: 'Delivered' }), at).data,
    ).toMatchObject({ errorCode: null, errorMessage: null });
    const failed = parsePrimaryWebhook(json({ ...base, Status: 'Failed', ErrorCode: 4720, ErrorDescription: 'Unreachable' }), at);
    expect(failed.data).toMatchObject({ errorCode: 4720, errorMessage: 'Unreachable' });
  });

  it('takes the idempotency key from WebhookSid: the same delivery has the same event id', () => {
    const a = parsePrimaryWebhook(json({ ...base, Status: 'Delivered' }), at);
    const b = parsePrimaryWebhook(json({ ...base, Status: 'Delivered' }), new Date());
    const c = parsePrimaryWebhook(json({ ...base, WebhookSid: 'wh_2', Status: 'Delivered' }), at);
    expect(a.eventId).toBe(b.eventId);
    expect(c.eventId).not.toBe(a.eventId);
  });

  it('reads an inbound message and its conversation metadata', () => {
    const org = '0b6f4c1e-6a51-4f0e-9d0c-8a4f1c2b3d4e';
    const parsed = parsePrimaryWebhook(
      json({
        WebhookSid: 'wh_3',
        Sid: 'msg_9',
        From: '+13125550101',
        To: '+15550001111',
        AdditionalRecipients: [],
        EventDate: '2025-03-04T16:05:00Z',
        Text: 'Yes',
        SegmentCount: 1,
        ConversationMetadata: { org_id: org, interaction_id: 'i-1' },
      }),
      at,
    );
    expect(parsed).toMatchObject({
      kind: 'inbound',
      ourNumber: '+15550001111',
      data: { orgId: org, interactionId: 'i-1', text: 'Yes', receivedAt: '2025-03-04T16:05:00.000Z' },
    });
  });

  it('refuses an unreadable payload', () => {
    expect(() => parsePrimaryWebhook(Buffer.from('{'), at)).toThrow(SmsWebhookError);
    expect(() => parsePrimaryWebhook(json({ Status: 'Delivered' }), at)).toThrow(/Unreadable status webhook/);
  });
});

describe('Twilio webhooks', () => {
  it.each([
    ['queued', 'QUEUED'],
    ['sent', 'QUEUED'],
    ['delivered', 'DELIVERED'],
    ['undelivered', 'FAILED'],
    ['failed', 'FAILED'],
  ])('stores MessageStatus %s as %s', (MessageStatus, stored) => {
    const parsed = parseTwilioWebhook(form({ MessageSid: 'SM1', AccountSid: 'AC1', From: '+15550001111', To: '+15550003333', MessageStatus }), at);
    expect(parsed).toMatchObject({ kind: 'status', data: { provider: 'twilio', status: stored } });
  });

  it('reads an incoming message', () => {
    const parsed = parseTwilioWebhook(
      form({
        MessageSid: 'SM2',
        AccountSid: 'AC1',
        From: '+13125550101',
        To: '+15550001111',
        Body: 'Hi',
        SmsStatus: 'received',
        NumMedia: '1',
        MediaUrl0: 'https://media.test/1.jpg',
      }),
      at,
    );
    expect(parsed).toMatchObject({ kind: 'inbound', data: { text: 'Hi', mediaUrls: ['https://media.test/1.jpg'] } });
  });

  it('checks X-Twilio-Signature over the URL and the sorted parameters', () => {
    const body = form({ To: '+1555', From: '+1666', MessageSid: 'SM3' });
    const url = 'https://api.test/integrations/sms/webhook/twilio';
    const signature = twilioSignature('token', url, body);
    expect(verifyTwilioSignature('token', url, body, signature)).toBe(true);
    expect(verifyTwilioSignature('other', url, body, signature)).toBe(false);
    expect(verifyTwilioSignature('token', `${url}?x=1`, body, signature)).toBe(false);
    expect(verifyTwilioSignature('token', url, body, undefined)).toBe(false);
    // The order of the form fields does not matter: Twilio sorts them by name.
    expect(twilioSignature('token', url, form({ MessageSid: 'SM3', From: '+1666', To: '+1555' }))).toBe(signature);
  });
});
