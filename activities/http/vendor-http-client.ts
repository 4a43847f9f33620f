import { systemClock, type Clock } from './token-bucket';

/**
 * The transport every vendor adapter shares: JSON in and out, a timeout, an optional request budget,
 * 429s waited out as Retry-After asks, and one hook that turns a failure into the adapter's own error
 * (CrmError, VoiceProviderError, MessagingError: each vendor keeps its own mapping).
 */

export type HttpMethod = 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE';

export interface VendorRequest {
  method: HttpMethod;
  url: string;
  headers?: Record<string, string>;
  /** Sent as JSON; a URLSearchParams as a form; a string as it is (set its content-type header). */
  body?: unknown;
  /** A successful answer is read as bytes (a recording). */
  binary?: boolean;
  /** The caller's own cancel, on top of the timeout. */
  signal?: AbortSignal;
}

export interface VendorResponse {
  status: number;
  statusText: string;
  /** Parsed JSON, or the text when it is not JSON, null when empty; a Buffer for a successful binary request. */
  body: unknown;
  text: string;
  contentType: string | null;
  headers: Headers;
}

export interface VendorErrorMapping<E extends Error> {
  /** A non-2xx answer (a 429 once the waits are spent). */
  forResponse(response: VendorResponse, request: VendorRequest): E;
  /** No answer at all. */
  forNetwork(cause: unknown, timedOut: boolean, request: VendorRequest): E;
}

export interface VendorTransportOptions<E extends Error> {
  errors: VendorErrorMapping<E>;
  /** A client-side request budget (a TokenBucket) under the vendor's rate limit. */
  budget?: { take(): Promise<void> };
  clock?: Clock;
  fetch?: typeof fetch;
  timeoutMs?: number;
  /** How many 429s in a row are waited out; 0 hands the first one to forResponse. */
  maxRateLimitRetries?: number;
  /** A Retry-After longer than this is not waited out. */
  maxRetryAfterMs?: number;
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
  if (!header || header.trim() === '') return null;
  const seconds = Number(header.trim());
  if (Number.isFinite(seconds)) return Math.max(0, seconds * 1000);
  const at = Date.parse(header);
  return Number.isNaN(at) ? null : Math.max(0, at - now);
}

/** Defaults for JSON, each replaced by the caller's own header whatever its case. */
function headersFor(request: VendorRequest): Headers {
  const headers = new Headers({ accept: request.binary ? '*/*' : 'application/json' });
  if (request.body instanceof URLSearchParams) headers.set('content-type', 'application/x-www-form-urlencoded');
  else if (request.body !== undefined) headers.set('content-type', 'application/json');
  for (const [name, value] of Object.entries(request.headers ?? {})) headers.set(name, value);
  return headers;
}

function encodeBody(body: unknown): string | undefined {
  if (body === undefined) return undefined;
  if (typeof body === 'string') return body;
  if (body instanceof URLSearchParams) return body.toString();
  return JSON.stringify(body);
}

function parseText(text: string): unknown {
  if (text === '') return null;
  try {
    return JSON.parse(text);
  } catch {
    return text;
  }
}

/**
 * Sends one request, waiting out 429s as configured. Other statuses are answered as they are, so a client
 * can act on them (ServiceTitan refreshes its token on a 401); `requireOk` turns them into errors.
 */
export async function sendVendorRequest<E extends Error>(options: VendorTransportOptions<E>, request: VendorRequest): Promise<VendorResponse> {
  const clock = options.clock ?? systemClock;
  const doFetch = options.fetch ?? fetch;
  const maxRetries = options.maxRateLimitRetries ?? 0;
  const maxWait = options.maxRetryAfterMs ?? 10_000;
  for (let attempt = 0; ; attempt += 1) {
    await options.budget?.take();
    let response: Response;
    const timeout = AbortSignal.timeout(options.timeoutMs ?? 10_000);
    try {
      response = await doFetch(request.url, {
        method: request.method,
        headers: headersFor(request),
        body: encodeBody(request.body),
        signal: request.signal ? AbortSignal.any([request.signal, timeout]) : timeout,
      });
    } catch (err) {
      throw options.errors.forNetwork(err, err instanceof Error && err.name === 'TimeoutError', request);
    }
    let answer: VendorResponse;
    const contentType = response.headers.get('content-type');
    if (request.binary && response.ok) {
      answer = {
        status: response.status,
        statusText: response.statusText,
        body: Buffer.from(await response.arrayBuffer()),
        text: '',
        contentType,
        headers: response.headers,
      };
    } else {
      const text = await response.text().catch(() => '');
      answer = { status: response.status, statusText: response.statusText, body: parseText(text), text, contentType, headers: response.headers };
    }
    if (response.status !== 429) return answer;
    const wait = retryAfterMs(response.headers.get('retry-after'), clock.now()) ?? 1000 * 2 ** attempt;
    if (attempt >= maxRetries || wait > maxWait) throw options.errors.forResponse(answer, request);
    await clock.sleep(wait);
  }
}

/** Like sendVendorRequest, with every non-2xx answer turned into the adapter's error. */
export async function requireOk<E extends Error>(options: VendorTransportOptions<E>, request: VendorRequest): Promise<VendorResponse> {
  const response = await sendVendorRequest(options, request);
  if (response.status < 200 || response.status >= 300) throw options.errors.forResponse(response, request);
  return response;
}
