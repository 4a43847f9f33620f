import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { expectVoiceError } from '../../testing/expect-voice-error';
import { startFakeVendorServer, type FakeVendorServer } from '../../../testing/fake-vendor-server';
import { RetellVoiceProvider } from './retell.adapter';

const endedCall = (JSON.parse(readFileSync(join(__dirname, 'fixtures', 'call_ended.json'), 'utf8')) as { call: Record<string, unknown> }).call;
const API_KEY = 'key_test_retell';

let server: FakeVendorServer;
let retell: RetellVoiceProvider;

beforeAll(async () => {
  server = await startFakeVendorServer();
  retell = new RetellVoiceProvider({ apiKey: API_KEY, baseUrl: server.url, timeoutMs: 2_000 });
});
afterEach(() => server.reset());
afterAll(() => server.close());

function onlyRequest() {
  expect(server.requests).toHaveLength(1);
  const [request] = server.requests;
  expect(request.headers.authorization).toBe(`Bearer ${API_KEY}`);
  return request;
}

describe('Retell REST client', () => {
  it('creates a phone call from our number with the agent override and dynamic variables', async () => {
    server.on('POST', '/v2/create-phone-call', {
      status: 201,
      body: { ...endedCall, call_id: 'call_new_1', call_status: 'registered', direction: 'outbound' },
    });

    await expect(
      retell.createCall({
        assistantId: 'agent_x',
        phoneId: '+17735550108',
        customerPhone: '+13125550177',
        callVariables: { customer_name: 'Pat' },
        metadata: { interaction: 'i-1' },
      }),
    ).resolves.toEqual({ callId: 'call_new_1' });

    const request = onlyRequest();
    expect(request.headers['content-type']).toBe('application/json');
    expect(request.body).toEqual({
      from_number: '+17735550108',
      to_number: '+13125550177',
      override_agent_id: 'agent_x',
      retell_llm_dynamic_variables: { customer_name: 'Pat' },
      metadata: { interaction: 'i-1' },
    });
  });

  it('refuses a call without a number to call from, before calling Retell', async () => {
    await expectVoiceError(retell.createCall({ customerPhone: '+13125550177', callVariables: {} }), 'BAD_REQUEST', false);
    expect(server.requests).toHaveLength(0);
  });

  it('creates a batch call with its tasks and schedule', async () => {
    server.on('POST', '/create-batch-call', {
      status: 201,
      body: {
        batch_call_id: 'batch_call_dbcc4',
        name: 'Spring tune-ups',
        from_number: '+17735550108',
        scheduled_timestamp: 1735718400000,
        total_task_count: 2,
      },
    });

    await expect(
      retell.createBatchCall({
        fromNumber: '+17735550108',
        name: 'Spring tune-ups',
        triggerTimestamp: 1735718400000,
        tasks: [{ toNumber: '+13125550177', overrideAgentId: 'agent_x', dynamicVariables: { customer_name: 'Pat' } }, { toNumber: '+13125550178' }],
      }),
    ).resolves.toEqual({ batchCallId: 'batch_call_dbcc4' });

    expect(onlyRequest().body).toEqual({
      from_number: '+17735550108',
      name: 'Spring tune-ups',
      trigger_timestamp: 1735718400000,
      tasks: [
        { to_number: '+13125550177', override_agent_id: 'agent_x', retell_llm_dynamic_variables: { customer_name: 'Pat' } },
        { to_number: '+13125550178' },
      ],
    });
  });

  it('lists calls for an agent within a time window and maps each to the call record', async () => {
    server.on('POST', '/v2/list-calls', { status: 200, body: [endedCall] });

    const calls = await retell.listCalls({
      assistantId: 'agent_oBeDLoLOeuAbiuaMFXRtDOLriT12345',
      limit: 25,
      createdAtGte: new Date('2024-05-01T00:00:00.000Z'),
      createdAtLte: new Date('2024-05-03T00:00:00.000Z'),
    });

    expect(onlyRequest().body).toEqual({
      filter_criteria: {
        agent_id: ['agent_oBeDLoLOeuAbiuaMFXRtDOLriT12345'],
        start_timestamp: { lower_threshold: 1714521600000, upper_threshold: 1714694400000 },
      },
      sort_order: 'descending',
      limit: 25,
    });
    expect(calls).toHaveLength(1);
    expect(calls[0]).toMatchObject({ provider: 'retell', providerCallId: 'call_a4441234567890777c4a4a123e6', status: 'ended', endedReason: 'user_hangup' });
  });

  it('gets one call as a complete record', async () => {
    server.on('GET', '/v2/get-call/call_a4441234567890777c4a4a123e6', { status: 200, body: endedCall });

    const call = await retell.getCall('call_a4441234567890777c4a4a123e6');

    expect(onlyRequest().method).toBe('GET');
    expect(call).toMatchObject({ durationSeconds: 15.791, summary: null, createdAt: null, transcriptObject: expect.any(Array) });
    expect(call.transcriptObject.map((turn) => turn.role)).toEqual(['Agent', 'Customer', 'Agent', 'Customer']);
  });

  it.each([
    [404, 'NOT_FOUND', false],
    [422, 'NOT_FOUND', false],
    [401, 'UNAUTHORIZED', false],
    [400, 'BAD_REQUEST', false],
    [500, 'UNAVAILABLE', true],
    [503, 'UNAVAILABLE', true],
  ] as const)('maps a %i answer to %s (retryable: %s)', async (status, code, retryable) => {
    server.on('GET', '/v2/get-call/call_missing', { status, body: { status: 'error', message: 'Cannot find requested asset under given api key.' } });
    const error = await expectVoiceError(retell.getCall('call_missing'), code, retryable);
    expect(error.status).toBe(status);
    expect(error.provider).toBe('retell');
  });

  it('maps 429 with Retry-After to a retryable RATE_LIMITED that says how long to wait', async () => {
    server.on('GET', '/v2/get-call/call_busy', { status: 429, headers: { 'retry-after': '7' }, body: { status: 'error', message: 'Too many requests' } });
    const error = await expectVoiceError(retell.getCall('call_busy'), 'RATE_LIMITED', true);
    expect(error.retryAfterMs).toBe(7000);
    expect(error.message).toContain('Too many requests');
  });

  it('reports a body that is not a call as INVALID_PAYLOAD', async () => {
    server.on('GET', '/v2/get-call/call_odd', { status: 200, body: { hello: 'world' } });
    await expectVoiceError(retell.getCall('call_odd'), 'INVALID_PAYLOAD', false);
  });

  it.each([
    [{ type: 'hangup' as const }, { type: 'hangup' }],
    [
      { type: 'static_text' as const, text: 'Please call Demo HVAC back.' },
      { type: 'static_text', text: 'Please call Demo HVAC back.' },
    ],
    [
      { type: 'prompt' as const, text: 'Leave a short callback request.' },
      { type: 'prompt', text: 'Leave a short callback request.' },
    ],
  ])('sets the agent voicemail action %j', async (action, wire) => {
    server.on('PATCH', '/update-agent/agent_x', { status: 200, body: { agent_id: 'agent_x' } });
    await retell.updateVoicemailAction('agent_x', action);
    expect(onlyRequest().body).toEqual({ voicemail_option: { action: wire } });
  });

  it('reads a phone number, falling back to the single-agent fields', async () => {
    server.on('GET', '/get-phone-number/%2B17735550108', {
      status: 200,
      body: {
        phone_number: '+17735550108',
        phone_number_type: 'retell-twilio',
        nickname: 'Front desk',
        inbound_agents: [{ agent_id: 'agent_in', weight: 1 }],
        outbound_agent_id: 'agent_out',
        last_modification_timestamp: 1703413636133,
      },
    });
    await expect(retell.getPhone('+17735550108')).resolves.toEqual({ inboundAgentId: 'agent_in', outboundAgentId: 'agent_out', name: 'Front desk' });
  });

  it('updates only the phone fields it was given, null unbinding an agent', async () => {
    server.on('PATCH', '/update-phone-number/%2B17735550108', {
      status: 200,
      body: { phone_number: '+17735550108', phone_number_type: 'retell-twilio', last_modification_timestamp: 1703413636133 },
    });
    await retell.updatePhone('+17735550108', { inboundAgentId: 'agent_in', outboundAgentId: null });
    expect(onlyRequest().body).toEqual({ inbound_agents: [{ agent_id: 'agent_in', weight: 1 }], outbound_agents: null });
  });

  describe('transfer tools on the agent', () => {
    const transfer = {
      name: 'transfer_to_office',
      description: 'Transfer when the caller asks for a person',
      transfer_destination: { type: 'predefined' as const, number: '+15125550100' },
      transfer_option: { type: 'cold_transfer' as const, show_transferee_as_caller: false },
      show_transferee_as_caller: false,
    };
    const endCall = { type: 'end_call', name: 'end_call', description: 'End the call when the caller is done.' };
    const oldTransfer = {
      type: 'transfer_call',
      name: 'old_transfer',
      transfer_destination: { type: 'predefined', number: '+15125550199' },
      transfer_option: { type: 'cold_transfer' },
    };
    const givesAgent = (responseEngine: Record<string, unknown>) =>
      server.on('GET', '/get-agent/agent_x', { status: 200, body: { agent_id: 'agent_x', response_engine: responseEngine, voice_id: '11labs-Adrian' } });

    it("reads the agent's LLM and patches its general tools, replacing only the transfer tools", async () => {
      givesAgent({ type: 'retell-llm', llm_id: 'llm_234sdertfsdsfsdf', version: 0 });
      server.on('GET', '/get-retell-llm/llm_234sdertfsdsfsdf', {
        status: 200,
        body: {
          llm_id: 'llm_234sdertfsdsfsdf',
          model: 'gpt-4.1',
          general_prompt: 'You are…',
          general_tools: [endCall, oldTransfer],
          last_modification_timestamp: 1703413636133,
        },
      });
      server.on('PATCH', '/update-retell-llm/llm_234sdertfsdsfsdf', { status: 200, body: { llm_id: 'llm_234sdertfsdsfsdf' } });

      await retell.configureTransferTools('agent_x', [transfer]);

      expect(server.requests.map((r) => `${r.method} ${r.path}`)).toEqual([
        'GET /get-agent/agent_x',
        'GET /get-retell-llm/llm_234sdertfsdsfsdf',
        'PATCH /update-retell-llm/llm_234sdertfsdsfsdf',
      ]);
      for (const request of server.requests) expect(request.headers.authorization).toBe(`Bearer ${API_KEY}`);
      expect(server.requests[2].body).toEqual({
        general_tools: [
          endCall,
          {
            type: 'transfer_call',
            name: 'transfer_to_office',
            description: 'Transfer when the caller asks for a person',
            transfer_destination: { type: 'predefined', number: '+15125550100' },
            transfer_option: { type: 'cold_transfer', show_transferee_as_caller: false },
          },
        ],
      });
    });

    it('removes the transfer tools when the agent has none left, and patches an LLM that had no general tools', async () => {
      givesAgent({ type: 'retell-llm', llm_id: 'llm_1' });
      server.on('GET', '/get-retell-llm/llm_1', { status: 200, body: { llm_id: 'llm_1', general_tools: null } });
      server.on('PATCH', '/update-retell-llm/llm_1', { status: 200, body: { llm_id: 'llm_1' } });
      await retell.configureTransferTools('agent_x', []);
      expect(server.requests[2].body).toEqual({ general_tools: [] });
    });

    it('refuses an agent on a conversation flow without writing anything', async () => {
      givesAgent({ type: 'conversation-flow', conversation_flow_id: 'cf_1' });
      await expectVoiceError(retell.configureTransferTools('agent_x', [transfer]), 'BAD_REQUEST', false);
      expect(server.requests.map((r) => r.method)).toEqual(['GET']);
    });

    it.each([
      [422, 'NOT_FOUND', false],
      [401, 'UNAUTHORIZED', false],
      [500, 'UNAVAILABLE', true],
    ] as const)('maps a %i answer to the PATCH to %s (retryable: %s)', async (status, code, retryable) => {
      givesAgent({ type: 'retell-llm', llm_id: 'llm_1' });
      server.on('GET', '/get-retell-llm/llm_1', { status: 200, body: { llm_id: 'llm_1', general_tools: [] } });
      server.on('PATCH', '/update-retell-llm/llm_1', { status, body: { status: 'error', message: 'nope' } });
      const error = await expectVoiceError(retell.configureTransferTools('agent_x', [transfer]), code, retryable);
      expect(error.provider).toBe('retell');
    });
  });

  it('maps an unreachable API to a retryable UNAVAILABLE', async () => {
    const closed = await startFakeVendorServer();
    const baseUrl = closed.url;
    await closed.close();
    const offline = new RetellVoiceProvider({ apiKey: API_KEY, baseUrl, timeoutMs: 1_000 });
    await expectVoiceError(offline.getCall('call_x'), 'UNAVAILABLE', true);
  });
});
