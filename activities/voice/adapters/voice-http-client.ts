import type { z } from 'zod';
import type { VoiceAgentProvider } from '../../../domain/call/call-record.schema';
import { VoiceProviderError, type VoiceProviderErrorCode } from '../voice-provider.port';
import { requireOk, retryAfterMs, type VendorTransportOptions } from '../../http/vendor-http-client';

/** The voice platforms' side of the shared vendor transport: base URL, auth headers, a schema per answer, failures as VoiceProviderError. */

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
  return retryAfterMs(value, nowMs) ?? undefined;
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
    const response = await requireOk(this.transport(method, path), { method, url: this.url(path, query), headers: this.config.headers, body });
    // A blank answer is no body at all, so a schema can say so (z.undefined()).
    const payload = response.text.trim() === '' ? undefined : response.body;
    const parsed = schema.safeParse(payload);
    if (!parsed.success) {
      throw new VoiceProviderError('INVALID_PAYLOAD', `${this.config.provider} ${method} ${path} answered an unexpected body`, {
        provider: this.config.provider,
        status: response.status,
        details: { issues: parsed.error.issues.slice(0, 5) },
      });
    }
    return parsed.data;
  }

  /** The shared transport, its failures named by this vendor and path; a 429 is handed back with its Retry-After, not waited out. */
  private transport(method: string, path: string): VendorTransportOptions<VoiceProviderError> {
    const provider = this.config.provider;
    return {
      fetch: this.fetchImpl,
      timeoutMs: this.config.timeoutMs ?? DEFAULT_TIMEOUT_MS,
      maxRateLimitRetries: 0,
      errors: {
        forNetwork: (cause) => new VoiceProviderError('UNAVAILABLE', `${provider} ${method} ${path} failed: ${(cause as Error).message}`, { provider, cause }),
        forResponse: (response) => {
          const code = this.config.mapStatus?.(response.status) ?? statusToErrorCode(response.status);
          const retryAfterMs = code === 'RATE_LIMITED' ? parseRetryAfter(response.headers.get('retry-after'), this.now()) : undefined;
          const payload = response.text.trim() === '' ? undefined : response.body;
          const detail = vendorMessage(payload) ?? response.statusText;
          return new VoiceProviderError(code, `${provider} ${method} ${path} answered ${response.status}${detail ? `: ${detail}` : ''}`, {
            provider,
            status: response.status,
            retryAfterMs,
          });
        },
      },
    };
  }
}
