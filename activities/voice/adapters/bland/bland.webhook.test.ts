import { createHmac } from 'node:crypto';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { mergeCallDeliveries } from '../../../../domain/call/call-record-merge';
import { isVoiceProviderError } from '../../voice-provider.port';
import { BlandVoiceProvider } from './bland.adapter';

const fixture = (name: string) => readFileSync(join(__dirname, 'fixtures', `${name}.json`), 'utf8');
const ORG = '8d4f0a52-3c1e-4b8e-9d60-2f1a7c3e5b90';
const NOW = new Date('2024-04-28T00:00:00.000Z');
const bland = new BlandVoiceProvider({ apiKey: 'org_key', now: () => NOW });
const parse = (name: string) => bland.parseWebhook({ headers: {}, rawBody: fixture(name), orgId: ORG });

describe('Bland post-call webhook', () => {
  it('maps a completed outbound call: roles, actions, ended reason, duration in minutes, price', () => {
    expect(parse('post_call_completed')).toEqual({
      orgId: ORG,
      kind: 'call_ended',
      providerEvent: 'post_call',
      providerCallId: 'd9cce3f3-23cf-4fa7-b62c-8be8119b8715',
      occurredAt: '2024-04-27T23:52:37.000Z',
      sequence: 30,
      record: {
        voiceAgentId: 'a0f0d4ed-f5f5-4f16-b3f9-22166594d7a7',
        type: 'outboundPhoneCall',
        direction: 'outbound',
        status: 'ended',
        providerStatus: 'complete',
        endedReason: 'agent_hangup',
        providerEndedReason: 'ASSISTANT',
        createdAt: '2024-04-27T23:51:18.025Z',
        startedAt: '2024-04-27T23:51:25.000Z',
        endedAt: '2024-04-27T23:52:37.000Z',
        durationSeconds: 72,
        recordingUrl: 'https://server.aws.dialer.bland.ai/d9cce3f3-23cf-4fa7-b62c-8be8119b8715.mp3',
        summary: 'The agent called Pat about a tune-up; Pat booked tomorrow at 2pm.',
        fromNumber: '+17735550108',
        toNumber: '+13125550177',
        receiverId: '+13125550177',
        callerPhoneNumberId: '+17735550108',
        metadata: { org_id: ORG },
        callVariables: { customer_name: 'Pat', job_id: '4411' },
        dynamicVariables: {
          now: 'Sat Apr 27 2024 18:51:25 GMT-0500 (Central Daylight Time)',
          from: '+17735550108',
          to: '+13125550177',
          call_id: 'd9cce3f3-23cf-4fa7-b62c-8be8119b8715',
          city: 'CHICAGO',
          state: 'IL',
          appointment_time: 'tomorrow at 2pm',
        },
        transcriptObject: [
          { role: 'Agent', content: 'Hi Pat, this is Ava from Demo HVAC.' },
          { role: 'Customer', content: 'Hi.' },
          { role: 'Agent', content: 'Can we book your tune-up for tomorrow at 2pm?' },
          { role: 'Customer', content: 'Yes, that works.' },
        ],
        readableTranscriptWithToolCalls: [
          'Agent: Hi Pat, this is Ava from Demo HVAC.',
          'Customer: Hi.',
          'Agent: Can we book your tune-up for tomorrow at 2pm?',
          'Customer: Yes, that works.',
          'Action: Ended call: Great, see you tomorrow!',
        ].join('\n'),
        costUsd: 0.108,
      },
    });
  });

  it('maps a call answered by voicemail, with the greeting as IVR', () => {
    const { record } = parse('post_call_voicemail');
    expect(record).toMatchObject({ status: 'ended', endedReason: 'voicemail', durationSeconds: 21 });
    expect(record?.transcriptObject?.map((turn) => turn.role)).toEqual(['IVR', 'Agent']);
  });

  it('maps a call that failed in the queue to not-connected / dial_failed', () => {
    expect(parse('post_call_queue_error').record).toMatchObject({
      status: 'not-connected',
      endedReason: 'dial_failed',
      providerStatus: 'queue_error',
      providerEndedReason: 'Valid phone number but to an unserviced area.',
      durationSeconds: 0,
    });
  });

  it('treats streamed live events as other, without changing the record', () => {
    expect(bland.parseWebhook({ headers: {}, rawBody: fixture('live_event'), orgId: ORG, receivedAt: NOW })).toEqual({
      orgId: ORG,
      kind: 'other',
      providerEvent: 'call',
      providerCallId: 'd9cce3f3-23cf-4fa7-b62c-8be8119b8715',
      occurredAt: NOW.toISOString(),
      sequence: 20,
      record: {},
    });
  });

  it('converges when the post-call webhook is redelivered around a live event', () => {
    const [live, done] = [bland.parseWebhook({ headers: {}, rawBody: fixture('live_event'), orgId: ORG, receivedAt: NOW }), parse('post_call_completed')];
    const a = mergeCallDeliveries('bland', done.providerCallId, [live, done, done]);
    const b = mergeCallDeliveries('bland', done.providerCallId, [done, live]);
    expect(a).toEqual(b);
    expect(a.status).toBe('ended');
  });

  it('rejects a post-call body without a call id as INVALID_PAYLOAD', () => {
    expect.assertions(1);
    try {
      bland.parseWebhook({ headers: {}, rawBody: '{"completed":true}', orgId: ORG });
    } catch (error) {
      expect(isVoiceProviderError(error) && error.code).toBe('INVALID_PAYLOAD');
    }
  });
});

describe('Bland X-Webhook-Signature', () => {
  const body = fixture('post_call_completed');
  const secret = 'whsec_bland';
  const sign = (raw: string, key: string) => createHmac('sha256', key).update(raw).digest('hex');

  it('accepts the hex HMAC-SHA256 of the body', () => {
    expect(bland.verifySignature({ headers: { 'X-Webhook-Signature': sign(body, secret) }, rawBody: body, secret })).toBe(true);
  });

  it('rejects a tampered body, a wrong secret and a missing header', () => {
    expect(bland.verifySignature({ headers: { 'x-webhook-signature': sign(body, secret) }, rawBody: body.replace('0.108', '0.001'), secret })).toBe(false);
    expect(bland.verifySignature({ headers: { 'x-webhook-signature': sign(body, 'other') }, rawBody: body, secret })).toBe(false);
    expect(bland.verifySignature({ headers: {}, rawBody: body, secret })).toBe(false);
  });
});
