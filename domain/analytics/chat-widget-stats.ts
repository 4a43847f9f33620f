import type { ChatWidgetStats } from '../contracts/analytics.contract';
import { CHAT_STAGE_ORDER } from '../contracts/chat-widget.contract';
import type { Timezone } from '../organization/organization-settings.schema';
import { ANALYTICS_TTL_SECONDS } from './call-analytics';

/**
 * What the widget chats read model gives chat-widget analytics: its chats counted by local day, device, stage,
 * booking and service (the read model groups them, so a year of chats is a few thousand rows at most).
 */
export interface ChatStatsGroup {
  /** The local day the chat started, in the organization's zone. */
  date: string;
  deviceType: string;
  stage: string;
  /** The CRM took the booking. */
  booked: boolean;
  /** What the visitor picked at the service step, trimmed; null without a pick. */
  service: string | null;
  chats: number;
  /** Booked chats whose booking time is known (the chat ended when the CRM took it), and their seconds summed. */
  timedBookings: number;
  bookingSeconds: number;
}

/** The step of the default widget where the visitor picks a service (domain/contracts/widget.contract.ts). */
export const SERVICE_STEP = 'service';
export const NO_SERVICE = 'Not chosen';

const FUNNEL: { id: string; label: string }[] = [
  { id: 'PHONE_LOOKUP', label: 'Phone given' },
  { id: 'SCHEDULE_LOOKUP', label: 'Times looked up' },
  { id: 'NEW_ADDRESS', label: 'Address given' },
  { id: 'CREATE_BOOKING', label: 'Booking sent' },
  { id: 'BOOKED', label: 'Booked' },
];

const TOP_CAMPAIGNS = 5;
const round1 = (n: number) => Math.round(n * 10) / 10;
const percent = (part: number, whole: number) => (whole === 0 ? 0 : round1((part / whole) * 100));
const change = (now: number, before: number) => (before === 0 ? null : round1(((now - before) / before) * 100));

const serviceOf = (g: ChatStatsGroup) => g.service ?? NO_SERVICE;

/** "45s", "3m 20s", "1h 05m": how people read a duration. */
export function formatDuration(seconds: number): string {
  const s = Math.round(seconds);
  if (s < 60) return `${s}s`;
  if (s < 3600) return `${Math.floor(s / 60)}m ${String(s % 60).padStart(2, '0')}s`;
  return `${Math.floor(s / 3600)}h ${String(Math.floor((s % 3600) / 60)).padStart(2, '0')}m`;
}

interface PeriodFigures {
  leads: number;
  booked: number;
  bookingRate: number;
  revenue: number;
  avgBookingSeconds: number;
}

const total = (groups: readonly ChatStatsGroup[], pick: (g: ChatStatsGroup) => number) => groups.reduce((n, g) => n + pick(g), 0);

function figuresOf(groups: readonly ChatStatsGroup[], avgJobRevenue: number | null): PeriodFigures {
  const leads = total(groups, (g) => g.chats);
  const booked = total(groups, (g) => (g.booked ? g.chats : 0));
  const timed = total(groups, (g) => g.timedBookings);
  return {
    leads,
    booked,
    bookingRate: percent(booked, leads),
    revenue: Math.round(booked * (avgJobRevenue ?? 0) * 100) / 100,
    avgBookingSeconds: timed === 0 ? 0 : total(groups, (g) => g.bookingSeconds) / timed,
  };
}

function shares<K extends string>(groups: readonly ChatStatsGroup[], keyOf: (g: ChatStatsGroup) => string, name: K) {
  const counts = new Map<string, number>();
  for (const g of groups) counts.set(keyOf(g), (counts.get(keyOf(g)) ?? 0) + g.chats);
  const all = total(groups, (g) => g.chats);
  return [...counts.entries()]
    .sort((a, b) => b[1] - a[1] || a[0].localeCompare(b[0]))
    .map(([key, count]) => ({ [name]: key, count, percentage: percent(count, all) }) as Record<K, string> & { count: number; percentage: number });
}

/** A chat has passed a stage when it reached it or a later one; BOOKED is the CRM's acceptance. */
function reached(g: ChatStatsGroup, id: string): boolean {
  if (id === 'BOOKED') return g.booked;
  return CHAT_STAGE_ORDER.indexOf(g.stage as (typeof CHAT_STAGE_ORDER)[number]) >= CHAT_STAGE_ORDER.indexOf(id as (typeof CHAT_STAGE_ORDER)[number]);
}

/**
 * 001 §2.8 chat-widget analytics of the chats started in a range (`groups`), against the chats of the previous
 * period of equal length (`previous`). Pure: the read model supplies the counts, the route the range.
 */
export function buildChatWidgetStats(input: {
  from: string;
  to: string;
  timezone: Timezone;
  days: string[];
  groups: readonly ChatStatsGroup[];
  previous: readonly ChatStatsGroup[];
  avgJobRevenue: number | null;
}): ChatWidgetStats {
  const { groups } = input;
  const now = figuresOf(groups, input.avgJobRevenue);
  const before = figuresOf(input.previous, input.avgJobRevenue);

  const byService = new Map<string, { total: number; booked: number }>();
  for (const g of groups) {
    const s = byService.get(serviceOf(g)) ?? { total: 0, booked: 0 };
    byService.set(serviceOf(g), { total: s.total + g.chats, booked: s.booked + (g.booked ? g.chats : 0) });
  }
  const topCampaigns = [...byService.entries()]
    .filter(([name]) => name !== NO_SERVICE)
    .map(([serviceName, s]) => ({ serviceName, count: s.booked, totalChats: s.total, conversionRate: percent(s.booked, s.total) }))
    .sort((a, b) => b.count - a.count || b.totalChats - a.totalChats || a.serviceName.localeCompare(b.serviceName))
    .slice(0, TOP_CAMPAIGNS);

  const daily = new Map(input.days.map((date) => [date, { date, leads: 0, booked: 0 }]));
  for (const g of groups) {
    const day = daily.get(g.date);
    if (!day) continue;
    day.leads += g.chats;
    if (g.booked) day.booked += g.chats;
  }

  return {
    from: input.from,
    to: input.to,
    timezone: input.timezone,
    ttl: ANALYTICS_TTL_SECONDS,
    totalLeads: now.leads,
    totalApptBooked: now.booked,
    bookingRate: now.bookingRate,
    avgBookingTime: formatDuration(now.avgBookingSeconds),
    totalRevenue: now.revenue,
    avgJobRevenue: input.avgJobRevenue,
    topCampaigns,
    deviceDistribution: shares(groups, (g) => g.deviceType, 'device'),
    funnelStages: FUNNEL.map((s) => {
      const count = total(groups, (g) => (reached(g, s.id) ? g.chats : 0));
      return { ...s, count, percentage: percent(count, now.leads) };
    }),
    serviceDistribution: shares(groups, serviceOf, 'service'),
    trends: {
      totalLeadsChange: change(now.leads, before.leads),
      totalApptBookedChange: change(now.booked, before.booked),
      bookingRateChange: before.leads === 0 ? null : round1(now.bookingRate - before.bookingRate),
      totalRevenueChange: change(now.revenue, before.revenue),
      avgBookingTimeChange: change(now.avgBookingSeconds, before.avgBookingSeconds),
    },
    dailyChatCounts: [...daily.values()],
  };
}
