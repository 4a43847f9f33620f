import { describe, expect, it } from '@jest/globals';
import { analyticsRange, buildCallAnalytics, buildDailyCounts, previousPeriod, type DailyAgentRollup } from './call-analytics';

const ORG_ID = '0b6f4c1e-6a51-4f0e-9d0c-8a4f1c2b3d4e';
const zero = { calls: 0, leads: 0, booked: 0, unbooked: 0, excused: 0, spam: 0, transferred: 0, reviewed: 0, seconds: 0 };
const row = (date: string, agentType: string, counts: Partial<DailyAgentRollup>): DailyAgentRollup => ({ ...zero, date, agentType, ...counts });

describe('analyticsRange', () => {
  it('reads dates as whole local days, to included', () => {
    const r = analyticsRange('2026-03-07', '2026-03-09', 'America/New_York');
    expect(r.start.toISOString()).toBe('2026-03-07T05:00:00.000Z');
    // 2026-03-08 is the spring-forward day: the range ends at local midnight of the 10th, in EDT.
    expect(r.end.toISOString()).toBe('2026-03-10T04:00:00.000Z');
    expect(r.days).toEqual(['2026-03-07', '2026-03-08', '2026-03-09']);
  });

  it('gives the period of the same length just before', () => {
    expect(previousPeriod('2026-03-01', '2026-03-07')).toEqual({ from: '2026-02-22', to: '2026-02-28' });
  });
});

describe('buildCallAnalytics', () => {
  const days = ['2026-03-01', '2026-03-02'];
  const rollups = [
    row('2026-03-01', 'OFFICE_HOURS_CSR', { calls: 5, leads: 4, booked: 3, unbooked: 1, excused: 1, seconds: 600 }),
    row('2026-03-02', 'AFTER_HOURS_CSR', { calls: 3, leads: 3, booked: 1, unbooked: 1, excused: 1, seconds: 300 }),
    row('2026-03-02', 'RECEPTIONIST', { calls: 4, spam: 2, excused: 1, transferred: 1, reviewed: 1, seconds: 120 }),
  ];
  const tagCounts = [
    { outcome: 'UNBOOKED', tag: 'no_availability', count: 2 },
    { outcome: 'EXCUSED', tag: 'price_shopper', count: 3 },
  ];
  const a = buildCallAnalytics({ orgId: ORG_ID, from: days[0], to: days[1], timezone: 'America/Chicago', days, rollups, tagCounts, avgJobRevenue: 450 });

  it('totals every agent type, revenue at the average job revenue per booked call', () => {
    expect(a).toMatchObject({ totalCount: 12, totalBooked: 4, totalUnbooked: 2, totalMinutes: 17, totalRevenue: 1800, ttl: 60 });
  });

  it('splits the receptionist from the AI CSRs, booking rate over bookable calls', () => {
    expect(a.agentStats.RECEPTIONIST).toMatchObject({ calls: 4, spam: 2, excused: 1, transferred: 1, review: 1, minutes: 2 });
    expect(a.agentStats.AI_CSR).toMatchObject({ calls: 8, leads: 7, booked: 4, unbooked: 2, excused: 2, bookingRate: 66.7, minutes: 15 });
    expect(a.agentStats.AI_CSR.dailyBookedCounts).toEqual([
      { date: '2026-03-01', count: 3 },
      { date: '2026-03-02', count: 1 },
    ]);
    expect(a.afterHours).toEqual({ calls: 3, booked: 1 });
  });

  it('fills every day of the range and names the top reasons in its insights', () => {
    expect(a.dailyCallCounts.map((d) => d.calls)).toEqual([5, 7]);
    expect(a.unbookedTagCounts).toEqual([{ tag: 'no_availability', count: 2 }]);
    expect(a.insights).toContain('The most common excused reason: price shopper (3 calls).');
    expect(a.insights).toContain('3 calls came in after hours and were answered; 1 job was booked from them.');
    expect(a.insights).toContain('The busiest day was Monday, Mar 2 with 7 calls.');
  });

  it('has no revenue, no booking rate and no insights without calls or an average job revenue', () => {
    const empty = buildCallAnalytics({
      orgId: ORG_ID,
      from: days[0],
      to: days[1],
      timezone: 'America/Chicago',
      days,
      rollups: [],
      tagCounts: [],
      avgJobRevenue: null,
    });
    expect(empty).toMatchObject({ totalCount: 0, totalRevenue: 0, insights: [], agentStats: { AI_CSR: { bookingRate: null } } });
    expect(empty.dailyCallCounts).toHaveLength(2);
  });

  it('gives daily lead, booked and unbooked counts of every interaction', () => {
    const d = buildDailyCounts({ from: days[0], to: days[1], timezone: 'America/Chicago', days, rollups });
    expect(d.dailyLeadCounts).toEqual([
      { date: '2026-03-01', count: 4 },
      { date: '2026-03-02', count: 3 },
    ]);
    expect(d.dailyBookedCounts.map((c) => c.count)).toEqual([3, 1]);
  });
});
