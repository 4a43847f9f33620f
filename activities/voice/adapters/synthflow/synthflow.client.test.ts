import { expectVoiceError } from '../../testing/expect-voice-error';
import { startFakeVendorServer, type FakeVendorServer } from '../../../testing/fake-vendor-server';
import { SynthflowVoiceProvider } from './synthflow.adapter';

const API_KEY = 'sf_api_key';
const MODEL = '1711241656808x745681686585854500';
const NOW = new Date('2025-03-04T15:00:00.000Z');

/** A call as GET /v2/calls/{call_id} returns it (Synthflow API reference). */
const apiCall = {
  call_id: '1711646262471x768387119913843100',
  model_id: MODEL,
  campaign_type: 'outbound',
  phone_number_from: '+17735550108',
  phone_number_to: '+13125550177',
  name: 'Pat Rivera',
  transcript: 'bot: Hello, this is Ava from Demo HVAC.\nhuman: Hi Ava.',
  duration: 42,
  recording_url: 'https://recordings.synthflow.ai/1711646262471x768387119913843100.wav',
  end_call_reason: 'human_ended_call',
  custom_end_call_reason: null,
  error_message: '',
  executed_actions: {},
  prompt_variables: { customer_name: 'Pat' },
  type_of_call: 'outbound',
  start_time: '1741100400000',
  timezone: 'America/Chicago',
  telephony_hangup: 'callee',
  telephony_disconnect_reason: 'callee_hangup',
  telephony_duration: 44000,
  status: 'completed',
  collected_variables: { [MODEL]: { appointment_day: { value: 'Thursday', collected: true } } },
};

let server: FakeVendorServer;
let synthflow: SynthflowVoiceProvider;

beforeAll(async () => {
  server = await startFakeVendorServer({ pathPrefix: '/v2' });
});
beforeEach(() => {
  synthflow = new SynthflowVoiceProvider({
    apiKey: API_KEY,
    baseUrl: server.url,
    workspaceId: 'ws_1',
    webhookUrl: 'https://app.test/voice-agent/webhook/org-1/synthflow',
    now: () => NOW,
    timeoutMs: 2_000,
  });
});
afterEach(() => server.reset());
afterAll(() => server.close());

function authorised() {
  for (const request of server.requests) expect(request.headers.authorization).toBe(`Bearer ${API_KEY}`);
  return server.requests;
}

const accepted = (callId: string) => ({ status: 200, body: { status: 'ok', response: { answer: 'Call initiated', call_id: callId }, eta: 2 } });

