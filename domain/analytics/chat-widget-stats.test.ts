import { describe, expect, it } from '@jest/globals';
import { buildChatWidgetStats, formatDuration, type ChatStatsGroup } from './chat-widget-stats';

/** One chat as the read model counts it (a group of one; the read model's groups carry the same fields). */
function chat(over: Partial<ChatStatsGroup> & { date: string; bookedAfterSeconds?: number }): ChatStatsGroup {
  const { bookedAfterSeconds, ...rest } = over;
  const booked = bookedAfterSeconds !== undefined;
  return {
    deviceType: 'DESKTOP',
    stage: booked ? 'CREATE_BOOKING' : 'PHONE_LOOKUP',
    booked,
    service: null,
    chats: 1,
    timedBookings: booked ? 1 : 0,
    bookingSeconds: bookedAfterSeconds ?? 0,
    ...rest,
  };
}

describe('buildChatWidgetStats', () => {
  const days = ['2026-03-01', '2026-03-02'];
  const groups = [
    chat({ date: '2026-03-01', service: 'Plumbing', bookedAfterSeconds: 120 }),
    chat({ date: '2026-03-01', service: 'Plumbing', deviceType: 'MOBILE', stage: 'NEW_ADDRESS' }),
    chat({ date: '2026-03-02', service: 'Electrical', deviceType: 'MOBILE', bookedAfterSeconds: 240 }),
    chat({ date: '2026-03-02', deviceType: 'MOBILE', stage: 'SCHEDULE_LOOKUP' }),
  ];
  const previous = [chat({ date: '2026-02-27', service: 'Plumbing', bookedAfterSeconds: 360 }), chat({ date: '2026-02-28', service: 'Plumbing' })];
  const s = buildChatWidgetStats({ from: days[0], to: days[1], timezone: 'America/Chicago', days, groups, previous, avgJobRevenue: 400 });

  it('counts every registered chat as a lead and books at the average job revenue', () => {
    expect(s).toMatchObject({ totalLeads: 4, totalApptBooked: 2, bookingRate: 50, totalRevenue: 800, avgJobRevenue: 400, avgBookingTime: '3m 00s', ttl: 60 });
  });

  it('funnels chats by the furthest stage reached, then the booking the CRM took', () => {
    expect(s.funnelStages.map((f) => [f.id, f.count, f.percentage])).toEqual([
      ['PHONE_LOOKUP', 4, 100],
      ['SCHEDULE_LOOKUP', 4, 100],
      ['NEW_ADDRESS', 3, 75],
      ['CREATE_BOOKING', 2, 50],
      ['BOOKED', 2, 50],
    ]);
  });

  it('splits devices and services, and ranks the services that book', () => {
    expect(s.deviceDistribution).toEqual([
      { device: 'MOBILE', count: 3, percentage: 75 },
      { device: 'DESKTOP', count: 1, percentage: 25 },
    ]);
    expect(s.serviceDistribution).toEqual([
      { service: 'Plumbing', count: 2, percentage: 50 },
      { service: 'Electrical', count: 1, percentage: 25 },
      { service: 'Not chosen', count: 1, percentage: 25 },
    ]);
    expect(s.topCampaigns).toEqual([
      { serviceName: 'Plumbing', count: 1, totalChats: 2, conversionRate: 50 },
      { serviceName: 'Electrical', count: 1, totalChats: 1, conversionRate: 100 },
    ]);
  });

  it('compares with the previous period: percent for counts, revenue and time, points for the rate', () => {
    expect(s.trends).toEqual({
      totalLeadsChange: 100,
      totalApptBookedChange: 100,
      bookingRateChange: 0,
      totalRevenueChange: 100,
      avgBookingTimeChange: -50,
    });
  });

  it('counts chats per local day, zero days included, and weighs a group by its chats', () => {
    expect(s.dailyChatCounts).toEqual([
      { date: '2026-03-01', leads: 2, booked: 1 },
      { date: '2026-03-02', leads: 2, booked: 1 },
    ]);
    const three = buildChatWidgetStats({
      from: days[0],
      to: days[1],
      timezone: 'America/Chicago',
      days,
      groups: [{ ...chat({ date: '2026-03-02', service: 'Plumbing', bookedAfterSeconds: 300 }), chats: 3, timedBookings: 2 }],
      previous: [],
      avgJobRevenue: 100,
    });
    expect(three).toMatchObject({ totalLeads: 3, totalApptBooked: 3, totalRevenue: 300, avgBookingTime: '2m 30s' });
    expect(three.dailyChatCounts).toEqual([
      { date: '2026-03-01', leads: 0, booked: 0 },
      { date: '2026-03-02', leads: 3, booked: 3 },
    ]);
  });

  it('answers zeros and no trends without chats in either period', () => {
    const empty = buildChatWidgetStats({ from: days[0], to: days[1], timezone: 'America/Chicago', days, groups: [], previous: [], avgJobRevenue: null });
    expect(empty).toMatchObject({
      totalLeads: 0,
      bookingRate: 0,
      avgBookingTime: '0s',
      totalRevenue: 0,
      avgJobRevenue: null,
      topCampaigns: [],
      deviceDistribution: [],
    });
    expect(Object.values(empty.trends)).toEqual([null, null, null, null, null]);
    expect(empty.funnelStages.every((f) => f.count === 0 && f.percentage === 0)).toBe(true);
  });

  it('averages the booking time over the timed bookings only', () => {
    const untimed = { ...chat({ date: '2026-03-01', bookedAfterSeconds: 0 }), timedBookings: 0 };
    const r = buildChatWidgetStats({
      from: days[0],
      to: days[1],
      timezone: 'America/Chicago',
      days,
      groups: [untimed, chat({ date: '2026-03-01', bookedAfterSeconds: 90 })],
      previous: [],
      avgJobRevenue: 100,
    });
    expect(r).toMatchObject({ totalApptBooked: 2, avgBookingTime: '1m 30s', totalRevenue: 200 });
  });
});

describe('formatDuration', () => {
  it('writes durations as people read them', () => {
    expect([formatDuration(45), formatDuration(200), formatDuration(3725)]).toEqual(['45s', '3m 20s', '1h 02m']);
  });
});
