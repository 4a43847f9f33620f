import OpenAI, { APIConnectionError, APIConnectionTimeoutError, APIError, APIUserAbortError } from 'openai';
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
import { type OpenAiChatCompletion, OpenAiChatCompletionSchema } from './openai.schema';

type WireRequest = OpenAI.ChatCompletionCreateParamsNonStreaming;
type WireMessage = OpenAI.ChatCompletionMessageParam;

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
  /** Further attempts after the first, inside the call's budget (this adapter's loop, not the SDK's). */
  maxRetries?: number;
  baseDelayMs?: number;
  maxDelayMs?: number;
  /** A Retry-After longer than this ends the call at once (the activity retries later instead). */
  maxRetryAfterMs?: number;
}

export interface OpenAiAdapterDeps {
  /** Handed to the SDK as its fetch. */
  fetch?: typeof fetch;
  sleep?: (ms: number, signal: AbortSignal) => Promise<void>;
  /** In [0, 1); drives the backoff jitter. */
  random?: () => number;
  now?: () => number;
}

type Attempt = { ok: true; body: unknown } | { ok: false; failure: LanguageEngineError; retryAfterMs: number | undefined };

const DEFAULTS = { timeoutMs: 60_000, maxRetries: 2, baseDelayMs: 500, maxDelayMs: 8_000, maxRetryAfterMs: 60_000 };
const ENGINE = 'openai';

/**
 * The OpenAI-compatible engine on the official `openai` SDK (chat completions).
 *
 * Who retries what:
 * - The SDK retries nothing (`maxRetries: 0`): one SDK call is one HTTP request. Its own retry loop
 *   sleeps as long as any Retry-After says, cannot be cut short by the caller's signal, and knows
 *   nothing of the call's budget, so it could outlive the activity's start-to-close timeout.
 * - This adapter retries a transient failure (429 but an exhausted quota, 408, 409, 5xx, no connection)
 *   `maxRetries` times within one complete() call's budget, with backoff and jitter or as Retry-After /
 *   retry-after-ms asks, and gives up at once when the wait would pass the budget or `maxRetryAfterMs`.
 *   A short blip then costs a live caller one pause, not a turn. An unreadable answer is not retried
 *   here: runAiTask counts it as a failed attempt and asks again.
 * - The Temporal activity owns longer outages: every failure leaves as a LanguageEngineError whose
 *   `retryable` flag its retry policy (or the AI step's attempt count) acts on.
 */
export class OpenAiLanguageEngine implements LanguageEngine {
  readonly name = ENGINE;
  private readonly client: OpenAI;
  private readonly settings: Required<Omit<OpenAiAdapterConfig, 'baseUrl' | 'apiKey' | 'models' | 'prices'>>;
  private readonly sleep: (ms: number, signal: AbortSignal) => Promise<void>;
  private readonly random: () => number;
  private readonly now: () => number;

  constructor(
    private readonly config: OpenAiAdapterConfig,
    deps: OpenAiAdapterDeps = {},
  ) {
    assertConfig(config);
    this.settings = {
      timeoutMs: config.timeoutMs ?? DEFAULTS.timeoutMs,
      maxRetries: config.maxRetries ?? DEFAULTS.maxRetries,
      baseDelayMs: config.baseDelayMs ?? DEFAULTS.baseDelayMs,
      maxDelayMs: config.maxDelayMs ?? DEFAULTS.maxDelayMs,
      maxRetryAfterMs: config.maxRetryAfterMs ?? DEFAULTS.maxRetryAfterMs,
    };
    this.client = new OpenAI({
      apiKey: config.apiKey,
      baseURL: config.baseUrl.replace(/\/+$/, ''),
      // See the class comment: retries are this adapter's and the activity's, never the SDK's.
      maxRetries: 0,
      timeout: this.settings.timeoutMs,
      // Only config/env.ts configures the engine: no OPENAI_ORG_ID / OPENAI_PROJECT_ID read behind its back.
      organization: null,
      project: null,
      ...(deps.fetch ? { fetch: deps.fetch } : {}),
    });
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
          outcome = await this.send(body, controller.signal, deadline);
        } catch (error) {
          if (abortedBy) throw interrupted();
          throw error;
        }
        if (abortedBy) throw interrupted();
        if (outcome.ok) return this.toCompletion(model, outcome.body);
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

