import { createHmac } from 'node:crypto';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { mergeCallDeliveries } from '../../../../domain/call/call-record-merge';
import { isVoiceProviderError } from '../../voice-provider.port';
import { VapiVoiceProvider } from './vapi.adapter';
import { vapiEndedReason } from './vapi.mapper';

const fixture = (name: string) => readFileSync(join(__dirname, 'fixtures', `${name}.json`), 'utf8');
const ORG = '8d4f0a52-3c1e-4b8e-9d60-2f1a7c3e5b90';
const CALL_ID = '2a7f1c4e-9b3d-4e8a-b6f2-5c1d0e9a8b7c';
const NOW = new Date('2025-03-04T15:01:30.000Z');
const vapi = new VapiVoiceProvider({ apiKey: 'vapi_private', now: () => NOW });
const parse = (name: string) => vapi.parseWebhook({ headers: {}, rawBody: fixture(name), orgId: ORG });

describe('Vapi server messages', () => {
  it('maps status-update in-progress to call_started with who called whom', () => {
    expect(parse('status-update-in-progress')).toEqual({
      orgId: ORG,
      kind: 'call_started',
      providerEvent: 'status-update',
      providerCallId: CALL_ID,
      occurredAt: '2025-03-04T15:00:00.512Z',
      sequence: 10,
      record: {
        voiceAgentId: '5b9d2f0e-1c3a-4d7b-9e8f-6a5b4c3d2e1f',
        type: 'inboundPhoneCall',
        direction: 'inbound',
        status: 'in-progress',
        providerStatus: 'in-progress',
        createdAt: '2025-03-04T15:00:00.118Z',
        updatedAt: '2025-03-04T15:00:00.301Z',
        fromNumber: '+13125550142',
        toNumber: '+17735550108',
        receiverId: '+13125550142',
        callerPhoneNumberId: '9e8d7c6b-5a4f-4e3d-8c2b-1a0f9e8d7c6b',
      },
    });
  });

  it('does not take a status from the call snapshot inside a message', () => {
    // The embedded call still says "ringing"; only the message's own status counts.
    expect(parse('status-update-in-progress').record?.status).toBe('in-progress');
    expect(parse('end-of-call-report').record?.status).toBe('ended');
  });

  it('maps status-update ended to call_ended with the customer hanging up', () => {
    const event = parse('status-update-ended');
    expect(event).toMatchObject({ kind: 'call_ended', sequence: 30, occurredAt: '2025-03-04T15:01:18.003Z' });
    expect(event.record).toMatchObject({ status: 'ended', endedReason: 'user_hangup', providerEndedReason: 'customer-ended-call' });
  });

  it('maps an unanswered outbound call to not-connected / no_answer', () => {
    expect(parse('status-update-no-answer').record).toMatchObject({
      type: 'outboundPhoneCall',
      status: 'not-connected',
      endedReason: 'no_answer',
      fromNumber: '+17735550108',
      toNumber: '+13125550177',
      receiverId: '+13125550177',
      callVariables: { customer_name: 'Pat' },
    });
  });

  it('maps end-of-call-report with transcript roles, tool calls, recording, cost and duration', () => {
    const event = parse('end-of-call-report');
    expect(event).toMatchObject({ kind: 'call_analyzed', providerEvent: 'end-of-call-report', sequence: 40, occurredAt: '2025-03-04T15:01:24.219Z' });
    expect(event.record).toMatchObject({
      status: 'ended',
      endedReason: 'user_hangup',
      startedAt: '2025-03-04T15:00:00.480Z',
      endedAt: '2025-03-04T15:01:17.980Z',
      durationSeconds: 77.5,
      costUsd: 0.1387,
      recordingUrl: 'https://storage.vapi.ai/2a7f1c4e-mono.wav',
      stereoRecordingUrl: 'https://storage.vapi.ai/2a7f1c4e-stereo.wav',
      summary: "The caller's furnace stopped working; the assistant found an opening tomorrow at 2pm in 60614.",
      transcriptObject: [
        { role: 'Agent', content: 'Thanks for calling Demo HVAC, this is Ava.' },
        { role: 'Customer', content: 'Hi, my furnace stopped working.' },
        { role: 'Agent', content: 'I can have a technician there tomorrow at 2pm.' },
      ],
      readableTranscriptWithToolCalls: [
        'Agent: Thanks for calling Demo HVAC, this is Ava.',
        'Customer: Hi, my furnace stopped working.',
        'Tool call: get_capacity({"zip":"60614","job_type":"furnace_repair"})',
        'Tool result: {"slots":["2025-03-05T14:00:00-06:00"]}',
        'Agent: I can have a technician there tomorrow at 2pm.',
      ].join('\n'),
    });
    // Vapi messages carry turn times, not word timings.
    expect(event.record?.transcriptObject?.every((turn) => turn.words === undefined)).toBe(true);
  });

  it('maps tool-calls to a tool_call event with parsed arguments', () => {
    const event = parse('tool-calls');
    expect(event).toMatchObject({
      kind: 'tool_call',
      providerCallId: CALL_ID,
      toolCalls: [{ id: 'call_Xk2pQ9', name: 'get_capacity', arguments: { zip: '60614', job_type: 'furnace_repair' } }],
    });
    expect(event.record?.status).toBe('in-progress');
  });

  it('merges every order of the four deliveries, with the report delivered twice, into one record', () => {
    const events = ['status-update-in-progress', 'tool-calls', 'status-update-ended', 'end-of-call-report', 'end-of-call-report'].map(parse);
    const forward = mergeCallDeliveries('vapi', CALL_ID, events);
    const backward = mergeCallDeliveries('vapi', CALL_ID, [...events].reverse());
    const shuffled = mergeCallDeliveries('vapi', CALL_ID, [events[3], events[0], events[2], events[1], events[4]]);
    expect(backward).toEqual(forward);
    expect(shuffled).toEqual(forward);
    expect(forward).toMatchObject({ status: 'ended', endedReason: 'user_hangup', createdAt: '2025-03-04T15:00:00.118Z', durationSeconds: 77.5 });
    expect(forward.transcriptObject).toHaveLength(3);
  });

  it('rejects a message without a call as INVALID_PAYLOAD', () => {
    expect.assertions(1);
    try {
      vapi.parseWebhook({ headers: {}, rawBody: '{"message":{"type":"status-update","status":"ended"}}', orgId: ORG });
    } catch (error) {
      expect(isVoiceProviderError(error) && error.code).toBe('INVALID_PAYLOAD');
    }
  });

  it.each([
    ['customer-ended-call', 'user_hangup'],
    ['customer-ended-call-during-transfer', 'user_hangup'],
    ['assistant-ended-call', 'agent_hangup'],
    ['assistant-said-end-call-phrase', 'agent_hangup'],
    ['assistant-forwarded-call', 'transferred'],
    ['customer-busy', 'busy'],
    ['customer-did-not-answer', 'no_answer'],
    ['voicemail', 'voicemail'],
    ['twilio-failed-to-connect-call', 'dial_failed'],
    ['call.in-progress.error-providerfault-outbound-sip-503-service-unavailable', 'dial_failed'],
    ['pipeline-error-openai-llm-failed', 'error'],
    ['call.start.error-subscription-frozen', 'error'],
    ['assistant-request-failed', 'error'],
    ['silence-timed-out', 'other'],
    ['exceeded-max-duration', 'other'],
    ['manually-canceled', 'other'],
  ])('maps endedReason %s to %s', (reason, expected) => {
    expect(vapiEndedReason(reason)).toBe(expected);
  });
});

