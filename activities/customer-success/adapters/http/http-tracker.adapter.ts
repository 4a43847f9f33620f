import type { Db } from '../../../../prisma/client';
import { keepTrackedEvents, keptDedupKeys } from '../../customer-success-event.repository';
import { CustomerSuccessError, type CustomerSuccessTracker, type TrackingEvent } from '../../customer-success-tracker.port';

export interface HttpTrackerConfig {
  /** Base URL of the tracking service; events go to `{baseUrl}/track`. */
  baseUrl: string;
  /** Sent as `Authorization: Bearer …` when set. */
  apiKey?: string;
  timeoutMs?: number;
}

/**
 * The customer-success tracking service over HTTP (spec 000 §7 POST /track, body {accountId, event,
 * properties, timestamp}), one request per event. An event is recorded in `customer_success_events`
 * once the service accepted it, so a retried activity sends only what was not yet accepted; the dedup
 * key also goes out as `Idempotency-Key` for a service that can use it.
 */
export function createHttpCustomerSuccessTracker(config: HttpTrackerConfig, db: Db, fetchImpl: typeof fetch = fetch): CustomerSuccessTracker {
  const url = `${config.baseUrl.replace(/\/+$/, '')}/track`;

  async function post(dedupKey: string, event: TrackingEvent): Promise<void> {
    let res: Response;
    try {
      res = await fetchImpl(url, {
        method: 'POST',
        headers: {
          'content-type': 'application/json',
          'idempotency-key': dedupKey,
          ...(config.apiKey ? { authorization: `Bearer ${config.apiKey}` } : {}),
        },
        body: JSON.stringify({ accountId: event.accountId, event: event.event, properties: event.properties, timestamp: event.timestamp }),
        signal: AbortSignal.timeout(config.timeoutMs ?? 10_000),
      });
    } catch (err) {
      throw new CustomerSuccessError('UNAVAILABLE', `tracking service unreachable: ${(err as Error).message}`);
    }
    if (res.ok) {
      await res.body?.cancel();
      return;
    }
    const detail = `tracking service answered ${res.status}: ${(await res.text()).slice(0, 300)}`;
    if (res.status === 429) throw new CustomerSuccessError('RATE_LIMITED', detail, res.status);
    if (res.status >= 500 || res.status === 408) throw new CustomerSuccessError('UNAVAILABLE', detail, res.status);
    if (res.status === 401 || res.status === 403) throw new CustomerSuccessError('UNAUTHORIZED', detail, res.status);
    throw new CustomerSuccessError('REJECTED', detail, res.status);
  }

  return {
    async track(events) {
      if (events.length === 0) return;
      const done = await keptDedupKeys(db, events.map((e) => e.dedupKey));
      for (const { dedupKey, event } of events) {
        if (done.has(dedupKey)) continue;
        await post(dedupKey, event);
        await keepTrackedEvents(db, [{ dedupKey, event }]);
        done.add(dedupKey);
      }
    },
  };
}
