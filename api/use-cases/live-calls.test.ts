import { afterEach, describe, expect, it, jest } from '@jest/globals';
import { createLiveCallsHub, type LiveCallsMessage } from './live-calls';

const ORG = '11111111-1111-4111-8111-111111111111';
const OTHER = '22222222-2222-4222-8222-222222222222';
const change = (interactionId: string, orgId = ORG, callStatus = 'PROCESSING') => ({ interactionId, orgId, callStatus, ended: true, justEnded: false });

function subscriber() {
  const received: LiveCallsMessage[] = [];
  let closed = false;
  return { received, closed: () => closed, send: (m: LiveCallsMessage) => void received.push(m), close: () => void (closed = true) };
}

afterEach(() => {
  jest.useRealTimers();
});

describe('the live calls hub', () => {
  it("sends a change to its organization's subscribers only, the latest per call once the burst is over", () => {
    jest.useFakeTimers();
    const hub = createLiveCallsHub({ coalesceMs: 100 });
    const mine = subscriber();
    const theirs = subscriber();
    hub.subscribe({ orgId: ORG, userId: 'u1', ...mine });
    hub.subscribe({ orgId: OTHER, userId: 'u2', ...theirs });
    hub.publish(change('c1', ORG, 'STARTED'));
    hub.publish(change('c1', ORG, 'BOOKED'));
    hub.publish(change('c2'));
    expect(mine.received).toEqual([]);
    jest.advanceTimersByTime(100);
    expect(mine.received).toEqual([
      { type: 'interaction', change: change('c1', ORG, 'BOOKED') },
      { type: 'interaction', change: change('c2') },
    ]);
    expect(theirs.received).toEqual([]);
    expect(hub.stats()).toEqual({ subscribers: 2, pendingOrgs: 0 });
  });

  it('keeps "just ended" on a call whose ending and classification come in one burst', () => {
    jest.useFakeTimers();
    const hub = createLiveCallsHub({ coalesceMs: 100 });
    const mine = subscriber();
    hub.subscribe({ orgId: ORG, userId: 'u1', ...mine });
    hub.publish({ ...change('c1', ORG, 'PROCESSING'), justEnded: true });
    hub.publish(change('c1', ORG, 'BOOKED'));
    jest.advanceTimersByTime(100);
    expect(mine.received).toEqual([{ type: 'interaction', change: { ...change('c1', ORG, 'BOOKED'), justEnded: true } }]);
  });

  it('keeps nothing for an organization nobody watches, and turns a flood into one resync', () => {
    jest.useFakeTimers();
    const hub = createLiveCallsHub({ coalesceMs: 100, maxPendingPerOrg: 3 });
    hub.publish(change('c1'));
    expect(hub.stats().pendingOrgs).toBe(0);
    const mine = subscriber();
    hub.subscribe({ orgId: ORG, userId: 'u1', ...mine });
    for (let i = 0; i < 50; i++) hub.publish(change(`c${i}`));
    jest.advanceTimersByTime(100);
    expect(mine.received).toEqual([{ type: 'resync' }]);
  });

  it('forgets a subscriber that unsubscribes or whose stream fails', () => {
    jest.useFakeTimers();
    const hub = createLiveCallsHub({ coalesceMs: 10 });
    const gone = subscriber();
    hub.subscribe({ orgId: ORG, userId: 'u1', ...gone })!.unsubscribe();
    const broken = { close: jest.fn() };
    hub.subscribe({
      orgId: ORG,
      userId: 'u2',
      send: () => {
        throw new Error('socket gone');
      },
      close: broken.close,
    });
    expect(hub.stats().subscribers).toBe(1);
    hub.publish(change('c1'));
    jest.advanceTimersByTime(10);
    expect(broken.close).toHaveBeenCalled();
    expect(hub.stats().subscribers).toBe(0);
    expect(gone.received).toEqual([]);
  });

  it('bounds the streams: a user opening one too many closes their oldest, the process refuses past its maximum', () => {
    const hub = createLiveCallsHub({ maxSubscribers: 3, maxPerUser: 2 });
    const a = subscriber();
    const b = subscriber();
    const c = subscriber();
    hub.subscribe({ orgId: ORG, userId: 'u1', ...a });
    hub.subscribe({ orgId: ORG, userId: 'u1', ...b });
    hub.subscribe({ orgId: ORG, userId: 'u1', ...c });
    expect([a.closed(), b.closed(), c.closed()]).toEqual([true, false, false]);
    expect(hub.stats().subscribers).toBe(2);
    expect(hub.subscribe({ orgId: ORG, userId: 'u2', ...subscriber() })).not.toBeNull();
    expect(hub.subscribe({ orgId: ORG, userId: 'u3', ...subscriber() })).toBeNull();
    hub.close();
    expect(hub.stats()).toEqual({ subscribers: 0, pendingOrgs: 0 });
    expect(c.closed()).toBe(true);
  });

  it('asks every subscriber to read afresh on resync', () => {
    const hub = createLiveCallsHub();
    const mine = subscriber();
    const theirs = subscriber();
    hub.subscribe({ orgId: ORG, userId: 'u1', ...mine });
    hub.subscribe({ orgId: OTHER, userId: 'u2', ...theirs });
    hub.resync();
    expect([mine.received, theirs.received]).toEqual([[{ type: 'resync' }], [{ type: 'resync' }]]);
  });
});
