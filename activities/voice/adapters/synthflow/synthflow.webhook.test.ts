import { createHmac } from 'node:crypto';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { mergeCallDeliveries } from '../../../../domain/call/call-record-merge';
import { isVoiceProviderError } from '../../voice-provider.port';
import { SynthflowVoiceProvider } from './synthflow.adapter';
import { synthflowEndedReason, synthflowStatus } from './synthflow.mapper';

const fixture = (name: string) => readFileSync(join(__dirname, 'fixtures', `${name}.json`), 'utf8');
const ORG = '8d4f0a52-3c1e-4b8e-9d60-2f1a7c3e5b90';
const synthflow = new SynthflowVoiceProvider({ apiKey: 'sf_key', now: () => new Date('2024-03-28T18:00:00.000Z') });
const parse = (name: string) => synthflow.parseWebhook({ headers: {}, rawBody: fixture(name), orgId: ORG });

describe('Synthflow post-call webhook', () => {
  it('maps a completed call: transcript roles from "bot:"/"human:" lines, reason, times, variables', () => {
    expect(parse('post_call_completed')).toEqual({
      orgId: ORG,
      kind: 'call_ended',
      providerEvent: 'post_call',
      providerCallId: '1711646262471x768387119913843100',
      occurredAt: '2024-03-28T17:19:39.205Z',
      sequence: 30,
      record: {
        voiceAgentId: '1711241656808x745681686585854500',
        status: 'ended',
        providerStatus: 'completed',
        endedReason: 'agent_hangup',
        providerEndedReason: 'agent_goodbye',
        startedAt: '2024-03-28T17:17:46.205Z',
        endedAt: '2024-03-28T17:19:39.205Z',
        durationSeconds: 113,
        recordingUrl: 'https://recordings.synthflow.ai/1711646262471x768387119913843100.wav',
        receiverId: '+13125550177',
        callVariables: { customer_name: 'Pat', job_type: 'tune-up' },
        dynamicVariables: { appointment_day: 'Thursday' },
        transcriptObject: [
          { role: 'Agent', content: 'Hello, this is Ava from Demo HVAC. Is this Pat?' },
          { role: 'Customer', content: 'Yes, speaking.' },
          { role: 'Agent', content: 'Your furnace tune-up is due. Would Thursday at 10am work?' },
          { role: 'Customer', content: 'Thursday works.' },
          { role: 'Agent', content: 'Great, you are booked. Goodbye!' },
        ],
        readableTranscriptWithToolCalls: [
          'Agent: Hello, this is Ava from Demo HVAC. Is this Pat?',
          'Customer: Yes, speaking.',
          'Agent: Your furnace tune-up is due. Would Thursday at 10am work?',
          'Customer: Thursday works.',
          'Agent: Great, you are booked. Goodbye!',
        ].join('\n'),
      },
    });
  });

  it('does not take a graded analysis field for a summary', () => {
    expect(parse('post_call_completed').record).not.toHaveProperty('summary');
  });

  it('maps an unanswered call to not-connected / no_answer with no transcript or recording', () => {
    const { record } = parse('post_call_no_answer');
    expect(record).toMatchObject({ status: 'not-connected', endedReason: 'no_answer', durationSeconds: 0, receiverId: '+13125550178' });
    expect(record).not.toHaveProperty('recordingUrl');
    expect(record).not.toHaveProperty('transcriptObject');
  });

  it('maps a voicemail left to ended / voicemail', () => {
    expect(parse('post_call_left_voicemail').record).toMatchObject({
      status: 'ended',
      endedReason: 'voicemail',
      providerEndedReason: 'voicemail_message_left',
      endedAt: '2024-03-28T17:40:24.000Z',
    });
  });

  it('converges on a redelivered post-call webhook', () => {
    const event = parse('post_call_completed');
    expect(mergeCallDeliveries('synthflow', event.providerCallId, [event, event])).toEqual(mergeCallDeliveries('synthflow', event.providerCallId, [event]));
  });

  it('rejects the inbound routing webhook, which names no call, as INVALID_PAYLOAD', () => {
    expect.assertions(1);
    try {
      synthflow.parseWebhook({
        headers: {},
        rawBody: '{"event":"call_inbound","call_inbound":{"from_number":"+12137771234","to_number":"+12137771235"}}',
        orgId: ORG,
      });
    } catch (error) {
      expect(isVoiceProviderError(error) && error.code).toBe('INVALID_PAYLOAD');
    }
  });

  it.each([
    ['human_goodbye', 'user_hangup'],
    ['human_pick_up_cut_off', 'user_hangup'],
    ['agent_ended_call', 'agent_hangup'],
    ['custom_end_call', 'agent_hangup'],
    ['voicemail_cut_off', 'voicemail'],
    ['error', 'error'],
    ['max_duration', 'other'],
    ['timeout', 'other'],
  ])('maps end_call_reason %s to %s', (reason, expected) => {
    expect(synthflowEndedReason(reason)).toBe(expected);
  });

  it.each([
    ['pending', 'queued', undefined],
    ['ringing', 'ringing', undefined],
    ['in-progress', 'in-progress', undefined],
    ['busy', 'not-connected', 'busy'],
    ['failed', 'not-connected', 'dial_failed'],
    ['hangup_on_voicemail', 'ended', 'voicemail'],
    ['spam', 'ended', 'marked_as_spam'],
  ])('maps status %s to %s', (status, expected, implied) => {
    expect(synthflowStatus(status, undefined)).toEqual({ status: expected, ...(implied ? { impliedReason: implied } : {}) });
  });
});

describe('Synthflow signature', () => {
  const body = fixture('post_call_completed');
  const secret = 'sf-webhook-secret';
  const sign = (callId: string, key: string) => createHmac('sha256', key).update(callId).digest('base64');
  const callId = '1711646262471x768387119913843100';

  it('accepts the base64 HMAC-SHA256 of the call id, under either documented header spelling', () => {
    expect(synthflow.verifySignature({ headers: { 'Synthflow-Signature': sign(callId, secret) }, rawBody: body, secret })).toBe(true);
    expect(synthflow.verifySignature({ headers: { http_synthflow_signature: sign(callId, secret) }, rawBody: body, secret })).toBe(true);
  });

  it('rejects a body whose call id was changed, and a wrong secret', () => {
    const tampered = body.replace(callId, '1711646262471x000000000000000000');
    expect(synthflow.verifySignature({ headers: { 'synthflow-signature': sign(callId, secret) }, rawBody: tampered, secret })).toBe(false);
    expect(synthflow.verifySignature({ headers: { 'synthflow-signature': sign(callId, 'other') }, rawBody: body, secret })).toBe(false);
  });

  it('rejects a missing header or a body that is not a call', () => {
    expect(synthflow.verifySignature({ headers: {}, rawBody: body, secret })).toBe(false);
    expect(synthflow.verifySignature({ headers: { 'synthflow-signature': sign(callId, secret) }, rawBody: 'not json', secret })).toBe(false);
  });
});
