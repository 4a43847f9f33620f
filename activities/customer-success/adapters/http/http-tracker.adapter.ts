import type { Db } from '../../../../prisma/client';
import { keepTrackedEvents, keptDedupKeys } from '../../customer-success-event.repository';
import { CustomerSuccessError, type CustomerSuccessTracker, type TrackingEvent } from '../../customer-success-tracker.port';
import { requireOk, type VendorErrorMapping } from '../../../http/vendor-http-client';

export interface HttpTrackerConfig {
  /** Base URL of the tracking service; events go to `{baseUrl}/track`. */
  baseUrl: string;
  /** Sent as `Authorization: Bearer …` when set. */
  apiKey?: string;
  timeoutMs?: number;
}

/** 5xx, 408 and 429 may be retried; a refused key or request may not. */
const trackerErrors: VendorErrorMapping<CustomerSuccessError> = {
  forNetwork: (cause) => new CustomerSuccessError('UNAVAILABLE', `tracking service unreachable: ${(cause as Error).message}`),
  forResponse: ({ status, text }) => {
    const detail = `tracking service answered ${status}: ${text.slice(0, 300)}`;
    if (status === 429) return new CustomerSuccessError('RATE_LIMITED', detail, status);
    if (status >= 500 || status === 408) return new CustomerSuccessError('UNAVAILABLE', detail, status);
    if (status === 401 || status === 403) return new CustomerSuccessError('UNAUTHORIZED', detail, status);
    return new CustomerSuccessError('REJECTED', detail, status);
  },
};

/**
 * The customer-success tracking service over HTTP (spec 000 §7 POST /track, body {accountId, event,
 * properties, timestamp}), one request per event. An event is recorded in `customer_success_events`
 * once the service accepted it, so a retried activity sends only what was not yet accepted; the dedup
 * key also goes out as `Idempotency-Key` for a service that can use it.
 */
export function createHttpCustomerSuccessTracker(config: HttpTrackerConfig, db: Db, fetchImpl: typeof fetch = fetch): CustomerSuccessTracker {
  const url = `${config.baseUrl.replace(/\/+$/, '')}/track`;

  async function post(dedupKey: string, event: TrackingEvent): Promise<void> {
    await requireOk(
      { fetch: fetchImpl, timeoutMs: config.timeoutMs ?? 10_000, errors: trackerErrors },
      {
        method: 'POST',
        url,
        headers: { 'idempotency-key': dedupKey, ...(config.apiKey ? { authorization: `Bearer ${config.apiKey}` } : {}) },
        body: { accountId: event.accountId, event: event.event, properties: event.properties, timestamp: event.timestamp },
      },
    );
  }

  return {
    async track(events) {
      if (events.length === 0) return;
      const done = await keptDedupKeys(
        db,
        events.map((e) => e.dedupKey),
      );
      for (const { dedupKey, event } of events) {
        if (done.has(dedupKey)) continue;
        await post(dedupKey, event);
        await keepTrackedEvents(db, [{ dedupKey, event }]);
        done.add(dedupKey);
      }
    },
  };
}
