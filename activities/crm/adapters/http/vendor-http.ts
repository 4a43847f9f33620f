import type { z } from 'zod';
import { CrmError } from '../../crm.port';
import { systemClock, type Clock, type TokenBucket } from './token-bucket';

export type HttpMethod = 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE';

export interface VendorHttpOptions {
  /** Vendor name for error messages. */
  vendor: string;
  budget: TokenBucket;
  clock?: Clock;
  fetch?: typeof fetch;
  /** A live tool call is waiting: a CRM that hangs is treated as down. */
  timeoutMs?: number;
  /** How many 429s in a row are waited out before giving up with RATE_LIMITED. */
  maxRateLimitRetries?: number;
  /** A Retry-After longer than this is not waited out: the caller gets a retryable RATE_LIMITED at once. */
  maxRetryAfterMs?: number;
}

export interface VendorResponse {
  status: number;
  /** Parsed JSON (or text); a Buffer for a successful binary request. */
  body: unknown;
  contentType: string | null;
}

export type QueryValue = string | number | boolean | Date | undefined | null;

export function withQuery(url: string, query: Record<string, QueryValue | QueryValue[]> = {}, arrayStyle: 'comma' | 'brackets' = 'comma'): string {
  const params = new URLSearchParams();
  const text = (v: QueryValue) => (v instanceof Date ? v.toISOString() : String(v));
  for (const [key, value] of Object.entries(query)) {
    if (Array.isArray(value)) {
      const items = value.filter((v) => v !== undefined && v !== null);
      if (items.length === 0) continue;
      if (arrayStyle === 'comma') params.append(key, items.map(text).join(','));
      else for (const item of items) params.append(`${key}[]`, text(item));
    } else if (value !== undefined && value !== null) {
      params.append(key, text(value));
    }
  }
  const qs = params.toString();
  return qs ? `${url}${url.includes('?') ? '&' : '?'}${qs}` : url;
}

/** Retry-After is either delta-seconds or an HTTP date (RFC 9110 §10.2.3). */
export function retryAfterMs(header: string | null, now: number): number | null {
  if (!header) return null;
  const seconds = Number(header.trim());
  if (Number.isFinite(seconds)) return Math.max(0, seconds * 1000);
  const at = Date.parse(header);
  return Number.isNaN(at) ? null : Math.max(0, at - now);
}

function vendorMessage(body: unknown): string | null {
  if (typeof body === 'string') return body.slice(0, 200) || null;
  if (!body || typeof body !== 'object') return null;
  const b = body as Record<string, unknown>;
  // ServiceTitan answers RFC 7807 problem details ({title, errors}); Housecall Pro {error: {message}} or {message}.
  const nested = b.error && typeof b.error === 'object' ? (b.error as Record<string, unknown>).message : b.error;
  const message = b.title ?? b.message ?? nested;
  return typeof message === 'string' ? message.slice(0, 200) : null;
}

/** The one mapping of a vendor's HTTP failure to CrmError (4xx end the activity, 5xx and 429 may be retried). */
export function crmErrorForStatus(vendor: string, status: number, body: unknown): CrmError {
  const detail = vendorMessage(body);
  const message = `${vendor} answered ${status}${detail ? `: ${detail}` : ''}`;
  if (status === 400 || status === 422) return new CrmError('INVALID_REQUEST', message);
  if (status === 401 || status === 403) return new CrmError('UNAUTHORIZED', message);
  if (status === 404) return new CrmError('NOT_FOUND', message);
  if (status === 409) return new CrmError('CONFLICT', message);
  if (status === 429) return new CrmError('RATE_LIMITED', message);
  if (status === 408 || status >= 500) return new CrmError('UNAVAILABLE', message);
  return new CrmError('INVALID_REQUEST', message);
}

async function readBody(response: Response, binary: boolean): Promise<unknown> {
  if (binary && response.ok) return Buffer.from(await response.arrayBuffer());
  const text = await response.text();
  if (text === '') return null;
  try {
    return JSON.parse(text);
  } catch {
    return text;
  }
}

/**
 * Sends one request within the budget, waiting out 429s as the vendor's Retry-After asks. Other statuses
 * are returned as they are, so each client decides (ServiceTitan refreshes its token on a 401).
 */
export async function sendVendorRequest(
  options: VendorHttpOptions,
  request: { method: HttpMethod; url: string; headers: Record<string, string>; body?: unknown; binary?: boolean },
): Promise<VendorResponse> {
  const clock = options.clock ?? systemClock;
  const doFetch = options.fetch ?? fetch;
  const maxRetries = options.maxRateLimitRetries ?? 3;
  const maxWait = options.maxRetryAfterMs ?? 10_000;
  for (let attempt = 0; ; attempt += 1) {
    await options.budget.take();
    let response: Response;
    try {
      response = await doFetch(request.url, {
        method: request.method,
        headers: {
          accept: request.binary ? '*/*' : 'application/json',
          ...(request.body !== undefined ? { 'content-type': 'application/json' } : {}),
          ...request.headers,
        },
        body: request.body === undefined ? undefined : typeof request.body === 'string' ? request.body : JSON.stringify(request.body),
        signal: AbortSignal.timeout(options.timeoutMs ?? 10_000),
      });
    } catch (err) {
      const reason = err instanceof Error && err.name === 'TimeoutError' ? 'did not answer in time' : 'could not be reached';
      throw new CrmError('UNAVAILABLE', `${options.vendor} ${reason}`);
    }
    const body = await readBody(response, request.binary ?? false);
    if (response.status !== 429) return { status: response.status, body, contentType: response.headers.get('content-type') };
    const wait = retryAfterMs(response.headers.get('retry-after'), clock.now()) ?? 1000 * 2 ** attempt;
    if (attempt >= maxRetries || wait > maxWait) throw crmErrorForStatus(options.vendor, 429, body);
    await clock.sleep(wait);
  }
}

/** A vendor answer that does not parse will not parse on a retry either. */
export function parseVendorShape<T>(vendor: string, schema: z.ZodType<T>, raw: unknown, what: string): T {
  const parsed = schema.safeParse(raw);
  if (!parsed.success) {
    throw new CrmError('UNAVAILABLE', `${vendor} answered ${what} in an unexpected shape (${parsed.error.issues[0]?.path.map(String).join('.') ?? 'body'})`, false);
  }
  return parsed.data;
}
