import { MessagingError } from '../../messaging.port';
import { requireOk, type HttpMethod, type VendorErrorMapping } from '../../../http/vendor-http-client';

export interface VendorResponse {
  status: number;
  body: unknown;
  text: string;
}

/** A refused credential is not retryable (retrying cannot fix it); throttling and 5xx are. */
function messagingErrors(vendor: string): VendorErrorMapping<MessagingError> {
  return {
    forNetwork: (cause) => new MessagingError('UNAVAILABLE', `${vendor} unreachable: ${(cause as Error).message}`),
    forResponse: ({ status, text }) => {
      const detail = `${vendor} answered ${status}: ${text.slice(0, 300)}`;
      if (status === 429) return new MessagingError('RATE_LIMITED', detail);
      if (status >= 500 || status === 408) return new MessagingError('UNAVAILABLE', detail);
      if (status === 401 || status === 403) return new MessagingError('NOT_CONFIGURED', detail, false);
      return new MessagingError('REJECTED', detail, false);
    },
  };
}

/** One HTTP call to a messaging vendor over the shared transport, its failures as MessagingError. */
export async function callVendor(
  vendor: string,
  url: string,
  init: { method: HttpMethod; headers?: Record<string, string>; body?: string; timeoutMs?: number },
): Promise<VendorResponse> {
  const response = await requireOk(
    { errors: messagingErrors(vendor), timeoutMs: init.timeoutMs ?? 15_000 },
    { method: init.method, url, headers: init.headers, body: init.body },
  );
  // A body that is not JSON (Slack's "ok") is read as no body.
  const body = typeof response.body === 'string' ? null : response.body;
  return { status: response.status, body, text: response.text };
}
