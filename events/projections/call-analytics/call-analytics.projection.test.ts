import { describe, expect, it } from '@jest/globals';
import { aggregateEvents } from '../../../tests/support/domain-events';
import { emptyCallRecord } from '../../../domain/call/call-record.schema';
import { bucketOf, contributionOf, evolveCallAnalytics, rollupDelta } from './call-analytics.projection';
import type { CallAnalyticsFact } from './call-analytics.repository';

const ORG_ID = '0b6f4c1e-6a51-4f0e-9d0c-8a4f1c2b3d4e';
const INTERACTION_ID = '5d0c7a4e-1f2b-4c3d-8e9f-0a1b2c3d4e5f';
const ids = { interactionId: INTERACTION_ID, orgId: ORG_ID };
const event = aggregateEvents({ aggregateId: INTERACTION_ID, orgId: ORG_ID }, '2026-07-01T15:00:00.000Z');

const started = event('CallStarted', {
  ...ids,
  callId: '7e1d8b5f-2a3c-4d4e-9f0a-1b2c3d4e5f60',
  provider: 'retell',
  providerCallId: 'call_1',
  agentType: 'AFTER_HOURS_CSR',
  voiceAgentId: 'agent_1',
  direction: 'inbound',
  customerNumber: '+13125550142',
  startedAt: '2026-07-01T23:52:10.000Z',
});
const ended = event('CallEnded', {
  ...ids,
  timedOut: false,
  record: {
    ...emptyCallRecord('retell', 'call_1'),
    status: 'ended',
    endedReason: 'user_hangup',
    startedAt: '2026-07-01T23:52:10.000Z',
    endedAt: '2026-07-01T23:55:40.000Z',
    durationSeconds: 210,
  },
});
const identified = event('CustomerIdentified', {
  ...ids,
  customerName: 'Dana Ruiz',
  customerAddress: null,
  crmCustomerId: null,
  isLead: true,
  subject: 'AC out',
  department: null,
});
const unbooked = event('InteractionClassified', { ...ids, callType: 'Unbooked', callStatus: 'UNBOOKED', reason: 'no slot', engine: 'offline' });
const tagged = event('InteractionTagged', { ...ids, tags: ['price_shopper'], reasons: { price_shopper: 'asked for a price' } });
const excused = event('InteractionReclassified', {
  ...ids,
  from: 'UNBOOKED',
  to: 'EXCUSED',
  by: 'user',
  userId: '9a8b7c6d-5e4f-4a3b-8c2d-1e0f9a8b7c6d',
  reason: 'caller only wanted a price',
  tags: ['estimate_on_call'],
});

type Handled = Parameters<typeof evolveCallAnalytics>[1];

/** Delivers each event twice, as a redelivery would, and returns the fact after each pair. */
function play(events: Handled[]): (CallAnalyticsFact | null)[] {
  const states: (CallAnalyticsFact | null)[] = [];
  let state: CallAnalyticsFact | null = null;
  for (const e of events) {
    const once = evolveCallAnalytics(state, e);
    const twice = evolveCallAnalytics(once, e);
    expect(twice).toEqual(once);
    state = twice;
    states.push(state);
  }
  return states;
}

describe('call analytics projection', () => {
  it('counts a call only once it has ended, in the quarter hour it started', () => {
    const [afterStart, afterEnd] = play([started, ended]);
    expect(contributionOf(afterStart)).toBeNull();
    const c = contributionOf(afterEnd);
    expect(c?.bucketStart.toISOString()).toBe('2026-07-01T23:45:00.000Z');
    expect(c?.agentType).toBe('AFTER_HOURS_CSR');
    expect(c?.counters).toMatchObject({ calls: 1, seconds: 210, booked: 0, unbooked: 0 });
  });

  it('ignores events of a call it never saw start', () => {
    expect(evolveCallAnalytics(null, ended)).toBeNull();
  });

  it('counts a lead, its outcome and the tags under that outcome', () => {
    const last = play([started, ended, identified, unbooked, tagged]).at(-1)!;
    expect(contributionOf(last)).toMatchObject({
      counters: { calls: 1, leads: 1, unbooked: 1, excused: 0 },
      tags: [{ outcome: 'UNBOOKED', tag: 'price_shopper' }],
    });
  });

  it('moves a reclassified call from unbooked to excused with its tags', () => {
    const states = play([started, ended, identified, unbooked, tagged, excused]);
    const before = states.at(-2)!;
    const after = states.at(-1)!;
    const delta = rollupDelta(before, after);
    expect(delta.buckets).toEqual([
      expect.objectContaining({ agentType: 'AFTER_HOURS_CSR', counters: expect.objectContaining({ calls: 0, unbooked: -1, excused: 1, leads: 0 }) }),
    ]);
    expect(delta.tags).toEqual(
      expect.arrayContaining([
        expect.objectContaining({ outcome: 'UNBOOKED', tag: 'price_shopper', delta: -1 }),
        expect.objectContaining({ outcome: 'EXCUSED', tag: 'price_shopper', delta: 1 }),
        expect.objectContaining({ outcome: 'EXCUSED', tag: 'estimate_on_call', delta: 1 }),
      ]),
    );
    expect(delta.tags).toHaveLength(3);
  });

  it('changes no rollup when a redelivered event leaves the fact as it was', () => {
    const [, afterEnd] = play([started, ended]);
    expect(rollupDelta(afterEnd, evolveCallAnalytics(afterEnd, ended))).toEqual({ buckets: [], tags: [] });
  });

  it('counts spam by its tag and a transfer by how the call ended', () => {
    const transferred = event('CallEnded', { ...ended.data, record: { ...ended.data.record, endedReason: 'transferred' } });
    const spam = event('InteractionTagged', { ...ids, tags: ['spam'], reasons: {} });
    const last = play([started, transferred, spam]).at(-1)!;
    expect(contributionOf(last)?.counters).toMatchObject({ spam: 1, transferred: 1 });
  });

  it('floors to quarter hours, so a half-hour zone’s day is a whole number of buckets', () => {
    expect(bucketOf(new Date('2026-01-10T03:29:59.999Z')).toISOString()).toBe('2026-01-10T03:15:00.000Z');
    expect(bucketOf(new Date('2026-01-10T03:30:00.000Z')).toISOString()).toBe('2026-01-10T03:30:00.000Z');
  });
});
