import {
  type ChatMessage,
  type Completion,
  type CompletionRequest,
  type LanguageEngine,
  LanguageEngineError,
  type ModelTier,
  type TokenUsage,
  type ToolCall,
} from '../../language-engine.port';
import {
  type OpenAiChatCompletion,
  type OpenAiChatCompletionRequest,
  OpenAiChatCompletionSchema,
  OpenAiErrorBodySchema,
  type OpenAiWireMessage,
} from './openai.schema';
import { requireOk } from '../../../http/vendor-http-client';

/** USD per one million tokens. */
export interface ModelPrice {
  inputPerMillionUsd: number;
  outputPerMillionUsd: number;
  /** Prompt tokens served from the provider's cache; the input price when absent. */
  cachedInputPerMillionUsd?: number;
}

export interface OpenAiAdapterConfig {
  /** e.g. https://api.openai.com/v1, or any server speaking the same wire format. */
  baseUrl: string;
  apiKey: string;
  models: Record<ModelTier, string>;
  /** Keyed by model name; every model in `models` needs an entry. */
  prices: Record<string, ModelPrice>;
  /** Default budget of one complete() call, retries included. */
  timeoutMs?: number;
  /** Further attempts after the first. */
  maxRetries?: number;
  baseDelayMs?: number;
  maxDelayMs?: number;
  /** A Retry-After longer than this ends the call at once (the activity retries later instead). */
  maxRetryAfterMs?: number;
}

export interface OpenAiAdapterDeps {
  fetch?: typeof fetch;
  sleep?: (ms: number, signal: AbortSignal) => Promise<void>;
  /** In [0, 1); drives the backoff jitter. */
  random?: () => number;
  now?: () => number;
}

type Attempt = { ok: true; text: string } | { ok: false; failure: LanguageEngineError; retryAfterMs: number | undefined };

const DEFAULTS = { timeoutMs: 60_000, maxRetries: 3, baseDelayMs: 500, maxDelayMs: 8_000, maxRetryAfterMs: 60_000 };
const ENGINE = 'openai';

export class OpenAiLanguageEngine implements LanguageEngine {
  readonly name = ENGINE;
  private readonly url: string;
  private readonly settings: Required<Omit<OpenAiAdapterConfig, 'baseUrl' | 'apiKey' | 'models' | 'prices'>>;
  private readonly fetchFn: typeof fetch;
  private readonly sleep: (ms: number, signal: AbortSignal) => Promise<void>;
  private readonly random: () => number;
  private readonly now: () => number;

  constructor(
    private readonly config: OpenAiAdapterConfig,
    deps: OpenAiAdapterDeps = {},
  ) {
    assertConfig(config);
    this.url = `${config.baseUrl.replace(/\/+$/, '')}/chat/completions`;
    this.settings = {
      timeoutMs: config.timeoutMs ?? DEFAULTS.timeoutMs,
      maxRetries: config.maxRetries ?? DEFAULTS.maxRetries,
      baseDelayMs: config.baseDelayMs ?? DEFAULTS.baseDelayMs,
      maxDelayMs: config.maxDelayMs ?? DEFAULTS.maxDelayMs,
      maxRetryAfterMs: config.maxRetryAfterMs ?? DEFAULTS.maxRetryAfterMs,
    };
    this.fetchFn = deps.fetch ?? fetch;
    this.sleep = deps.sleep ?? abortableSleep;
    this.random = deps.random ?? Math.random;
    this.now = deps.now ?? Date.now;
  }

  async complete(request: CompletionRequest): Promise<Completion> {
    const model = this.config.models[request.model];
    const body = toWireRequest(model, request);
    const timeoutMs = request.timeoutMs ?? this.settings.timeoutMs;
    const deadline = this.now() + timeoutMs;

    const controller = new AbortController();
    let abortedBy: 'timeout' | 'caller' | null = null;
    const timer = setTimeout(() => {
      abortedBy ??= 'timeout';
      controller.abort();
    }, timeoutMs);
    const onCallerAbort = () => {
      abortedBy ??= 'caller';
      controller.abort();
    };
    if (request.signal?.aborted) onCallerAbort();
    request.signal?.addEventListener('abort', onCallerAbort, { once: true });

    const interrupted = () =>
      abortedBy === 'caller'
        ? new LanguageEngineError('CANCELLED', 'The caller cancelled the completion', { engine: ENGINE })
        : new LanguageEngineError('TIMEOUT', `No completion within ${timeoutMs} ms`, { engine: ENGINE });

    try {
      for (let attempt = 0; ; attempt++) {
        let outcome: Attempt;
        try {
          outcome = await this.send(body, controller.signal, timeoutMs);
        } catch (error) {
          if (abortedBy) throw interrupted();
          throw error;
        }
        if (abortedBy) throw interrupted();
        if (outcome.ok) return this.toCompletion(model, outcome.text);
        const { failure, retryAfterMs } = outcome;

        if (!failure.retryable || attempt >= this.settings.maxRetries) throw failure;
        if (retryAfterMs !== undefined && retryAfterMs > this.settings.maxRetryAfterMs) throw failure;
        const delay = retryAfterMs ?? this.backoff(attempt);
        if (this.now() + delay >= deadline) throw failure;
        try {
          await this.sleep(delay, controller.signal);
        } catch {
          throw interrupted();
        }
        if (abortedBy) throw interrupted();
      }
    } finally {
      clearTimeout(timer);
      request.signal?.removeEventListener('abort', onCallerAbort);
    }
  }

