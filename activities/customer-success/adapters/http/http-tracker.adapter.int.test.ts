import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import { randomUUID } from 'node:crypto';
import { startFakeVendorServer, type FakeRequest, type FakeResponse } from '../../../testing/fake-vendor-server';
import { createTestDatabase, integrationConfig, type TestDatabase } from '../../../../tests/support/integration';
import { createCustomerSuccessTracker } from '../../create-customer-success-tracker';
import { CustomerSuccessError, type TrackingEvent } from '../../customer-success-tracker.port';

let tdb: TestDatabase;
beforeAll(async () => {
  tdb = await createTestDatabase(integrationConfig());
}, 60_000);
afterAll(async () => {
  await tdb?.drop();
});

const accountId = randomUUID();
const callEvent = (callId: string): TrackingEvent => ({
  accountId,
  event: 'call',
  properties: { callId, callStatus: 'BOOKED', agentType: 'OFFICE_HOURS_CSR', agentId: 'agent-1', tags: ['booked'] },
  timestamp: '2026-11-20T15:04:05.000Z',
});

async function withServer(reply: (index: number) => FakeResponse, body: (url: string, requests: FakeRequest[]) => Promise<void>) {
  const server = await startFakeVendorServer({ otherwise: (_req, i) => reply(i) });
  try {
    await body(server.url, server.requests);
  } finally {
    await server.close();
  }
}

describe('the customer-success HTTP adapter (CUSTOMER_SUCCESS_ADAPTER=http)', () => {
  it('POSTs each event to /track as {accountId, event, properties, timestamp}, with the key and idempotency key', async () => {
    await withServer(
      () => ({ status: 200, body: { ok: true } }),
      async (url, requests) => {
        const tracker = createCustomerSuccessTracker(
          { CUSTOMER_SUCCESS_ADAPTER: 'http', CUSTOMER_SUCCESS_API_URL: `${url}/`, CUSTOMER_SUCCESS_API_KEY: 'cs-key' },
          tdb.db,
        );
        await tracker.track([{ dedupKey: 'call:c-1', event: callEvent('c-1') }]);
        expect(requests).toHaveLength(1);
        expect(requests[0]).toMatchObject({ method: 'POST', path: '/track' });
        expect(requests[0].headers).toMatchObject({ authorization: 'Bearer cs-key', 'idempotency-key': 'call:c-1', 'content-type': 'application/json' });
        expect(JSON.parse(requests[0].rawBody)).toEqual(callEvent('c-1'));
      },
    );
  });

  it('sends an accepted event once, even when the activity is retried', async () => {
    await withServer(
      () => ({ status: 202 }),
      async (url, requests) => {
        const tracker = createCustomerSuccessTracker({ CUSTOMER_SUCCESS_ADAPTER: 'http', CUSTOMER_SUCCESS_API_URL: url }, tdb.db);
        await tracker.track([{ dedupKey: 'call:c-2', event: callEvent('c-2') }]);
        await tracker.track([
          { dedupKey: 'call:c-2', event: callEvent('c-2') },
          { dedupKey: 'call:c-3', event: callEvent('c-3') },
        ]);
        expect(requests.map((r) => JSON.parse(r.rawBody).properties.callId)).toEqual(['c-2', 'c-3']);
        expect(requests[0].headers.authorization).toBeUndefined();
      },
    );
  });

  it('maps 5xx and 429 to retryable errors and 4xx to final ones; a failed event is sent again on the retry', async () => {
    const statuses = [503, 429, 400, 401, 200];
    await withServer(
      (i) => ({ status: statuses[i] ?? 200, body: { error: 'nope' } }),
      async (url, requests) => {
        const tracker = createCustomerSuccessTracker({ CUSTOMER_SUCCESS_ADAPTER: 'http', CUSTOMER_SUCCESS_API_URL: url }, tdb.db);
        const attempt = () =>
          tracker.track([{ dedupKey: 'call:c-4', event: callEvent('c-4') }]).then(
            () => null,
            (e: unknown) => e as CustomerSuccessError,
          );
        const errors = [await attempt(), await attempt(), await attempt(), await attempt()];
        expect(errors.map((e) => [e?.code, e?.retryable])).toEqual([
          ['UNAVAILABLE', true],
          ['RATE_LIMITED', true],
          ['REJECTED', false],
          ['UNAUTHORIZED', false],
        ]);
        expect(errors.every((e) => e instanceof CustomerSuccessError)).toBe(true);
        expect(await attempt()).toBeNull();
        expect(requests).toHaveLength(5);
      },
    );
  });

  it('maps an unreachable service to a retryable error', async () => {
    const tracker = createCustomerSuccessTracker({ CUSTOMER_SUCCESS_ADAPTER: 'http', CUSTOMER_SUCCESS_API_URL: 'http://127.0.0.1:9' }, tdb.db);
    await expect(tracker.track([{ dedupKey: 'call:c-5', event: callEvent('c-5') }])).rejects.toMatchObject({ code: 'UNAVAILABLE', retryable: true });
  });
});
