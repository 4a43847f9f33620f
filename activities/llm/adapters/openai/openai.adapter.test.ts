import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { LanguageEngineError } from '../../language-engine.port';
import { OpenAiLanguageEngine, type OpenAiAdapterConfig, retryAfterFrom } from './openai.adapter';
import { AI_TASKS } from '../../ai-tasks/registry';
import { runAiTask } from '../../ai-tasks/run-ai-task';
import { readTaskInput } from '../../ai-tasks/task-input';
import { BOOKED_CALL, csrAssistantInputFor } from '../../ai-tasks/interactions.fixtures';
import { startFakeVendorServer, type FakeAnswer, type FakeRequest, type FakeVendorServer } from '../../../testing/fake-vendor-server';

// The fake vendor server as an OpenAI-compatible API: it answers from a script, one reply per request.

let server: FakeVendorServer;
let baseUrl: string;
let script: FakeAnswer[] = [];
let requests: (FakeRequest & { body: any })[] = [];

beforeAll(async () => {
  server = await startFakeVendorServer({
    pathPrefix: '/v1',
    otherwise: () => script.shift() ?? { status: 500, body: { error: { message: 'script exhausted' } } },
  });
  baseUrl = server.url;
  requests = server.requests;
});

afterAll(() => server.close());

beforeEach(() => {
  script = [];
  requests.length = 0;
});

const PRICES = {
  'big-model': { inputPerMillionUsd: 2.5, outputPerMillionUsd: 10, cachedInputPerMillionUsd: 1.25 },
  'small-model': { inputPerMillionUsd: 0.15, outputPerMillionUsd: 0.6 },
};

function engine(overrides: Partial<OpenAiAdapterConfig> = {}, sleeps: number[] = []) {
  return new OpenAiLanguageEngine(
    {
      baseUrl,
      apiKey: 'sk-test-key',
      models: { default: 'big-model', cheap: 'small-model' },
      prices: PRICES,
      ...overrides,
    },
    {
      sleep: async (ms) => {
        sleeps.push(ms);
      },
      random: () => 0.5,
    },
  );
}

function completion(message: Record<string, unknown>, usage = { prompt_tokens: 1000, completion_tokens: 200 }, model = 'big-model-2025') {
  return {
    status: 200,
    body: {
      id: 'chatcmpl-1',
      object: 'chat.completion',
      model,
      choices: [{ index: 0, finish_reason: 'stop', message: { role: 'assistant', content: null, ...message } }],
      usage: { ...usage, total_tokens: usage.prompt_tokens + usage.completion_tokens },
    },
  } as const;
}

async function failure(promise: Promise<unknown>): Promise<LanguageEngineError> {
  try {
    await promise;
  } catch (error) {
    expect(error).toBeInstanceOf(LanguageEngineError);
    return error as LanguageEngineError;
  }
  throw new Error('expected the completion to fail');
}

const CALLBACK_TOOL = {
  name: 'create_action_callback_request',
  description: 'Ask the office to call the customer back',
  parameters: {
    type: 'object',
    properties: { is_emergency_callback: { type: 'boolean' }, phone_number: { type: 'string' } },
    required: ['is_emergency_callback', 'phone_number'],
  },
};