  /** One request over the shared vendor transport; a failure is handed back for the retry loop to judge. */
  private async send(body: OpenAiChatCompletionRequest, signal: AbortSignal, timeoutMs: number): Promise<Attempt> {
    let retryAfterMs: number | undefined;
    try {
      const response = await requireOk(
        {
          fetch: this.fetchFn,
          // The call's own timer (which spans the retries) ends it first, as TIMEOUT.
          timeoutMs: timeoutMs + 1_000,
          errors: {
            forNetwork: (cause) => new LanguageEngineError('UNAVAILABLE', `Network error: ${(cause as Error).message}`, { engine: ENGINE, cause }),
            forResponse: (answer) => {
              retryAfterMs = retryAfterFrom(answer.headers, this.now());
              return errorFromResponse(answer.status, answer.text);
            },
          },
        },
        { method: 'POST', url: this.url, headers: { authorization: `Bearer ${this.config.apiKey}` }, body, signal },
      );
      return { ok: true, text: response.text };
    } catch (error) {
      if (error instanceof LanguageEngineError) return { ok: false, failure: error, retryAfterMs };
      throw error;
    }
  }

  /** Exponential backoff with equal jitter: half fixed, half random. */
  private backoff(attempt: number): number {
    const ceiling = Math.min(this.settings.maxDelayMs, this.settings.baseDelayMs * 2 ** attempt);
    return Math.round(ceiling / 2 + (ceiling / 2) * this.random());
  }

  private toCompletion(requestedModel: string, text: string): Completion {
    let parsed: OpenAiChatCompletion;
    try {
      parsed = OpenAiChatCompletionSchema.parse(JSON.parse(text));
    } catch (error) {
      throw new LanguageEngineError('INVALID_OUTPUT', 'The engine answered with an unreadable completion', {
        engine: ENGINE,
        cause: error,
      });
    }
    const choice = parsed.choices[0];
    if (choice.message.refusal) {
      throw new LanguageEngineError('REFUSED', `The model refused: ${choice.message.refusal}`, { engine: ENGINE });
    }
    if (choice.finish_reason === 'content_filter') {
      throw new LanguageEngineError('REFUSED', 'The answer was withheld by the content filter', { engine: ENGINE });
    }
    const toolCalls: ToolCall[] = (choice.message.tool_calls ?? []).map((call) => ({
      id: call.id,
      name: call.function.name,
      arguments: parseArguments(call.function.name, call.function.arguments),
    }));
    const usage: TokenUsage = {
      promptTokens: parsed.usage?.prompt_tokens ?? 0,
      completionTokens: parsed.usage?.completion_tokens ?? 0,
    };
    const cachedTokens = parsed.usage?.prompt_tokens_details?.cached_tokens ?? 0;
    const price = this.config.prices[requestedModel] ?? (parsed.model ? this.config.prices[parsed.model] : undefined);
    return {
      message: { content: choice.message.content ?? '', toolCalls },
      usage,
      costUsd: price ? costOf(price, usage, cachedTokens) : 0,
      engine: ENGINE,
      model: parsed.model ?? requestedModel,
    };
  }
}

export function costOf(price: ModelPrice, usage: TokenUsage, cachedTokens = 0): number {
  const cached = Math.min(cachedTokens, usage.promptTokens);
  const cachedRate = price.cachedInputPerMillionUsd ?? price.inputPerMillionUsd;
  const usd = ((usage.promptTokens - cached) * price.inputPerMillionUsd + cached * cachedRate + usage.completionTokens * price.outputPerMillionUsd) / 1_000_000;
  return Math.round(usd * 1e8) / 1e8;
}

function assertConfig(config: OpenAiAdapterConfig): void {
  const problems: string[] = [];
  if (!config.apiKey) problems.push('apiKey is required');
  try {
    new URL(config.baseUrl);
  } catch {
    problems.push(`baseUrl is not a URL: ${JSON.stringify(config.baseUrl)}`);
  }
  for (const tier of ['default', 'cheap'] as const) {
    const model = config.models?.[tier];
    if (!model) problems.push(`models.${tier} is required`);
    else if (!config.prices?.[model]) problems.push(`prices has no entry for model ${model}`);
  }
  if (problems.length > 0) {
    throw new LanguageEngineError('MISCONFIGURED', `OpenAI adapter configuration: ${problems.join('; ')}`, {
      engine: ENGINE,
    });
  }
}

