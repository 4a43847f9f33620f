import { CrmError } from '../../crm.port';
import { TokenBucket, type Clock } from '../../../http/token-bucket';
import { crmErrorForStatus, retryAfterMs, sendVendorRequest, withQuery } from './vendor-http';

function fakeClock() {
  const clock = {
    at: 0,
    sleeps: [] as number[],
    now: () => clock.at,
    sleep: async (ms: number) => {
      clock.sleeps.push(ms);
      clock.at += ms;
    },
  };
  return clock satisfies Clock;
}

describe('TokenBucket', () => {
  it('lets a burst through, then spaces requests at the refill rate', async () => {
    const clock = fakeClock();
    const bucket = new TokenBucket({ capacity: 2, refillPerSecond: 4 }, clock);

    await Promise.all([bucket.take(), bucket.take(), bucket.take(), bucket.take()]);

    expect(clock.sleeps).toEqual([250, 250]);
  });

  it('fills up again while idle, but never beyond its capacity', async () => {
    const clock = fakeClock();
    const bucket = new TokenBucket({ capacity: 2, refillPerSecond: 1 }, clock);
    await bucket.take();
    await bucket.take();
    clock.at += 60_000;

    await bucket.take();
    await bucket.take();
    await bucket.take();

    expect(clock.sleeps).toEqual([1000]);
  });
});

describe('vendor HTTP helpers', () => {
  it('reads Retry-After as seconds or as an HTTP date', () => {
    const now = Date.parse('2026-03-02T15:00:00Z');
    expect(retryAfterMs('2', now)).toBe(2000);
    expect(retryAfterMs('Mon, 02 Mar 2026 15:00:30 GMT', now)).toBe(30_000);
    expect(retryAfterMs(null, now)).toBeNull();
    expect(retryAfterMs('soon', now)).toBeNull();
  });

  it.each([
    [400, 'INVALID_REQUEST', false],
    [401, 'UNAUTHORIZED', false],
    [403, 'UNAUTHORIZED', false],
    [404, 'NOT_FOUND', false],
    [409, 'CONFLICT', false],
    [422, 'INVALID_REQUEST', false],
    [429, 'RATE_LIMITED', true],
    [500, 'UNAVAILABLE', true],
    [503, 'UNAVAILABLE', true],
  ])('maps HTTP %i to %s (retryable %s)', (status, code, retryable) => {
    const err = crmErrorForStatus('Vendor', status, { title: 'why' });
    expect(err).toBeInstanceOf(CrmError);
    expect({ code: err.code, retryable: err.retryable, message: err.message }).toEqual({ code, retryable, message: `Vendor answered ${status}: why` });
  });

  it('encodes arrays as ServiceTitan (comma) and Housecall Pro (brackets) expect', () => {
    expect(withQuery('https://x/a', { ids: [1, 2], none: undefined, at: new Date('2026-03-02T15:00:00Z') })).toBe(
      'https://x/a?ids=1%2C2&at=2026-03-02T15%3A00%3A00.000Z',
    );
    expect(withQuery('https://x/a', { work_status: ['scheduled', 'in_progress'] }, 'brackets')).toBe(
      'https://x/a?work_status%5B%5D=scheduled&work_status%5B%5D=in_progress',
    );
  });

  it('turns a vendor that cannot be reached into a retryable UNAVAILABLE', async () => {
    const failingFetch = (async () => {
      throw new TypeError('fetch failed');
    }) as unknown as typeof fetch;
    const clock = fakeClock();
    const request = sendVendorRequest(
      { vendor: 'Vendor', budget: new TokenBucket({ capacity: 1, refillPerSecond: 1 }, clock), clock, fetch: failingFetch },
      { method: 'GET', url: 'http://vendor.invalid/x', headers: {} },
    );
    await expect(request).rejects.toMatchObject({ code: 'UNAVAILABLE', retryable: true, message: 'Vendor could not be reached' });
  });

  it('stops waiting out 429s after the allowed number of retries', async () => {
    let calls = 0;
    const busyFetch = (async () => {
      calls += 1;
      return new Response('{}', { status: 429, headers: { 'retry-after': '1' } });
    }) as unknown as typeof fetch;
    const clock = fakeClock();
    const request = sendVendorRequest(
      { vendor: 'Vendor', budget: new TokenBucket({ capacity: 10, refillPerSecond: 10 }, clock), clock, fetch: busyFetch, maxRateLimitRetries: 2 },
      { method: 'GET', url: 'http://vendor.test/x', headers: {} },
    );
    await expect(request).rejects.toMatchObject({ code: 'RATE_LIMITED', retryable: true });
    expect(calls).toBe(3);
    expect(clock.sleeps.filter((ms) => ms === 1000)).toHaveLength(2);
  });
});