describe('OpenAI-compatible adapter against a local fake server', () => {
  it('sends the chat-completions request body the vendor documents', async () => {
    script.push(completion({ content: 'ok' }));
    await engine().complete({
      model: 'cheap',
      messages: [
        { role: 'system', content: 'You are a CSR.' },
        { role: 'user', content: 'Call me back at 555-123-4567' },
        {
          role: 'assistant',
          content: '',
          toolCalls: [{ id: 'call_1', name: 'create_action_callback_request', arguments: { is_emergency_callback: false, phone_number: '+15551234567' } }],
        },
        { role: 'tool', content: '{"status":"created"}', toolCallId: 'call_1' },
      ],
      tools: [CALLBACK_TOOL],
      responseSchema: { name: 'reply', schema: { type: 'object', properties: { text: { type: 'string' } }, required: ['text'], additionalProperties: false } },
    });

    expect(requests).toHaveLength(1);
    const [request] = requests;
    expect(request.method).toBe('POST');
    expect(request.url).toBe('/v1/chat/completions');
    expect(request.headers.authorization).toBe('Bearer sk-test-key');
    expect(request.headers['content-type']).toBe('application/json');
    expect(request.body).toEqual({
      model: 'small-model',
      messages: [
        { role: 'system', content: 'You are a CSR.' },
        { role: 'user', content: 'Call me back at 555-123-4567' },
        {
          role: 'assistant',
          content: null,
          tool_calls: [
            {
              id: 'call_1',
              type: 'function',
              function: {
                name: 'create_action_callback_request',
                arguments: '{"is_emergency_callback":false,"phone_number":"+15551234567"}',
              },
            },
          ],
        },
        { role: 'tool', tool_call_id: 'call_1', content: '{"status":"created"}' },
      ],
      tools: [{ type: 'function', function: CALLBACK_TOOL }],
      response_format: {
        type: 'json_schema',
        json_schema: {
          name: 'reply',
          schema: { type: 'object', properties: { text: { type: 'string' } }, required: ['text'], additionalProperties: false },
          strict: true,
        },
      },
    });
  });

  it('omits tools and response_format when the request has none', async () => {
    script.push(completion({ content: 'hi' }));
    await engine().complete({ model: 'default', messages: [{ role: 'user', content: 'hello' }] });
    expect(Object.keys(requests[0].body).sort()).toEqual(['messages', 'model']);
  });

  it('round-trips a tool call: parsed arguments out, tool result back in', async () => {
    const llm = engine();
    script.push(
      completion({
        tool_calls: [
          {
            id: 'call_abc',
            type: 'function',
            function: { name: 'create_action_callback_request', arguments: '{"is_emergency_callback":true,"phone_number":"+15551234567"}' },
          },
        ],
      }),
    );
    const first = await llm.complete({
      model: 'default',
      messages: [{ role: 'user', content: 'My basement is flooding, call me at 555 123 4567' }],
      tools: [CALLBACK_TOOL],
    });
    expect(first.message.toolCalls).toEqual([
      { id: 'call_abc', name: 'create_action_callback_request', arguments: { is_emergency_callback: true, phone_number: '+15551234567' } },
    ]);
    expect(first.message.content).toBe('');

    script.push(completion({ content: 'Someone will call you within minutes.' }));
    const second = await llm.complete({
      model: 'default',
      messages: [
        { role: 'user', content: 'My basement is flooding, call me at 555 123 4567' },
        { role: 'assistant', content: first.message.content, toolCalls: first.message.toolCalls },
        { role: 'tool', toolCallId: 'call_abc', content: '{"created":true}' },
      ],
      tools: [CALLBACK_TOOL],
    });
    expect(second.message).toEqual({ content: 'Someone will call you within minutes.', toolCalls: [] });
    expect(requests[1].body.messages.slice(1)).toEqual([
      {
        role: 'assistant',
        content: null,
        tool_calls: [
          {
            id: 'call_abc',
            type: 'function',
            function: { name: 'create_action_callback_request', arguments: '{"is_emergency_callback":true,"phone_number":"+15551234567"}' },
          },
        ],
      },
      { role: 'tool', tool_call_id: 'call_abc', content: '{"created":true}' },
    ]);
  });

  it('returns structured output with token usage and the cost from the price table', async () => {
    script.push(completion({ content: '{"call_type":"Booked"}' }, { prompt_tokens: 1000, completion_tokens: 200 }));
    const result = await engine().complete({
      model: 'default',
      messages: [{ role: 'user', content: 'classify' }],
      responseSchema: { name: 'classify_interaction', schema: { type: 'object' } },
    });
    expect(JSON.parse(result.message.content)).toEqual({ call_type: 'Booked' });
    expect(result.usage).toEqual({ promptTokens: 1000, completionTokens: 200 });
    // 1000 × $2.50/M + 200 × $10/M
    expect(result.costUsd).toBeCloseTo(0.0045, 10);
    expect(result.engine).toBe('openai');
    expect(result.model).toBe('big-model-2025');
  });

  it("gives the CSR assistant's question the call, the customer's earlier calls and the conversation, and reads its answer", async () => {
    const input = {
      ...csrAssistantInputFor(BOOKED_CALL, 'Previous calls?', [
        { id: 'int-0', startedAt: 'Jul 2, 2025, 4:40 PM CDT', status: 'UNBOOKED', summary: 'Asked for a furnace tune-up price.', tags: [] },
      ]),
      conversation: [
        { role: 'assistant' as const, content: 'Hi! Ask me about this call.' },
        { role: 'user' as const, content: 'Was anything booked?' },
        { role: 'assistant' as const, content: 'Yes: job 1001.' },
      ],
    };
    script.push(completion({ content: '{"answer":"One earlier call, on Jul 2: a furnace tune-up price, not booked."}' }));
    const result = await runAiTask(engine(), AI_TASKS.csr_assistant_reply, input);

    expect(result).toMatchObject({
      ok: true,
      attempts: 1,
      engine: 'openai',
      output: { answer: 'One earlier call, on Jul 2: a furnace tune-up price, not booked.' },
    });
    const [request] = requests;
    expect(request.body.model).toBe('big-model');
    expect(request.body.response_format.json_schema).toMatchObject({ name: 'csr_assistant_reply', strict: true, schema: { required: ['answer'] } });
    expect(request.body.messages[0]).toMatchObject({ role: 'system', content: expect.stringContaining('customer service rep') });
    // The same input the offline engine reads: the call's facts, its transcript, the earlier calls and the conversation.
    const sent = readTaskInput(request.body.messages.map((m: { role: 'system' | 'user'; content: string }) => ({ role: m.role, content: m.content })));
    expect(sent).toEqual(JSON.parse(JSON.stringify(input)));
    expect(JSON.stringify(sent)).toContain('Thank you for calling Demo HVAC');
  });

  it('prices cached prompt tokens at the cached rate', async () => {
    script.push({
      status: 200,
      body: {
        model: 'big-model',
        choices: [{ message: { content: 'x' }, finish_reason: 'stop' }],
        usage: { prompt_tokens: 1000, completion_tokens: 0, prompt_tokens_details: { cached_tokens: 400 } },
      },
    });
    const result = await engine().complete({ model: 'default', messages: [{ role: 'user', content: 'x' }] });
    // 600 × 2.5/M + 400 × 1.25/M
    expect(result.costUsd).toBeCloseTo(0.002, 10);
  });

  it('waits as long as Retry-After says on 429, then succeeds', async () => {
    const sleeps: number[] = [];
    script.push({
      status: 429,
      headers: { 'retry-after': '2' },
      body: { error: { message: 'Rate limit reached', type: 'requests', code: 'rate_limit_exceeded' } },
    });
    script.push(completion({ content: 'done' }));
    const result = await engine({}, sleeps).complete({ model: 'default', messages: [{ role: 'user', content: 'x' }] });
    expect(result.message.content).toBe('done');
    expect(requests).toHaveLength(2);
    expect(sleeps).toEqual([2000]);
  });

  it('prefers retry-after-ms over retry-after', () => {
    expect(retryAfterFrom(new Headers({ 'retry-after-ms': '1500', 'retry-after': '9' }), 0)).toBe(1500);
    expect(retryAfterFrom(new Headers({ 'retry-after': 'Thu, 01 Jan 1970 00:00:03 GMT' }), 1000)).toBe(2000);
    expect(retryAfterFrom(new Headers(), 0)).toBeUndefined();
  });

  it('retries a 500 with exponential backoff and jitter', async () => {
    const sleeps: number[] = [];
    script.push({ status: 500, body: { error: { message: 'internal' } } });
    script.push({ status: 502, body: 'bad gateway' });
    script.push(completion({ content: 'recovered' }));
    const result = await engine({ baseDelayMs: 100 }, sleeps).complete({ model: 'default', messages: [{ role: 'user', content: 'x' }] });
    expect(result.message.content).toBe('recovered');
    expect(requests).toHaveLength(3);
    // random() = 0.5: half of the ceiling fixed plus a quarter of it; ceilings 100, 200
    expect(sleeps).toEqual([75, 150]);
  });

  it('gives up after maxRetries with a retryable UNAVAILABLE', async () => {
    script.push(...Array.from({ length: 3 }, () => ({ status: 503, body: { error: { message: 'overloaded', type: 'service_unavailable_error' } } })));
    const error = await failure(engine({ maxRetries: 2 }).complete({ model: 'default', messages: [{ role: 'user', content: 'x' }] }));
    expect(requests).toHaveLength(3);
    expect(error.code).toBe('UNAVAILABLE');
    expect(error.retryable).toBe(true);
    expect(error.status).toBe(503);
  });

  it('does not retry a 401: UNAUTHORIZED and not retryable', async () => {
    script.push({ status: 401, body: { error: { message: 'Incorrect API key provided', type: 'invalid_request_error', code: 'invalid_api_key' } } });
    const error = await failure(engine().complete({ model: 'default', messages: [{ role: 'user', content: 'x' }] }));
    expect(requests).toHaveLength(1);
    expect(error.code).toBe('UNAUTHORIZED');
    expect(error.retryable).toBe(false);
    expect(error.message).not.toContain('sk-test-key');
  });

  it('does not retry a 400', async () => {
    script.push({ status: 400, body: { error: { message: "Invalid schema for response_format 'x'", type: 'invalid_request_error' } } });
    const error = await failure(engine().complete({ model: 'default', messages: [{ role: 'user', content: 'x' }] }));
    expect(requests).toHaveLength(1);
    expect(error).toMatchObject({ code: 'BAD_REQUEST', retryable: false, status: 400 });
    expect(error.message).toContain('Invalid schema');
  });

  it('treats a 429 for an exhausted quota as final', async () => {
    script.push({ status: 429, body: { error: { message: 'You exceeded your current quota', type: 'insufficient_quota', code: 'insufficient_quota' } } });
    const error = await failure(engine().complete({ model: 'default', messages: [{ role: 'user', content: 'x' }] }));
    expect(requests).toHaveLength(1);
    expect(error).toMatchObject({ code: 'QUOTA_EXCEEDED', retryable: false });
  });

  it('does not sleep through a Retry-After longer than it may wait', async () => {
    const sleeps: number[] = [];
    script.push({ status: 429, headers: { 'retry-after': '120' }, body: { error: { message: 'slow down' } } });
    const error = await failure(engine({}, sleeps).complete({ model: 'default', messages: [{ role: 'user', content: 'x' }] }));
    expect(error).toMatchObject({ code: 'RATE_LIMITED', retryable: true });
    expect(sleeps).toEqual([]);
    expect(requests).toHaveLength(1);
  });

  it('ends a call that outlives its budget with TIMEOUT', async () => {
    script.push('hang');
    const started = Date.now();
    const error = await failure(engine().complete({ model: 'default', messages: [{ role: 'user', content: 'x' }], timeoutMs: 150 }));
    expect(error.code).toBe('TIMEOUT');
    expect(error.retryable).toBe(true);
    expect(Date.now() - started).toBeLessThan(2000);
  });

  it('ends at once with CANCELLED when the caller aborts', async () => {
    script.push('hang');
    const controller = new AbortController();
    setTimeout(() => controller.abort(), 50);
    const error = await failure(engine().complete({ model: 'default', messages: [{ role: 'user', content: 'x' }], signal: controller.signal }));
    expect(error).toMatchObject({ code: 'CANCELLED', retryable: false });
  });

  it('retries network errors and reports UNAVAILABLE', async () => {
    const closed = http.createServer();
    await new Promise<void>((resolve) => closed.listen(0, '127.0.0.1', resolve));
    const port = (closed.address() as AddressInfo).port;
    await new Promise((resolve) => closed.close(resolve));
    const sleeps: number[] = [];
    const error = await failure(
      engine({ baseUrl: `http://127.0.0.1:${port}/v1`, maxRetries: 2 }, sleeps).complete({ model: 'default', messages: [{ role: 'user', content: 'x' }] }),
    );
    expect(error).toMatchObject({ code: 'UNAVAILABLE', retryable: true });
    expect(sleeps).toHaveLength(2);
  });

  it('reports tool arguments that are not JSON as INVALID_OUTPUT', async () => {
    script.push(completion({ tool_calls: [{ id: 'c', type: 'function', function: { name: 'end_call', arguments: '{not json' } }] }));
    const error = await failure(engine().complete({ model: 'default', messages: [{ role: 'user', content: 'x' }] }));
    expect(error.code).toBe('INVALID_OUTPUT');
  });

  it('reports a refusal as REFUSED, not as content', async () => {
    script.push(completion({ refusal: "I can't help with that." }));
    const error = await failure(engine().complete({ model: 'default', messages: [{ role: 'user', content: 'x' }] }));
    expect(error).toMatchObject({ code: 'REFUSED', retryable: false });
  });

  it('leaves retries to the adapter: the SDK sends each request once', async () => {
    const sleeps: number[] = [];
    script.push({ status: 500, body: { error: { message: 'internal' } } });
    const error = await failure(engine({ maxRetries: 0 }, sleeps).complete({ model: 'default', messages: [{ role: 'user', content: 'x' }] }));
    expect(error).toMatchObject({ code: 'UNAVAILABLE', retryable: true, status: 500 });
    expect(requests).toHaveLength(1);

    requests.length = 0;
    script.push({ status: 500, body: { error: { message: 'internal' } } }, completion({ content: 'ok' }));
    await engine({ maxRetries: 1 }, sleeps).complete({ model: 'default', messages: [{ role: 'user', content: 'x' }] });
    // Each request is a first try as far as the SDK knows.
    expect(requests.map((r) => r.headers['x-stainless-retry-count'])).toEqual(['0', '0']);
  });

  it('waits as retry-after-ms says, read from the SDK error', async () => {
    const sleeps: number[] = [];
    script.push({
      status: 429,
      headers: { 'retry-after-ms': '250', 'retry-after': '1' },
      body: { error: { message: 'slow down', code: 'rate_limit_exceeded' } },
    });
    script.push(completion({ content: 'done' }));
    await engine({}, sleeps).complete({ model: 'default', messages: [{ role: 'user', content: 'x' }] });
    expect(sleeps).toEqual([250]);
  });

  it('obeys x-should-retry: false and retries a 409', async () => {
    script.push({ status: 503, headers: { 'x-should-retry': 'false' }, body: { error: { message: 'not this time' } } });
    const error = await failure(engine().complete({ model: 'default', messages: [{ role: 'user', content: 'x' }] }));
    expect(error).toMatchObject({ code: 'UNAVAILABLE', retryable: false });
    expect(requests).toHaveLength(1);

    requests.length = 0;
    script.push({ status: 409, body: { error: { message: 'lock timeout' } } }, completion({ content: 'ok' }));
    const result = await engine().complete({ model: 'default', messages: [{ role: 'user', content: 'x' }] });
    expect(result.message.content).toBe('ok');
    expect(requests).toHaveLength(2);
  });

  it('names the vendor request id in the error', async () => {
    script.push({ status: 400, headers: { 'x-request-id': 'req_123' }, body: { error: { message: 'bad', type: 'invalid_request_error' } } });
    const error = await failure(engine().complete({ model: 'default', messages: [{ role: 'user', content: 'x' }] }));
    expect(error.message).toBe('Engine answered 400 (invalid_request_error): bad [request req_123]');
  });

  it('reads a completion sent without a JSON content type, and reports a body that is not JSON as INVALID_OUTPUT', async () => {
    const { body } = completion({ content: 'plain' });
    script.push({ status: 200, body: JSON.stringify(body), contentType: 'text/plain' });
    expect((await engine().complete({ model: 'default', messages: [{ role: 'user', content: 'x' }] })).message.content).toBe('plain');

    script.push({ status: 200, body: '<html>gateway</html>', contentType: 'text/html' });
    const error = await failure(engine().complete({ model: 'default', messages: [{ role: 'user', content: 'x' }] }));
    expect(error).toMatchObject({ code: 'INVALID_OUTPUT', retryable: true });
  });

  it('sends no organization or project header picked up from the environment', async () => {
    const saved = { org: process.env.OPENAI_ORG_ID, project: process.env.OPENAI_PROJECT_ID };
    process.env.OPENAI_ORG_ID = 'org-ambient';
    process.env.OPENAI_PROJECT_ID = 'proj-ambient';
    try {
      script.push(completion({ content: 'ok' }));
      await engine().complete({ model: 'default', messages: [{ role: 'user', content: 'x' }] });
    } finally {
      for (const [name, value] of [
        ['OPENAI_ORG_ID', saved.org],
        ['OPENAI_PROJECT_ID', saved.project],
      ] as const) {
        if (value === undefined) delete process.env[name];
        else process.env[name] = value;
      }
    }
    expect(requests[0].headers['openai-organization']).toBeUndefined();
    expect(requests[0].headers['openai-project']).toBeUndefined();
  });

  it('refuses to start without a price for each configured model', () => {
    expect(() => engine({ prices: { 'big-model': PRICES['big-model'] } })).toThrow(
      expect.objectContaining({ code: 'MISCONFIGURED', message: expect.stringContaining('small-model') }),
    );
    expect(() => engine({ apiKey: '' })).toThrow(expect.objectContaining({ code: 'MISCONFIGURED' }));
  });
});
