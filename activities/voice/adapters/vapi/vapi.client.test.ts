import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { expectVoiceError } from '../../testing/expect-voice-error';
import { startFakeVendorServer, type FakeVendorServer } from '../../../testing/fake-vendor-server';
import { VapiVoiceProvider } from './vapi.adapter';

const report = (JSON.parse(readFileSync(join(__dirname, 'fixtures', 'end-of-call-report.json'), 'utf8')) as { message: Record<string, unknown> }).message;
/** A finished Call object as GET /call/:id returns it. */
const finishedCall = {
  ...(report.call as Record<string, unknown>),
  status: 'ended',
  endedReason: 'customer-ended-call',
  startedAt: report.startedAt,
  endedAt: report.endedAt,
  cost: report.cost,
  artifact: report.artifact,
  analysis: report.analysis,
};
const API_KEY = 'vapi_private_key';
const PHONE_ID = '9e8d7c6b-5a4f-4e3d-8c2b-1a0f9e8d7c6b';

let server: FakeVendorServer;
let vapi: VapiVoiceProvider;

beforeAll(async () => {
  server = await startFakeVendorServer();
  vapi = new VapiVoiceProvider({ apiKey: API_KEY, baseUrl: server.url, timeoutMs: 2_000 });
});
afterEach(() => server.reset());
afterAll(() => server.close());

function authorised() {
  for (const request of server.requests) expect(request.headers.authorization).toBe(`Bearer ${API_KEY}`);
  return server.requests;
}