describe('Synthflow REST client', () => {
  it('makes a call on the model with custom variables and our post-call webhook', async () => {
    server.on('POST', '/calls', accepted('sf-call-1'));

    await expect(
      synthflow.createCall({
        assistantId: MODEL,
        phoneId: '+17735550108',
        customerPhone: '+13125550177',
        callVariables: { customer_name: 'Pat', zip: '60614' },
      }),
    ).resolves.toEqual({ callId: 'sf-call-1' });

    expect(authorised()[0].body).toEqual({
      model_id: MODEL,
      phone: '+13125550177',
      name: 'Pat',
      from_phone_number: '+17735550108',
      custom_variables: [
        { key: 'customer_name', value: 'Pat' },
        { key: 'zip', value: '60614' },
      ],
      external_webhook_url: 'https://app.test/voice-agent/webhook/org-1/synthflow',
    });
  });

  it('places a batch call by call and names it after the calls placed', async () => {
    let n = 0;
    server.on('POST', '/calls', () => accepted(`sf-call-${(n += 1)}`));
    const input = {
      fromNumber: '+17735550108',
      tasks: [
        { toNumber: '+13125550177', overrideAgentId: MODEL, dynamicVariables: { customer_name: 'Pat' } },
        { toNumber: '+13125550178', overrideAgentId: MODEL },
      ],
    };

    const { batchCallId } = await synthflow.createBatchCall(input);

    expect(batchCallId).toMatch(/^[0-9a-f-]{36}$/);
    expect(authorised().map((r) => (r.body as { phone: string }).phone)).toEqual(['+13125550177', '+13125550178']);
  });

  it('stops a batch at the first failure without offering a retry that would call people twice', async () => {
    let n = 0;
    server.on('POST', '/calls', () => ((n += 1) === 1 ? accepted('sf-call-1') : { status: 503, body: { detail: { description: 'busy' } } }));

    const error = await expectVoiceError(
      synthflow.createBatchCall({
        fromNumber: '+1',
        tasks: [
          { toNumber: '+2', overrideAgentId: MODEL },
          { toNumber: '+3', overrideAgentId: MODEL },
          { toNumber: '+4', overrideAgentId: MODEL },
        ],
      }),
      'BAD_REQUEST',
      false,
    );
    expect(error.details).toEqual({ placedCallIds: ['sf-call-1'] });
    expect(server.requests).toHaveLength(2);
  });

  it('keeps a retryable failure retryable when no call of the batch was placed', async () => {
    server.on('POST', '/calls', { status: 503, body: {} });
    await expectVoiceError(synthflow.createBatchCall({ fromNumber: '+1', tasks: [{ toNumber: '+2', overrideAgentId: MODEL }] }), 'UNAVAILABLE', true);
  });

  it('refuses a scheduled batch, which Synthflow cannot do', async () => {
    await expectVoiceError(
      synthflow.createBatchCall({ fromNumber: '+1', triggerTimestamp: NOW.getTime() + 60_000, tasks: [{ toNumber: '+2', overrideAgentId: MODEL }] }),
      'BAD_REQUEST',
      false,
    );
    expect(server.requests).toHaveLength(0);
  });

  it('lists calls by model and time window (epoch milliseconds)', async () => {
    server.on('GET', '/calls', { status: 200, body: { status: 'ok', response: { pagination: { total_records: 1, limit: 20, offset: 0 }, calls: [apiCall] } } });

    const calls = await synthflow.listCalls({ assistantId: MODEL, limit: 20, createdAtGte: new Date('2025-03-01T00:00:00.000Z'), createdAtLte: NOW });

    expect(Object.fromEntries(authorised()[0].query)).toEqual({ model_id: MODEL, limit: '20', from_date: '1740787200000', to_date: String(NOW.getTime()) });
    expect(calls[0]).toMatchObject({
      provider: 'synthflow',
      type: 'outboundPhoneCall',
      status: 'ended',
      endedReason: 'user_hangup',
      startedAt: '2025-03-04T15:00:00.000Z',
      durationSeconds: 42,
      fromNumber: '+17735550108',
      toNumber: '+13125550177',
      receiverId: '+13125550177',
      dynamicVariables: { appointment_day: 'Thursday' },
    });
  });

  it('refuses to list without a model, which Synthflow requires', async () => {
    await expectVoiceError(synthflow.listCalls({}), 'BAD_REQUEST', false);
  });

  it('gets one call, and reports an empty answer as NOT_FOUND', async () => {
    server.on('GET', `/calls/${apiCall.call_id}`, { status: 200, body: { status: 'ok', response: { calls: [apiCall] } } });
    server.on('GET', '/calls/gone', { status: 200, body: { status: 'ok', response: { calls: [] } } });

    await expect(synthflow.getCall(apiCall.call_id)).resolves.toMatchObject({
      providerCallId: apiCall.call_id,
      transcriptObject: [{ role: 'Agent' }, { role: 'Customer' }],
    });
    await expectVoiceError(synthflow.getCall('gone'), 'NOT_FOUND', false);
  });

  it.each([
    [404, 'NOT_FOUND', false],
    [401, 'UNAUTHORIZED', false],
    [400, 'BAD_REQUEST', false],
    [500, 'UNAVAILABLE', true],
  ] as const)('maps a %i answer to %s (retryable: %s)', async (status, code, retryable) => {
    server.on('GET', '/calls/x', { status, body: { detail: { status: 'error', description: 'Call not found', request_id: 'r', category: 'c' } } });
    const error = await expectVoiceError(synthflow.getCall('x'), code, retryable);
    expect(error.message).toContain('Call not found');
  });

  it('maps 429 with Retry-After to RATE_LIMITED', async () => {
    server.on('GET', '/calls/x', { status: 429, headers: { 'retry-after': '3' }, body: {} });
    expect((await expectVoiceError(synthflow.getCall('x'), 'RATE_LIMITED', true)).retryAfterMs).toBe(3_000);
  });

  it.each([
    [{ type: 'hangup' as const }, { enabled: false }],
    [
      { type: 'static_text' as const, text: 'Please call us back.' },
      { enabled: true, mode: 'exact_message', exact_message: 'Please call us back.' },
    ],
    [
      { type: 'prompt' as const, text: 'Ask them to call back.' },
      { enabled: true, mode: 'prompt', prompt: 'Ask them to call back.' },
    ],
  ])('sets the agent voicemail message for %j', async (action, wire) => {
    server.on('PUT', `/assistants/${MODEL}`, { status: 200, body: { status: 'ok' } });
    await synthflow.updateVoicemailAction(MODEL, action);
    expect(authorised()[0].body).toEqual({ voicemail_message: wire });
  });

  it('reads a phone number by its slug within the workspace', async () => {
    server.on('GET', '/numbers/17735550108', {
      status: 200,
      body: { slug: '17735550108', phone_number: '+17735550108', friendly_name: 'Front desk', workspace_id: 'ws_1', assistants: [MODEL] },
    });
    await expect(synthflow.getPhone('+17735550108')).resolves.toEqual({ inboundAgentId: MODEL, outboundAgentId: null, name: 'Front desk' });
    expect(Object.fromEntries(authorised()[0].query)).toEqual({ workspace: 'ws_1' });
  });

  it('renames a number and attaches an agent to it', async () => {
    server.on('PATCH', '/numbers/17735550108', { status: 200, body: { status: 'ok' } });
    server.on('PUT', `/assistants/${MODEL}`, { status: 200, body: { status: 'ok' } });

    await synthflow.updatePhone('+17735550108', { name: 'After hours', inboundAgentId: MODEL });

    const [rename, attach] = authorised();
    expect(rename.body).toEqual({ friendly_name: 'After hours' });
    expect(attach.body).toEqual({ phone_number: '+17735550108' });
  });

  it('says it does not support transfer tools on its agent, without calling the platform', async () => {
    await expectVoiceError(synthflow.configureTransferTools(), 'UNSUPPORTED', false);
    expect(server.requests).toHaveLength(0);
  });
});