describe('Vapi webhook authentication', () => {
  const body = fixture('end-of-call-report');
  const secret = 'server-url-secret';

  it('accepts the X-Vapi-Secret header or a bearer credential carrying the secret', () => {
    expect(vapi.verifySignature({ headers: { 'x-vapi-secret': secret }, rawBody: body, secret })).toBe(true);
    expect(vapi.verifySignature({ headers: { Authorization: `Bearer ${secret}` }, rawBody: body, secret })).toBe(true);
  });

  it('rejects a wrong or missing secret', () => {
    expect(vapi.verifySignature({ headers: { 'x-vapi-secret': 'guess' }, rawBody: body, secret })).toBe(false);
    expect(vapi.verifySignature({ headers: {}, rawBody: body, secret })).toBe(false);
  });

  describe('with an HMAC credential', () => {
    const hmacVapi = new VapiVoiceProvider({ apiKey: 'k', now: () => NOW, webhookAuth: { mode: 'hmac', toleranceMs: 300_000 } });
    const timestamp = String(Math.floor(NOW.getTime() / 1000) - 10);
    const sign = (raw: string, key: string) => createHmac('sha256', key).update(`${timestamp}.${raw}`).digest('hex');

    it('accepts the default plan: hex HMAC-SHA256 of "{timestamp}.{body}"', () => {
      expect(hmacVapi.verifySignature({ headers: { 'x-signature': sign(body, secret), 'x-timestamp': timestamp }, rawBody: body, secret })).toBe(true);
    });

    it('rejects a tampered body, a wrong secret and a stale timestamp', () => {
      const headers = { 'x-signature': sign(body, secret), 'x-timestamp': timestamp };
      expect(hmacVapi.verifySignature({ headers, rawBody: body.replace('0.1387', '0.0001'), secret })).toBe(false);
      expect(hmacVapi.verifySignature({ headers: { ...headers, 'x-signature': sign(body, 'other') }, rawBody: body, secret })).toBe(false);
      const stale = new Date(NOW.getTime() + 301_000);
      expect(hmacVapi.verifySignature({ headers, rawBody: body, secret, now: stale })).toBe(false);
    });

    it('honours a custom signature header without a timestamp', () => {
      const custom = new VapiVoiceProvider({ apiKey: 'k', webhookAuth: { mode: 'hmac', signatureHeader: 'x-vapi-signature' } });
      const signature = createHmac('sha256', secret).update(body).digest('hex');
      expect(custom.verifySignature({ headers: { 'x-vapi-signature': signature }, rawBody: body, secret })).toBe(true);
      expect(custom.verifySignature({ headers: { 'x-vapi-signature': signature }, rawBody: `${body} `, secret })).toBe(false);
    });
  });

  describe('by default, told from the headers', () => {
    const auto = new VapiVoiceProvider({ apiKey: 'k', now: () => NOW });
    const timestamp = String(NOW.getTime() - 10_000);
    const headers = { 'x-signature': createHmac('sha256', secret).update(`${timestamp}.${body}`).digest('hex'), 'x-timestamp': timestamp };

    it('checks an HMAC signature over the body, within five minutes, and says it covered the body', () => {
      expect(auto.verifySignature({ headers, rawBody: body, secret })).toBe(true);
      expect(auto.verifySignature({ headers, rawBody: body.replace('0.1387', '0.0001'), secret })).toBe(false);
      expect(auto.verifySignature({ headers, rawBody: body, secret, now: new Date(NOW.getTime() + 301_000) })).toBe(false);
      // The secret itself in x-signature is not a signature.
      expect(auto.verifySignature({ headers: { 'x-signature': secret, 'x-vapi-secret': secret }, rawBody: body, secret })).toBe(false);
      expect(auto.signatureScope(headers)).toBe('body');
    });

    it('takes the static secret without a signature header, which covers nothing of the body', () => {
      expect(auto.verifySignature({ headers: { 'x-vapi-secret': secret }, rawBody: body, secret })).toBe(true);
      expect(auto.signatureScope({ 'x-vapi-secret': secret })).toBe('nothing');
    });
  });
});
