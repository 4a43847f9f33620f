import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import type { VoicemailAction } from '../../voice-provider.port';
import { expectVoiceError } from '../../testing/expect-voice-error';
import { startFakeVendorServer, type FakeVendorServer } from '../../../testing/fake-vendor-server';
import { BlandVoiceProvider, type BlandVoicemailSettings } from './bland.adapter';

const completed = JSON.parse(readFileSync(join(__dirname, 'fixtures', 'post_call_completed.json'), 'utf8')) as Record<string, unknown>;
const API_KEY = 'org_bland_key';
const PATHWAY = 'a0f0d4ed-f5f5-4f16-b3f9-22166594d7a7';

class MemoryVoicemailSettings implements BlandVoicemailSettings {
  readonly saved = new Map<string, VoicemailAction>();
  async get(agentId: string) {
    return this.saved.get(agentId);
  }
  async set(agentId: string, action: VoicemailAction) {
    this.saved.set(agentId, action);
  }
}

let server: FakeVendorServer;
let settings: MemoryVoicemailSettings;
let bland: BlandVoiceProvider;

beforeAll(async () => {
  server = await startFakeVendorServer();
});
beforeEach(() => {
  settings = new MemoryVoicemailSettings();
  bland = new BlandVoiceProvider({ apiKey: API_KEY, baseUrl: server.url, voicemailSettings: settings, timeoutMs: 2_000 });
});
afterEach(() => server.reset());
afterAll(() => server.close());

function authorised() {
  for (const request of server.requests) expect(request.headers.authorization).toBe(API_KEY);
  return server.requests;
}

const queued = {
  status: 200,
  body: { status: 'success', message: 'Call successfully queued.', call_id: '9d404c1b-6a23-4426-953a-a52c392ff8f1', batch_id: null },
};

