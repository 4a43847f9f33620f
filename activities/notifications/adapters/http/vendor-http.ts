import { MessagingError } from '../../messaging.port';

export interface VendorResponse {
  status: number;
  body: unknown;
  text: string;
}

/**
 * One HTTP call to a messaging vendor, with its failures mapped into MessagingError: a refused
 * credential is not retryable (retrying cannot fix it), throttling and 5xx are.
 */
export async function callVendor(vendor: string, url: string, init: RequestInit & { timeoutMs?: number }): Promise<VendorResponse> {
  let res: Response;
  try {
    res = await fetch(url, { ...init, signal: AbortSignal.timeout(init.timeoutMs ?? 15_000) });
  } catch (err) {
    throw new MessagingError('UNAVAILABLE', `${vendor} unreachable: ${(err as Error).message}`);
  }
  const text = await res.text();
  let body: unknown = null;
  try {
    body = text ? JSON.parse(text) : null;
  } catch {
    body = null;
  }
  if (res.ok) return { status: res.status, body, text };
  const detail = `${vendor} answered ${res.status}: ${text.slice(0, 300)}`;
  if (res.status === 429) throw new MessagingError('RATE_LIMITED', detail);
  if (res.status >= 500 || res.status === 408) throw new MessagingError('UNAVAILABLE', detail);
  if (res.status === 401 || res.status === 403) throw new MessagingError('NOT_CONFIGURED', detail, false);
  throw new MessagingError('REJECTED', detail, false);
}
