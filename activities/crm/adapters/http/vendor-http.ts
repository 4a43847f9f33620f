import type { z } from 'zod';
import { CrmError } from '../../crm.port';
import type { Clock, TokenBucket } from '../../../http/token-bucket';
import { sendVendorRequest as send, type HttpMethod, type VendorErrorMapping } from '../../../http/vendor-http-client';

/** The CRM adapters' side of the shared vendor transport: a request budget, 429s waited out, failures as CrmError. */

export { retryAfterMs, withQuery, type HttpMethod, type QueryValue } from '../../../http/vendor-http-client';

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

/** Network failures and non-2xx answers of a CRM vendor as CrmError. */
export function crmErrors(vendor: string): VendorErrorMapping<CrmError> {
  return {
    forResponse: (response) => crmErrorForStatus(vendor, response.status, response.body),
    forNetwork: (_cause, timedOut) => new CrmError('UNAVAILABLE', `${vendor} ${timedOut ? 'did not answer in time' : 'could not be reached'}`),
  };
}

/**
 * Sends one request within the budget, waiting out 429s as the vendor's Retry-After asks. Other statuses
 * are returned as they are, so each client decides (ServiceTitan refreshes its token on a 401).
 */
export async function sendVendorRequest(
  options: VendorHttpOptions,
  request: { method: HttpMethod; url: string; headers: Record<string, string>; body?: unknown; binary?: boolean },
): Promise<VendorResponse> {
  const response = await send(
    {
      errors: crmErrors(options.vendor),
      budget: options.budget,
      clock: options.clock,
      fetch: options.fetch,
      timeoutMs: options.timeoutMs,
      maxRateLimitRetries: options.maxRateLimitRetries ?? 3,
      maxRetryAfterMs: options.maxRetryAfterMs,
    },
    request,
  );
  return { status: response.status, body: response.body, contentType: response.contentType };
}

/** A vendor answer that does not parse will not parse on a retry either. */
export function parseVendorShape<T>(vendor: string, schema: z.ZodType<T>, raw: unknown, what: string): T {
  const parsed = schema.safeParse(raw);
  if (!parsed.success) {
    throw new CrmError(
      'UNAVAILABLE',
      `${vendor} answered ${what} in an unexpected shape (${parsed.error.issues[0]?.path.map(String).join('.') ?? 'body'})`,
      false,
    );
  }
  return parsed.data;
}
