import { createHmac } from 'node:crypto';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { mergeCallDeliveries } from '../../../../domain/call/call-record-merge';
import { isVoiceProviderError } from '../../voice-provider.port';
import { RetellVoiceProvider } from './retell.adapter';

const fixture = (name: string) => readFileSync(join(__dirname, 'fixtures', `${name}.json`), 'utf8');
const ORG = '8d4f0a52-3c1e-4b8e-9d60-2f1a7c3e5b90';
const NOW = new Date('2024-05-02T00:08:12.000Z');
const retell = new RetellVoiceProvider({ apiKey: 'key_webhook_badge', now: () => NOW });

const expectedTranscript = [
  {
    role: 'Agent',
    content: 'Thanks for calling Demo HVAC, this is Ava.',
    words: [
      { word: 'Thanks', start: 0.7, end: 1.0 },
      { word: 'for', start: 1.0, end: 1.1 },
      { word: 'calling', start: 1.1, end: 1.5 },
    ],
  },
  {
    role: 'Customer',
    content: 'Hi, my furnace stopped working.',
    words: [
      { word: 'Hi,', start: 3.2, end: 3.5 },
      { word: 'my', start: 3.6, end: 3.7 },
    ],
  },
  { role: 'Agent', content: 'Sorry to hear that. What is your zip code?', words: [{ word: 'Sorry', start: 5.9, end: 6.2 }] },
  { role: 'Customer', content: '60614.', words: [{ word: '60614.', start: 9.4, end: 10.6 }] },
];

describe('Retell webhooks', () => {
  it('maps call_started to a live inbound call', () => {
    const event = retell.parseWebhook({ headers: {}, rawBody: fixture('call_started'), orgId: ORG });
    expect(event).toEqual({
      orgId: ORG,
      kind: 'call_started',
      providerEvent: 'call_started',
      providerCallId: 'call_a4441234567890777c4a4a123e6',
      occurredAt: '2024-05-02T00:07:55.945Z',
      sequence: 10,
      record: {
        voiceAgentId: 'agent_oBeDLoLOeuAbiuaMFXRtDOLriT12345',
        type: 'inboundPhoneCall',
        direction: 'inbound',
        status: 'in-progress',
        providerStatus: 'ongoing',
        startedAt: '2024-05-02T00:07:55.945Z',
        fromNumber: '+13125550142',
        toNumber: '+17735550108',
        receiverId: '+13125550142',
        callerPhoneNumberId: '+17735550108',
        metadata: { org_id: ORG },
        callVariables: { company_name: 'Demo HVAC', agent_first_name: 'Ava' },
      },
    });
  });

  it('maps call_ended with transcript roles, word timings, ended reason, duration and cost', () => {
    const event = retell.parseWebhook({ headers: {}, rawBody: fixture('call_ended'), orgId: ORG });
    expect(event.kind).toBe('call_ended');
    expect(event.occurredAt).toBe('2024-05-02T00:08:11.736Z');
    expect(event.record).toMatchObject({
      status: 'ended',
      endedReason: 'user_hangup',
      providerEndedReason: 'user_hangup',
      endedAt: '2024-05-02T00:08:11.736Z',
      durationSeconds: 15.791,
      costUsd: 0.0192,
      recordingUrl: 'https://retellai.s3.us-west-2.amazonaws.com/call_a4441234567890777c4a4a123e6/recording.wav',
      stereoRecordingUrl: 'https://retellai.s3.us-west-2.amazonaws.com/call_a4441234567890777c4a4a123e6/recording_multichannel.wav',
      dynamicVariables: { customer_zip: '60614' },
      transcriptObject: expectedTranscript,
      readableTranscriptWithToolCalls: [
        'Agent: Thanks for calling Demo HVAC, this is Ava.',
        'Customer: Hi, my furnace stopped working.',
        'Agent: Sorry to hear that. What is your zip code?',
        'Customer: 60614.',
        'Tool call: check_address({"zip":"60614"})',
        'Tool result: {"in_service_area":true}',
      ].join('\n'),
    });
    expect(event.record).not.toHaveProperty('summary');
  });

  it('maps call_analyzed with the summary', () => {
    const event = retell.parseWebhook({ headers: {}, rawBody: fixture('call_analyzed'), orgId: ORG });
    expect(event).toMatchObject({ kind: 'call_analyzed', sequence: 40 });
    expect(event.record?.summary).toBe('Customer reported a furnace outage in 60614; the agent confirmed the service area.');
  });

  it('maps an unanswered outbound dial to not-connected / no_answer', () => {
    const event = retell.parseWebhook({ headers: {}, rawBody: fixture('call_ended_no_answer'), orgId: ORG });
    expect(event.record).toMatchObject({
      type: 'outboundPhoneCall',
      status: 'not-connected',
      endedReason: 'no_answer',
      durationSeconds: 30,
      receiverId: '+13125550177',
      callerPhoneNumberId: '+17735550108',
      transcriptObject: [],
    });
  });

  it('merges the three deliveries, in any order and repeated, into one full record', () => {
    const events = ['call_started', 'call_ended', 'call_analyzed'].map((name) => retell.parseWebhook({ headers: {}, rawBody: fixture(name), orgId: ORG }));
    const orders = [
      [0, 1, 2],
      [2, 1, 0],
      [1, 2, 0, 2],
      [2, 0, 1, 1, 0],
    ];
    const records = orders.map((order) =>
      mergeCallDeliveries(
        'retell',
        'call_a4441234567890777c4a4a123e6',
        order.map((i) => events[i]),
      ),
    );
    for (const record of records) expect(record).toEqual(records[0]);
    expect(records[0]).toMatchObject({
      status: 'ended',
      endedReason: 'user_hangup',
      startedAt: '2024-05-02T00:07:55.945Z',
      summary: 'Customer reported a furnace outage in 60614; the agent confirmed the service area.',
      transcriptObject: expectedTranscript,
    });
  });

  it('treats live events it has no kind for as other', () => {
    const body = JSON.parse(fixture('call_started')) as { event: string };
    body.event = 'transcript_updated';
    const event = retell.parseWebhook({ headers: {}, rawBody: JSON.stringify(body), orgId: ORG, receivedAt: NOW });
    expect(event).toMatchObject({ kind: 'other', providerEvent: 'transcript_updated', sequence: 20, occurredAt: NOW.toISOString() });
  });

  it.each([
    ['not JSON', '{"event":'],
    ['no call', '{"event":"call_started"}'],
    ['no call id', '{"event":"call_started","call":{"agent_id":"a"}}'],
  ])('rejects a body with %s as INVALID_PAYLOAD', (_label, rawBody) => {
    try {
      retell.parseWebhook({ headers: {}, rawBody, orgId: ORG });
      throw new Error('expected a rejection');
    } catch (error) {
      expect(isVoiceProviderError(error) && error.code).toBe('INVALID_PAYLOAD');
      expect(isVoiceProviderError(error) && error.retryable).toBe(false);
    }
  });
});

