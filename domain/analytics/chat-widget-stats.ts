import type { ChatWidgetStats } from '../contracts/analytics.contract';
import { CHAT_STAGE_ORDER, type ChatStepDetail } from '../contracts/chat-widget.contract';
import type { Timezone } from '../organization/organization-settings.schema';
import { toZonedParts } from '../time/zoned-time';
import { ANALYTICS_TTL_SECONDS } from './call-analytics';

/** What the widget chats read model gives chat-widget analytics of one chat. */
export interface ChatStatsFact {
  deviceType: string;
  stage: string;
  callStatus: string;
  /** The CRM took the booking. */
  booked: boolean;
  chatDetails: Pick<ChatStepDetail, 'step' | 'result'>[];
  createdAt: Date;
  endedAt: Date | null;
  endReason: string | null;
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

/** The service a chat is about: what the visitor picked at the service step, trimmed. */
export function serviceOf(fact: Pick<ChatStatsFact, 'chatDetails'>): string {
  const picked = fact.chatDetails.find((d) => d.step === SERVICE_STEP)?.result?.trim();
  return picked ? picked : NO_SERVICE;
}

/** Seconds from a chat's start to its booking: the chat ends when the CRM has taken the booking. */
function bookingSeconds(fact: ChatStatsFact): number | null {
  if (!fact.booked || fact.endReason !== 'booked' || !fact.endedAt) return null;
  return Math.max(0, (fact.endedAt.getTime() - fact.createdAt.getTime()) / 1000);
}

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

function figuresOf(facts: readonly ChatStatsFact[], avgJobRevenue: number | null): PeriodFigures {
  const leads = facts.length;
  const booked = facts.filter((f) => f.booked).length;
  const times = facts.map(bookingSeconds).filter((s): s is number => s !== null);
  return {
    leads,
    booked,
    bookingRate: percent(booked, leads),
    revenue: Math.round(booked * (avgJobRevenue ?? 0) * 100) / 100,
    avgBookingSeconds: times.length === 0 ? 0 : times.reduce((a, b) => a + b, 0) / times.length,
  };
}

function shares<K extends string>(facts: readonly ChatStatsFact[], keyOf: (f: ChatStatsFact) => string, name: K) {
  const counts = new Map<string, number>();
  for (const f of facts) counts.set(keyOf(f), (counts.get(keyOf(f)) ?? 0) + 1);
  return [...counts.entries()]
    .sort((a, b) => b[1] - a[1] || a[0].localeCompare(b[0]))
    .map(([key, count]) => ({ [name]: key, count, percentage: percent(count, facts.length) }) as Record<K, string> & { count: number; percentage: number });
}

/** A chat has passed a stage when it reached it or a later one; BOOKED is the CRM's acceptance. */
function reached(fact: ChatStatsFact, id: string): boolean {
  if (id === 'BOOKED') return fact.booked;
  return CHAT_STAGE_ORDER.indexOf(fact.stage as (typeof CHAT_STAGE_ORDER)[number]) >= CHAT_STAGE_ORDER.indexOf(id as (typeof CHAT_STAGE_ORDER)[number]);
}

/**
 * 001 §2.8 chat-widget analytics of the chats started in a range (`facts`), against the chats of the previous
 * period of equal length (`previous`). Pure: the read model supplies the facts, the route the range.
 */
export function buildChatWidgetStats(input: {
  from: string;
  to: string;
  timezone: Timezone;
  days: string[];
  facts: readonly ChatStatsFact[];
  previous: readonly ChatStatsFact[];
  avgJobRevenue: number | null;
}): ChatWidgetStats {
  const { facts } = input;
  const now = figuresOf(facts, input.avgJobRevenue);
  const before = figuresOf(input.previous, input.avgJobRevenue);

  const byService = new Map<string, { total: number; booked: number }>();
  for (const f of facts) {
    const s = byService.get(serviceOf(f)) ?? { total: 0, booked: 0 };
    byService.set(serviceOf(f), { total: s.total + 1, booked: s.booked + (f.booked ? 1 : 0) });
  }
  const topCampaigns = [...byService.entries()]
    .filter(([name]) => name !== NO_SERVICE)
    .map(([serviceName, s]) => ({ serviceName, count: s.booked, totalChats: s.total, conversionRate: percent(s.booked, s.total) }))
    .sort((a, b) => b.count - a.count || b.totalChats - a.totalChats || a.serviceName.localeCompare(b.serviceName))
    .slice(0, TOP_CAMPAIGNS);

  const daily = new Map(input.days.map((date) => [date, { date, leads: 0, booked: 0 }]));
  for (const f of facts) {
    const day = daily.get(toZonedParts(f.createdAt, input.timezone).date);
    if (!day) continue;
    day.leads += 1;
    if (f.booked) day.booked += 1;
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
    deviceDistribution: shares(facts, (f) => f.deviceType, 'device'),
    funnelStages: FUNNEL.map((s) => {
      const count = facts.filter((f) => reached(f, s.id)).length;
      return { ...s, count, percentage: percent(count, facts.length) };
    }),
    serviceDistribution: shares(facts, serviceOf, 'service'),
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
