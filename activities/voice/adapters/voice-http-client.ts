import type { z } from 'zod';
import type { VoiceAgentProvider } from '../../../domain/call/call-record.schema';
import { VoiceProviderError, type VoiceProviderErrorCode } from '../voice-provider.port';

/** The REST plumbing every voice-platform adapter shares: fetch, auth headers, JSON, errors. */

export interface VoiceHttpClientConfig {
  provider: VoiceAgentProvider;
  baseUrl: string;
  headers: Record<string, string>;
  fetch?: typeof fetch;
  timeoutMs?: number;
  now?: () => number;
  /** For vendors that use a status differently from HTTP's meaning (return undefined for the default). */
  mapStatus?: (status: number) => VoiceProviderErrorCode | undefined;
}

export type QueryValue = string | number | boolean | undefined;

export interface VoiceHttpRequest<T> {
  method: 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE';
  path: string;
  query?: Record<string, QueryValue>;
  body?: unknown;
  schema: z.ZodType<T>;
}

const DEFAULT_TIMEOUT_MS = 15_000;

export function statusToErrorCode(status: number): VoiceProviderErrorCode {
  if (status === 401 || status === 403) return 'UNAUTHORIZED';
  if (status === 404) return 'NOT_FOUND';
  if (status === 429) return 'RATE_LIMITED';
  if (status === 408 || status >= 500) return 'UNAVAILABLE';
  return 'BAD_REQUEST';
}

/** Retry-After is either delta-seconds or an HTTP date (RFC 9110 §10.2.3). */
export function parseRetryAfter(value: string | null, nowMs: number): number | undefined {
  if (value === null || value.trim() === '') return undefined;
  const trimmed = value.trim();
  if (/^\d+$/.test(trimmed)) return Number(trimmed) * 1000;
  const at = Date.parse(trimmed);
  return Number.isNaN(at) ? undefined : Math.max(0, at - nowMs);
}

function vendorMessage(body: unknown): string | undefined {
  if (typeof body === 'string') return body.trim() || undefined;
  if (!body || typeof body !== 'object') return undefined;
  const b = body as Record<string, unknown>;
  for (const candidate of [b.message, b.error, b.detail]) {
    if (typeof candidate === 'string' && candidate) return candidate;
    if (Array.isArray(candidate) && typeof candidate[0] === 'string') return candidate.join('; ');
    if (candidate && typeof candidate === 'object') {
      const nested = (candidate as Record<string, unknown>).message ?? (candidate as Record<string, unknown>).description;
      if (typeof nested === 'string' && nested) return nested;
    }
  }
  if (Array.isArray(b.errors)) {
    const first = b.errors[0] as unknown;
    if (typeof first === 'string') return first;
    if (first && typeof first === 'object' && typeof (first as Record<string, unknown>).message === 'string') {
      return (first as Record<string, string>).message;
    }
  }
  return undefined;
}

function parseBody(text: string): unknown {
  if (text.trim() === '') return undefined;
  try {
    return JSON.parse(text);
  } catch {
    return text;
  }
}

export class VoiceHttpClient {
  private readonly fetchImpl: typeof fetch;
  private readonly now: () => number;

  constructor(private readonly config: VoiceHttpClientConfig) {
    this.fetchImpl = config.fetch ?? fetch;
    this.now = config.now ?? Date.now;
  }

  url(path: string, query?: Record<string, QueryValue>): string {
    const url = new URL(this.config.baseUrl.replace(/\/+$/, '') + path);
    for (const [name, value] of Object.entries(query ?? {})) {
      if (value !== undefined) url.searchParams.set(name, String(value));
    }
    return url.toString();
  }

  async request<T>({ method, path, query, body, schema }: VoiceHttpRequest<T>): Promise<T> {
    const provider = this.config.provider;
    let response: Response;
    try {
      response = await this.fetchImpl(this.url(path, query), {
        method,
        headers: {
          accept: 'application/json',
          ...(body === undefined ? {} : { 'content-type': 'application/json' }),
          ...this.config.headers,
        },
        body: body === undefined ? undefined : JSON.stringify(body),
        signal: AbortSignal.timeout(this.config.timeoutMs ?? DEFAULT_TIMEOUT_MS),
      });
    } catch (error) {
      throw new VoiceProviderError('UNAVAILABLE', `${provider} ${method} ${path} failed: ${(error as Error).message}`, {
        provider,
        cause: error,
      });
    }

    const text = await response.text().catch(() => '');
    const payload = parseBody(text);
    if (!response.ok) {
      const code = this.config.mapStatus?.(response.status) ?? statusToErrorCode(response.status);
      const retryAfterMs = code === 'RATE_LIMITED' ? parseRetryAfter(response.headers.get('retry-after'), this.now()) : undefined;
      const detail = vendorMessage(payload) ?? response.statusText;
      throw new VoiceProviderError(code, `${provider} ${method} ${path} answered ${response.status}${detail ? `: ${detail}` : ''}`, {
        provider,
        status: response.status,
        retryAfterMs,
      });
    }

    const parsed = schema.safeParse(payload);
    if (!parsed.success) {
      throw new VoiceProviderError('INVALID_PAYLOAD', `${provider} ${method} ${path} answered an unexpected body`, {
        provider,
        status: response.status,
        details: { issues: parsed.error.issues.slice(0, 5) },
      });
    }
    return parsed.data;
  }
}