describe('Retell x-retell-signature', () => {
  const body = fixture('call_ended');
  const secret = 'key_webhook_badge';
  const sign = (raw: string, key: string, at: number) =>
    `v=${at},d=${createHmac('sha256', key)
      .update(raw + at)
      .digest('hex')}`;
  const at = NOW.getTime() - 2_000;

  it('accepts the signature Retell computes over the raw body and timestamp', () => {
    expect(retell.verifySignature({ headers: { 'x-retell-signature': sign(body, secret, at) }, rawBody: body, secret })).toBe(true);
    expect(retell.verifySignature({ headers: { 'X-Retell-Signature': sign(body, secret, at) }, rawBody: Buffer.from(body), secret })).toBe(true);
  });

  it('rejects a tampered body', () => {
    const tampered = body.replace('user_hangup', 'agent_hangup');
    expect(retell.verifySignature({ headers: { 'x-retell-signature': sign(body, secret, at) }, rawBody: tampered, secret })).toBe(false);
  });

  it('rejects a wrong secret', () => {
    expect(retell.verifySignature({ headers: { 'x-retell-signature': sign(body, 'other_key', at) }, rawBody: body, secret })).toBe(false);
  });

  it('rejects a signature older than five minutes (a replay)', () => {
    const old = NOW.getTime() - 5 * 60 * 1000 - 1;
    expect(retell.verifySignature({ headers: { 'x-retell-signature': sign(body, secret, old) }, rawBody: body, secret })).toBe(false);
  });

  it.each([[{}], [{ 'x-retell-signature': 'garbage' }], [{ 'x-retell-signature': `v=${at},d=` }]])('rejects a missing or malformed header %j', (headers) => {
    expect(retell.verifySignature({ headers, rawBody: body, secret })).toBe(false);
  });
});