  /** One request through the SDK; an API or connection failure is handed back for the retry loop to judge. */
  private async send(body: WireRequest, signal: AbortSignal, deadline: number): Promise<Attempt> {
    try {
      // The call's own timer (which spans the retries) ends it first, as TIMEOUT; the SDK's is a backstop.
      const answer: unknown = await this.client.chat.completions.create(body, { signal, timeout: Math.max(1, deadline - this.now()) + 1_000 });
      return { ok: true, body: answer };
    } catch (error) {
      if (error instanceof APIUserAbortError) throw error;
      if (error instanceof APIError) {
        return { ok: false, failure: errorFromSdk(error), retryAfterMs: error.headers ? retryAfterFrom(error.headers, this.now()) : undefined };
      }
      // Not an API failure: the answer came but could not be read (a 2xx body that is not JSON).
      throw new LanguageEngineError('INVALID_OUTPUT', 'The engine answered with an unreadable completion', { engine: ENGINE, cause: error });
    }
  }

  /** Exponential backoff with equal jitter: half fixed, half random. */
  private backoff(attempt: number): number {
    const ceiling = Math.min(this.settings.maxDelayMs, this.settings.baseDelayMs * 2 ** attempt);
    return Math.round(ceiling / 2 + (ceiling / 2) * this.random());
  }

  private toCompletion(requestedModel: string, body: unknown): Completion {
    let parsed: OpenAiChatCompletion;
    try {
      // The SDK hands back text when the content type is not JSON; a compatible server may still send JSON so.
      parsed = OpenAiChatCompletionSchema.parse(typeof body === 'string' ? JSON.parse(body) : body);
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

function toWireRequest(model: string, request: CompletionRequest): WireRequest {
  const wire: WireRequest = { model, messages: request.messages.map(toWireMessage) };
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

function toWireMessage(message: ChatMessage): WireMessage {
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

/** The SDK's error classes, read as the port's one error type. */
function errorFromSdk(error: APIError): LanguageEngineError {
  if (error instanceof APIConnectionTimeoutError) {
    return new LanguageEngineError('TIMEOUT', 'The engine did not answer in time', { engine: ENGINE, cause: error });
  }
  if (error instanceof APIConnectionError || error.status === undefined) {
    return new LanguageEngineError('UNAVAILABLE', `Network error: ${describeCause(error)}`, { engine: ENGINE, cause: error });
  }
  const status = error.status;
  const body = (error.error ?? {}) as { message?: unknown };
  const vendorCode = [error.code, error.type].includes('insufficient_quota')
    ? 'insufficient_quota'
    : [error.code, error.type].find((v): v is string => typeof v === 'string' && v !== '');
  // Without the documented error body, the SDK's message carries the raw text.
  const detail = (typeof body.message === 'string' ? body.message : error.message.replace(/^\d{3} /, '')).slice(0, 300);
  const message = `Engine answered ${status}${vendorCode ? ` (${vendorCode})` : ''}: ${detail}${error.requestID ? ` [request ${error.requestID}]` : ''}`;
  // The API may say outright whether a retry can help (the header the SDK's own retries obey).
  const shouldRetry = error.headers?.get('x-should-retry');
  const options = { status, engine: ENGINE, cause: error, ...(shouldRetry === 'true' || shouldRetry === 'false' ? { retryable: shouldRetry === 'true' } : {}) };
  if (status === 401 || status === 403) return new LanguageEngineError('UNAUTHORIZED', message, options);
  if (status === 408) return new LanguageEngineError('TIMEOUT', message, options);
  if (status === 429) {
    return vendorCode === 'insufficient_quota'
      ? new LanguageEngineError('QUOTA_EXCEEDED', message, options)
      : new LanguageEngineError('RATE_LIMITED', message, options);
  }
  // A conflict is a lock that timed out on the server: worth another try, as the SDK judges it.
  if (status === 409 || status >= 500) return new LanguageEngineError('UNAVAILABLE', message, options);
  return new LanguageEngineError('BAD_REQUEST', message, options);
}

function describeCause(error: APIError): string {
  const cause = (error as { cause?: unknown }).cause;
  const inner = cause instanceof Error ? ((cause as { cause?: unknown }).cause ?? cause) : undefined;
  return inner instanceof Error && inner.message ? `${error.message} (${inner.message})` : error.message;
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