describe('Vapi REST client', () => {
  it('creates a call with the assistant, our phone-number id, the customer and variable values', async () => {
    server.on('POST', '/call', { status: 201, body: { ...finishedCall, id: 'new-call-id', status: 'queued' } });

    await expect(
      vapi.createCall({ assistantId: 'asst_1', phoneId: PHONE_ID, customerPhone: '+13125550177', callVariables: { customer_name: 'Pat' }, metadata: { i: 1 } }),
    ).resolves.toEqual({ callId: 'new-call-id' });

    const [request] = authorised();
    expect(request.body).toEqual({
      assistantId: 'asst_1',
      phoneNumberId: PHONE_ID,
      customer: { number: '+13125550177' },
      assistantOverrides: { variableValues: { customer_name: 'Pat' }, metadata: { i: 1 } },
    });
  });

  it('creates a batch as a campaign with one assistant and a schedule', async () => {
    server.on('POST', '/campaign', {
      status: 201,
      body: {
        id: 'camp_1',
        status: 'scheduled',
        name: 'Spring tune-ups',
        orgId: 'org',
        createdAt: '2025-03-04T15:00:00.000Z',
        updatedAt: '2025-03-04T15:00:00.000Z',
        calls: {},
        callsCounterScheduled: 2,
        callsCounterQueued: 0,
        callsCounterInProgress: 0,
        callsCounterEndedVoicemail: 0,
        callsCounterEnded: 0,
      },
    });

    await expect(
      vapi.createBatchCall({
        fromNumber: '+17735550108',
        phoneId: PHONE_ID,
        name: 'Spring tune-ups',
        triggerTimestamp: Date.parse('2025-03-05T14:00:00.000Z'),
        tasks: [
          { toNumber: '+13125550177', overrideAgentId: 'asst_1', dynamicVariables: { customer_name: 'Pat' } },
          { toNumber: '+13125550178', overrideAgentId: 'asst_1' },
        ],
      }),
    ).resolves.toEqual({ batchCallId: 'camp_1' });

    expect(authorised()[0].body).toEqual({
      name: 'Spring tune-ups',
      assistantId: 'asst_1',
      phoneNumberId: PHONE_ID,
      customers: [{ number: '+13125550177', assistantOverrides: { variableValues: { customer_name: 'Pat' } } }, { number: '+13125550178' }],
      schedulePlan: { earliestAt: '2025-03-05T14:00:00.000Z' },
    });
  });

  it('refuses a batch whose tasks name different agents, before calling Vapi', async () => {
    await expectVoiceError(
      vapi.createBatchCall({
        fromNumber: '+1',
        phoneId: PHONE_ID,
        tasks: [
          { toNumber: '+2', overrideAgentId: 'a' },
          { toNumber: '+3', overrideAgentId: 'b' },
        ],
      }),
      'BAD_REQUEST',
      false,
    );
    expect(server.requests).toHaveLength(0);
  });

  it('lists calls with the documented query parameters', async () => {
    server.on('GET', '/call', { status: 200, body: [finishedCall] });

    const calls = await vapi.listCalls({
      assistantId: 'asst_1',
      limit: 10,
      createdAtGte: new Date('2025-03-01T00:00:00.000Z'),
      createdAtLte: new Date('2025-03-31T23:59:59.000Z'),
    });

    expect(Object.fromEntries(authorised()[0].query)).toEqual({
      assistantId: 'asst_1',
      limit: '10',
      createdAtGe: '2025-03-01T00:00:00.000Z',
      createdAtLe: '2025-03-31T23:59:59.000Z',
    });
    expect(calls[0]).toMatchObject({ provider: 'vapi', status: 'ended', endedReason: 'user_hangup', durationSeconds: 77.5, costUsd: 0.1387 });
  });

  it('gets one call as a complete record', async () => {
    server.on('GET', '/call/2a7f1c4e-9b3d-4e8a-b6f2-5c1d0e9a8b7c', { status: 200, body: finishedCall });
    const call = await vapi.getCall('2a7f1c4e-9b3d-4e8a-b6f2-5c1d0e9a8b7c');
    expect(call).toMatchObject({
      providerCallId: '2a7f1c4e-9b3d-4e8a-b6f2-5c1d0e9a8b7c',
      summary: expect.stringContaining('furnace'),
      recordingUrl: 'https://storage.vapi.ai/2a7f1c4e-mono.wav',
      callerPhoneNumberId: PHONE_ID,
    });
  });

  it.each([
    [404, 'NOT_FOUND', false],
    [401, 'UNAUTHORIZED', false],
    [403, 'UNAUTHORIZED', false],
    [400, 'BAD_REQUEST', false],
    [502, 'UNAVAILABLE', true],
  ] as const)('maps a %i answer to %s (retryable: %s)', async (status, code, retryable) => {
    server.on('GET', '/call/nope', { status, body: { message: ['Call not found'], error: 'Not Found', statusCode: status } });
    const error = await expectVoiceError(vapi.getCall('nope'), code, retryable);
    expect(error.message).toContain('Call not found');
  });

  it('maps 429 with an HTTP-date Retry-After to RATE_LIMITED', async () => {
    const clocked = new VapiVoiceProvider({ apiKey: API_KEY, baseUrl: server.url, now: () => new Date('2025-03-04T15:00:00.000Z') });
    server.on('GET', '/call/busy', { status: 429, headers: { 'retry-after': 'Tue, 04 Mar 2025 15:00:30 GMT' }, body: { message: 'Too Many Requests' } });
    const error = await expectVoiceError(clocked.getCall('busy'), 'RATE_LIMITED', true);
    expect(error.retryAfterMs).toBe(30_000);
  });

  it('sets or clears the assistant voicemail message and refuses a prompt', async () => {
    server.on('PATCH', '/assistant/asst_1', { status: 200, body: { id: 'asst_1' } });
    await vapi.updateVoicemailAction('asst_1', { type: 'static_text', text: 'Please call Demo HVAC back.' });
    await vapi.updateVoicemailAction('asst_1', { type: 'hangup' });
    expect(authorised().map((r) => r.body)).toEqual([{ voicemailMessage: 'Please call Demo HVAC back.' }, { voicemailMessage: null }]);
    await expectVoiceError(vapi.updateVoicemailAction('asst_1', { type: 'prompt', text: 'Say why we called.' }), 'BAD_REQUEST', false);
    expect(server.requests).toHaveLength(2);
  });

  it('reads a phone number: its assistant answers inbound calls', async () => {
    server.on('GET', `/phone-number/${PHONE_ID}`, {
      status: 200,
      body: { id: PHONE_ID, provider: 'twilio', number: '+17735550108', name: 'Front desk', assistantId: 'asst_1' },
    });
    await expect(vapi.getPhone(PHONE_ID)).resolves.toEqual({ inboundAgentId: 'asst_1', outboundAgentId: null, name: 'Front desk' });
  });

  it("updates a phone number with its provider, the body's discriminator", async () => {
    server.on('GET', `/phone-number/${PHONE_ID}`, { status: 200, body: { id: PHONE_ID, provider: 'twilio', number: '+17735550108', assistantId: 'asst_1' } });
    server.on('PATCH', `/phone-number/${PHONE_ID}`, { status: 200, body: { id: PHONE_ID, provider: 'twilio', assistantId: 'asst_2', name: 'After hours' } });

    await vapi.updatePhone(PHONE_ID, { inboundAgentId: 'asst_2', name: 'After hours' });

    const [read, write] = authorised();
    expect([read.method, write.method]).toEqual(['GET', 'PATCH']);
    expect(write.body).toEqual({ provider: 'twilio', assistantId: 'asst_2', name: 'After hours' });
  });

  it('refuses an outbound agent on a phone number', async () => {
    await expectVoiceError(vapi.updatePhone(PHONE_ID, { outboundAgentId: 'asst_2' }), 'BAD_REQUEST', false);
    expect(server.requests).toHaveLength(0);
  });

  describe('transfer tools on the assistant', () => {
    const transfer = {
      name: 'transfer_to_dispatch',
      description: 'Transfer emergencies to dispatch',
      transfer_destination: { type: 'predefined' as const, number: '+15125550101' },
      transfer_option: { type: 'warm_transfer' as const, public_handoff_option: { type: 'static_message' as const, message: 'A caller with a burst pipe.' } },
      show_transferee_as_caller: false,
    };
    const fnTool = {
      type: 'function',
      function: { name: 'get_capacity', parameters: { type: 'object', properties: {} } },
      server: { url: 'https://example.test/tool' },
    };
    const assistant = {
      id: 'asst_1',
      orgId: 'org_1',
      name: 'Front desk',
      model: {
        provider: 'openai',
        model: 'gpt-4o',
        messages: [{ role: 'system', content: 'You answer for Demo HVAC.' }],
        toolIds: ['tool_shared'],
        tools: [fnTool, { type: 'transferCall', destinations: [{ type: 'number', number: '+15125550199' }] }],
      },
      voicemailMessage: 'Please call back.',
    };

    it('reads the assistant and patches its model with the transferCall tools replaced, keeping the rest of the model', async () => {
      server.on('GET', '/assistant/asst_1', { status: 200, body: assistant });
      server.on('PATCH', '/assistant/asst_1', { status: 200, body: assistant });

      await vapi.configureTransferTools('asst_1', [transfer]);

      expect(server.requests.map((r) => `${r.method} ${r.path}`)).toEqual(['GET /assistant/asst_1', 'PATCH /assistant/asst_1']);
      for (const request of server.requests) expect(request.headers.authorization).toBe(`Bearer ${API_KEY}`);
      expect(server.requests[1].body).toEqual({
        model: {
          provider: 'openai',
          model: 'gpt-4o',
          messages: [{ role: 'system', content: 'You answer for Demo HVAC.' }],
          toolIds: ['tool_shared'],
          tools: [
            fnTool,
            {
              type: 'transferCall',
              function: { name: 'transfer_to_dispatch', description: 'Transfer emergencies to dispatch' },
              destinations: [
                {
                  type: 'number',
                  number: '+15125550101',
                  description: 'Transfer emergencies to dispatch',
                  transferPlan: { mode: 'warm-transfer-say-message', message: 'A caller with a burst pipe.' },
                },
              ],
            },
          ],
        },
      });
    });

    it('refuses an assistant without a model, writing nothing', async () => {
      server.on('GET', '/assistant/asst_1', { status: 200, body: { id: 'asst_1' } });
      await expectVoiceError(vapi.configureTransferTools('asst_1', [transfer]), 'BAD_REQUEST', false);
      expect(server.requests).toHaveLength(1);
    });

    it.each([
      [404, 'NOT_FOUND', false],
      [400, 'BAD_REQUEST', false],
      [429, 'RATE_LIMITED', true],
      [503, 'UNAVAILABLE', true],
    ] as const)('maps a %i answer to the PATCH to %s (retryable: %s)', async (status, code, retryable) => {
      server.on('GET', '/assistant/asst_1', { status: 200, body: assistant });
      server.on('PATCH', '/assistant/asst_1', {
        status,
        body: { message: ['model.tools.0.destinations must be an array'], error: 'Bad Request', statusCode: status },
      });
      const error = await expectVoiceError(vapi.configureTransferTools('asst_1', [transfer]), code, retryable);
      expect(error.provider).toBe('vapi');
    });
  });
});
