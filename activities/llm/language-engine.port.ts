/**
 * The language engine: chat completions with tool calling and JSON-schema structured output.
 * Activities and AI tasks depend on this port only; adapters live in `adapters/<vendor>/`.
 */

/** `cheap` serves `useCheaperModel` (spec 000 §7 /llm, default false). */
export type ModelTier = 'default' | 'cheap';

export type ChatRole = 'system' | 'user' | 'assistant' | 'tool';

export interface ToolCall {
  id: string;
  name: string;
  /** Already parsed from the wire's JSON string. */
  arguments: Record<string, unknown>;
}

export interface ChatMessage {
  role: ChatRole;
  content: string;
  /** Assistant turns only: the tools the model asked for. */
  toolCalls?: ToolCall[];
  /** Tool turns only: which call this result answers. */
  toolCallId?: string;
}

export interface ToolDefinition {
  name: string;
  description: string;
  /** JSON schema of the arguments object. */
  parameters: Record<string, unknown>;
}

export interface ResponseSchema {
  /** a-z, A-Z, 0-9, underscores and dashes, at most 64 characters. */
  name: string;
  /** JSON schema of the answer; every object closed and every property required. */
  schema: Record<string, unknown>;
}

export interface CompletionRequest {
  model: ModelTier;
  messages: ChatMessage[];
  tools?: ToolDefinition[];
  responseSchema?: ResponseSchema;
  /** Budget for the whole call, retries included. */
  timeoutMs?: number;
  signal?: AbortSignal;
}

export interface TokenUsage {
  promptTokens: number;
  completionTokens: number;
}

export interface Completion {
  message: { content: string; toolCalls: ToolCall[] };
  usage: TokenUsage;
  costUsd: number;
  /** Which adapter answered, e.g. `openai` or `offline`. */
  engine: string;
  /** The model that actually served the answer. */
  model: string;
}

export interface LanguageEngine {
  readonly name: string;
  complete(request: CompletionRequest): Promise<Completion>;
}

export const LANGUAGE_ENGINE_ERROR_CODES = [
  'TIMEOUT',
  'RATE_LIMITED',
  'QUOTA_EXCEEDED',
  'UNAUTHORIZED',
  'BAD_REQUEST',
  'UNAVAILABLE',
  'INVALID_OUTPUT',
  'REFUSED',
  'CANCELLED',
  'MISCONFIGURED',
] as const;
export type LanguageEngineErrorCode = (typeof LANGUAGE_ENGINE_ERROR_CODES)[number];

const RETRYABLE_BY_DEFAULT: Record<LanguageEngineErrorCode, boolean> = {
  TIMEOUT: true,
  RATE_LIMITED: true,
  // Billing limits do not lift by waiting.
  QUOTA_EXCEEDED: false,
  UNAUTHORIZED: false,
  BAD_REQUEST: false,
  UNAVAILABLE: true,
  // A fresh sample may be well formed.
  INVALID_OUTPUT: true,
  REFUSED: false,
  CANCELLED: false,
  MISCONFIGURED: false,
};

export interface LanguageEngineErrorOptions {
  retryable?: boolean;
  status?: number;
  engine?: string;
  cause?: unknown;
}

/** The one error every language-engine adapter throws; `retryable` tells an activity whether to try again. */
export class LanguageEngineError extends Error {
  readonly code: LanguageEngineErrorCode;
  readonly retryable: boolean;
  readonly status?: number;
  readonly engine?: string;

  constructor(code: LanguageEngineErrorCode, message: string, options: LanguageEngineErrorOptions = {}) {
    super(message, options.cause === undefined ? undefined : { cause: options.cause });
    this.name = 'LanguageEngineError';
    this.code = code;
    this.retryable = options.retryable ?? RETRYABLE_BY_DEFAULT[code];
    this.status = options.status;
    this.engine = options.engine;
  }
}

export function isLanguageEngineError(error: unknown): error is LanguageEngineError {
  return error instanceof LanguageEngineError;
}