function toWireRequest(model: string, request: CompletionRequest): OpenAiChatCompletionRequest {
  const wire: OpenAiChatCompletionRequest = { model, messages: request.messages.map(toWireMessage) };
  if (request.tools && request.tools.length > 0) {
    wire.tools = request.tools.map((tool) => ({
      type: 'function',
      function: { name: tool.name, description: tool.description, parameters: tool.parameters },
    }));
  }
  if (request.responseSchema) {
    wire.response_format = {
      type: 'json_schema',
      json_schema: { name: request.responseSchema.name, schema: request.responseSchema.schema, strict: true },
    };
  }
  return wire;
}

function toWireMessage(message: ChatMessage): OpenAiWireMessage {
  switch (message.role) {
    case 'system':
    case 'user':
      return { role: message.role, content: message.content };
    case 'tool':
      if (!message.toolCallId) {
        throw new LanguageEngineError('BAD_REQUEST', 'A tool message needs the toolCallId it answers', { engine: ENGINE });
      }
      return { role: 'tool', tool_call_id: message.toolCallId, content: message.content };
    case 'assistant': {
      const calls = message.toolCalls ?? [];
      if (calls.length === 0) return { role: 'assistant', content: message.content };
      return {
        role: 'assistant',
        content: message.content === '' ? null : message.content,
        tool_calls: calls.map((call) => ({
          id: call.id,
          type: 'function',
          function: { name: call.name, arguments: JSON.stringify(call.arguments) },
        })),
      };
    }
  }
}

function parseArguments(name: string, raw: string): Record<string, unknown> {
  try {
    const value: unknown = raw.trim() === '' ? {} : JSON.parse(raw);
    if (value && typeof value === 'object' && !Array.isArray(value)) return value as Record<string, unknown>;
  } catch {
    // reported below
  }
  throw new LanguageEngineError('INVALID_OUTPUT', `Tool call ${name} has arguments that are not a JSON object`, {
    engine: ENGINE,
  });
}

function errorFromResponse(status: number, text: string): LanguageEngineError {
  let detail = text.slice(0, 300);
  let vendorCode: string | undefined;
  try {
    const body = OpenAiErrorBodySchema.parse(JSON.parse(text));
    detail = body.error.message ?? detail;
    vendorCode = [body.error.code, body.error.type].find((v): v is string => typeof v === 'string');
    if (body.error.code === 'insufficient_quota' || body.error.type === 'insufficient_quota') {
      vendorCode = 'insufficient_quota';
    }
  } catch {
    // not the documented error body; keep the raw text
  }
  const message = `Engine answered ${status}${vendorCode ? ` (${vendorCode})` : ''}: ${detail}`;
  const options = { status, engine: ENGINE };
  if (status === 401 || status === 403) return new LanguageEngineError('UNAUTHORIZED', message, options);
  if (status === 408) return new LanguageEngineError('TIMEOUT', message, options);
  if (status === 429) {
    return vendorCode === 'insufficient_quota'
      ? new LanguageEngineError('QUOTA_EXCEEDED', message, options)
      : new LanguageEngineError('RATE_LIMITED', message, options);
  }
  if (status >= 500) return new LanguageEngineError('UNAVAILABLE', message, options);
  return new LanguageEngineError('BAD_REQUEST', message, options);
}

/** `retry-after-ms` (OpenAI's finer header) wins over `retry-after` (seconds or an HTTP date). */
export function retryAfterFrom(headers: Headers, now: number): number | undefined {
  const ms = headers.get('retry-after-ms');
  if (ms !== null && ms.trim() !== '' && Number.isFinite(Number(ms))) return Math.max(0, Number(ms));
  const value = headers.get('retry-after');
  if (value === null || value.trim() === '') return undefined;
  const seconds = Number(value);
  if (Number.isFinite(seconds)) return Math.max(0, seconds * 1000);
  const date = Date.parse(value);
  return Number.isNaN(date) ? undefined : Math.max(0, date - now);
}

function abortableSleep(ms: number, signal: AbortSignal): Promise<void> {
  return new Promise((resolve, reject) => {
    if (signal.aborted) return reject(new Error('aborted'));
    const timer = setTimeout(() => {
      signal.removeEventListener('abort', onAbort);
      resolve();
    }, ms);
    const onAbort = () => {
      clearTimeout(timer);
      reject(new Error('aborted'));
    };
    signal.addEventListener('abort', onAbort, { once: true });
  });
}
