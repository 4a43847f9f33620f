import { describe, expect, it } from '@jest/globals';
import { buildChatWidgetStats, formatDuration, serviceOf, type ChatStatsFact } from './chat-widget-stats';

const at = (iso: string) => new Date(iso);
function chat(over: Partial<ChatStatsFact> & { service?: string; createdAt: Date; bookedAfterSeconds?: number }): ChatStatsFact {
  const { service, bookedAfterSeconds, ...rest } = over;
  const booked = bookedAfterSeconds !== undefined;
  return {
    deviceType: 'DESKTOP',
    stage: booked ? 'CREATE_BOOKING' : 'PHONE_LOOKUP',
    callStatus: booked ? 'BOOKED' : 'UNBOOKED',
    booked,
    chatDetails: [{ step: 'welcome', result: 'Book a service visit' }, ...(service ? [{ step: 'service', result: service }] : [])],
    endedAt: booked ? new Date(over.createdAt.getTime() + bookedAfterSeconds * 1000) : null,
    endReason: booked ? 'booked' : null,
    ...rest,
  };
}

describe('buildChatWidgetStats', () => {
  const days = ['2026-03-01', '2026-03-02'];
  // Chicago is UTC−6 in early March: 2026-03-02T03:00Z is still the 1st there.
  const facts = [
    chat({ createdAt: at('2026-03-01T15:00:00Z'), service: 'Plumbing', bookedAfterSeconds: 120 }),
    chat({ createdAt: at('2026-03-02T03:00:00Z'), service: 'Plumbing', deviceType: 'MOBILE', stage: 'NEW_ADDRESS' }),
    chat({ createdAt: at('2026-03-02T16:00:00Z'), service: 'Electrical', deviceType: 'MOBILE', bookedAfterSeconds: 240 }),
    chat({ createdAt: at('2026-03-02T17:00:00Z'), deviceType: 'MOBILE', stage: 'SCHEDULE_LOOKUP' }),
  ];
  const previous = [
    chat({ createdAt: at('2026-02-27T15:00:00Z'), service: 'Plumbing', bookedAfterSeconds: 360 }),
    chat({ createdAt: at('2026-02-28T15:00:00Z'), service: 'Plumbing' }),
  ];
  const s = buildChatWidgetStats({ from: days[0], to: days[1], timezone: 'America/Chicago', days, facts, previous, avgJobRevenue: 400 });

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

  it("counts chats per local day in the organization's zone, zero days included", () => {
    expect(s.dailyChatCounts).toEqual([
      { date: '2026-03-01', leads: 2, booked: 1 },
      { date: '2026-03-02', leads: 2, booked: 1 },
    ]);
  });

  it('answers zeros and no trends without chats in either period', () => {
    const empty = buildChatWidgetStats({ from: days[0], to: days[1], timezone: 'America/Chicago', days, facts: [], previous: [], avgJobRevenue: null });
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

  it('does not time a booking the CRM refused, nor one whose chat has not ended yet', () => {
    const refused = { ...chat({ createdAt: at('2026-03-01T15:00:00Z'), bookedAfterSeconds: 60 }), booked: false };
    const open = { ...chat({ createdAt: at('2026-03-01T15:00:00Z'), bookedAfterSeconds: 60 }), endedAt: null };
    const r = buildChatWidgetStats({ from: days[0], to: days[1], timezone: 'America/Chicago', days, facts: [refused, open], previous: [], avgJobRevenue: 100 });
    expect(r).toMatchObject({ totalApptBooked: 1, avgBookingTime: '0s', totalRevenue: 100 });
  });
});

describe('serviceOf and formatDuration', () => {
  it("reads the service step's pick, trimmed", () => {
    expect(serviceOf({ chatDetails: [{ step: 'service', result: '  Plumbing ' }] })).toBe('Plumbing');
    expect(serviceOf({ chatDetails: [{ step: 'service', result: null }] })).toBe('Not chosen');
  });
  it('writes durations as people read them', () => {
    expect([formatDuration(45), formatDuration(200), formatDuration(3725)]).toEqual(['45s', '3m 20s', '1h 02m']);
  });
});