describe('Bland REST client', () => {
  it('sends a call on the pathway with request data and metadata', async () => {
    server.on('POST', '/v1/calls', queued);

    await expect(
      bland.createCall({
        assistantId: PATHWAY,
        phoneId: '+17735550108',
        customerPhone: '+13125550177',
        callVariables: { customer_name: 'Pat' },
        metadata: { i: 1 },
      }),
    ).resolves.toEqual({ callId: '9d404c1b-6a23-4426-953a-a52c392ff8f1' });

    expect(authorised()[0].body).toEqual({
      phone_number: '+13125550177',
      pathway_id: PATHWAY,
      from: '+17735550108',
      request_data: { customer_name: 'Pat' },
      metadata: { i: 1 },
    });
  });

  it("applies the agent's stored voicemail message to its calls, and hangs up when voicemail is not allowed", async () => {
    server.on('POST', '/v1/calls', queued);
    await bland.updateVoicemailAction(PATHWAY, { type: 'static_text', text: 'Please call Demo HVAC back.' });

    await bland.createCall({ assistantId: PATHWAY, customerPhone: '+13125550177', callVariables: {} });
    await bland.createCall({ assistantId: PATHWAY, customerPhone: '+13125550177', callVariables: {}, allowVoiceMail: false });

    const [first, second] = authorised();
    expect((first.body as Record<string, unknown>).voicemail).toEqual({ action: 'leave_message', message: 'Please call Demo HVAC back.' });
    expect((second.body as Record<string, unknown>).voicemail).toEqual({ action: 'hangup' });
  });

  it('asks Bland to post the post-call webhook to our URL when one is configured', async () => {
    server.on('POST', '/v1/calls', queued);
    const hooked = new BlandVoiceProvider({ apiKey: API_KEY, baseUrl: server.url, webhookUrl: 'https://app.test/voice-agent/webhook/org-1/bland' });
    await hooked.createCall({ assistantId: PATHWAY, customerPhone: '+13125550177', callVariables: {} });
    expect((authorised()[0].body as Record<string, unknown>).webhook).toBe('https://app.test/voice-agent/webhook/org-1/bland');
  });

  it('refuses agent-level voicemail without a settings store, and prompts always', async () => {
    const storeless = new BlandVoiceProvider({ apiKey: API_KEY, baseUrl: server.url });
    await expectVoiceError(storeless.updateVoicemailAction(PATHWAY, { type: 'hangup' }), 'BAD_REQUEST', false);
    await expectVoiceError(bland.updateVoicemailAction(PATHWAY, { type: 'prompt', text: 'Explain why we called.' }), 'BAD_REQUEST', false);
    expect(settings.saved.size).toBe(0);
  });

  it('sends a batch on one pathway with per-call variables and a start time', async () => {
    server.on('POST', '/v1/batches', { status: 200, body: { message: 'success', batch_id: '3p$7rQ3p9sT5bzmF-gen-batch' } });

    await expect(
      bland.createBatchCall({
        fromNumber: '+17735550108',
        name: 'Spring tune-ups',
        triggerTimestamp: Date.parse('2025-03-05T14:00:00.000Z'),
        tasks: [
          { toNumber: '+13125550177', overrideAgentId: PATHWAY, dynamicVariables: { customer_name: 'Pat' } },
          { toNumber: '+13125550178', overrideAgentId: PATHWAY },
        ],
      }),
    ).resolves.toEqual({ batchCallId: '3p$7rQ3p9sT5bzmF-gen-batch' });

    expect(authorised()[0].body).toEqual({
      pathway_id: PATHWAY,
      from: '+17735550108',
      call_data: [{ customer_name: 'Pat', phone_number: '+13125550177' }, { phone_number: '+13125550178' }],
      label: 'Spring tune-ups',
      start_time: '2025-03-05 14:00:00 +00:00',
    });
  });

  it('lists calls by day, then keeps the exact window and the agent', async () => {
    const { transcripts: _omitted, ...listed } = completed;
    server.on('GET', '/v1/calls', {
      status: 200,
      body: {
        count: 3,
        calls: [
          listed,
          { ...listed, call_id: 'other-pathway', pathway_id: 'p-2' },
          { ...listed, call_id: 'too-early', created_at: '2024-04-27T08:00:00.000000+00:00' },
        ],
      },
    });

    const calls = await bland.listCalls({
      assistantId: PATHWAY,
      limit: 50,
      createdAtGte: new Date('2024-04-27T12:00:00.000Z'),
      createdAtLte: new Date('2024-04-28T12:00:00.000Z'),
    });

    expect(Object.fromEntries(authorised()[0].query)).toEqual({ limit: '50', start_date: '2024-04-27', end_date: '2024-04-28' });
    expect(calls.map((call) => call.providerCallId)).toEqual(['d9cce3f3-23cf-4fa7-b62c-8be8119b8715']);
    // The list has no per-line transcripts; the concatenated text is parsed instead.
    expect(calls[0].transcriptObject.map((turn) => turn.role)).toEqual(['Agent', 'Customer', 'Agent', 'Customer']);
  });

  it('gets one call as a complete record', async () => {
    server.on('GET', '/v1/calls/d9cce3f3-23cf-4fa7-b62c-8be8119b8715', { status: 200, body: completed });
    await expect(bland.getCall('d9cce3f3-23cf-4fa7-b62c-8be8119b8715')).resolves.toMatchObject({
      provider: 'bland',
      status: 'ended',
      endedReason: 'agent_hangup',
      durationSeconds: 72,
      stereoRecordingUrl: null,
    });
  });

  it.each([
    [404, 'NOT_FOUND', false],
    [401, 'UNAUTHORIZED', false],
    [402, 'BAD_REQUEST', false],
    [500, 'UNAVAILABLE', true],
  ] as const)('maps a %i answer to %s (retryable: %s)', async (status, code, retryable) => {
    server.on('GET', '/v1/calls/nope', { status, body: { status: 'error', message: 'Call not found' } });
    await expectVoiceError(bland.getCall('nope'), code, retryable);
  });

  it('maps 429 to RATE_LIMITED with the Retry-After delay', async () => {
    server.on('POST', '/v1/calls', {
      status: 429,
      headers: { 'retry-after': '10' },
      body: { status: 'error', message: 'Calls can only be sent every 10 seconds to the same number. Please try again in a few seconds.' },
    });
    const error = await expectVoiceError(bland.createCall({ assistantId: PATHWAY, customerPhone: '+13125550177', callVariables: {} }), 'RATE_LIMITED', true);
    expect(error.retryAfterMs).toBe(10_000);
  });

  it('reads an inbound number: its pathway answers inbound calls', async () => {
    server.on('GET', '/v1/inbound/%2B17735550108', {
      status: 200,
      body: {
        created_at: '2023-11-27T17:21:38.33359+00:00',
        phone_number: '+17735550108',
        prompt: null,
        pathway_id: PATHWAY,
        label: 'Front desk',
        max_duration: 30,
      },
    });
    await expect(bland.getPhone('+17735550108')).resolves.toEqual({ inboundAgentId: PATHWAY, outboundAgentId: null, name: 'Front desk' });
  });

  it('updates the pathway and the label with their two endpoints', async () => {
    server.on('POST', '/v1/inbound/%2B17735550108', { status: 200, body: { status: 'success' } });
    server.on('POST', '/inbound/update_label', {
      status: 200,
      body: { data: { message: 'Label updated successfully', phone_number: '+17735550108', label: 'After hours' }, errors: null },
    });

    await bland.updatePhone('+17735550108', { inboundAgentId: PATHWAY, name: 'After hours' });

    const [pathway, label] = authorised();
    expect(pathway.body).toEqual({ pathway_id: PATHWAY });
    expect(label.body).toEqual({ phoneNumber: '+17735550108', newLabel: 'After hours' });
  });

  it('refuses an outbound agent on a number', async () => {
    await expectVoiceError(bland.updatePhone('+17735550108', { outboundAgentId: PATHWAY }), 'BAD_REQUEST', false);
    expect(server.requests).toHaveLength(0);
  });

  it('says it does not support transfer tools on its agent, without calling the platform', async () => {
    await expectVoiceError(bland.configureTransferTools(), 'UNSUPPORTED', false);
    expect(server.requests).toHaveLength(0);
  });
});
