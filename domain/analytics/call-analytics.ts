import type { CallAnalytics, DailyCallCounts, DailyCount, DailyCounts, TagCount } from '../contracts/analytics.contract';
import { addDays } from '../time/calendar';
import { boundInZone, toZonedParts } from '../time/zoned-time';
import type { Timezone } from '../organization/organization-settings.schema';

/** Seconds an analytics answer may be cached: the projector keeps the rollups within seconds of a call's end. */
export const ANALYTICS_TTL_SECONDS = 60;

/** A requested range as instants [start, end) and the local days it covers, in the organization's time zone. */
export interface AnalyticsRange {
  start: Date;
  end: Date;
  days: string[];
}

/** `from` and `to` as 001 §7 sends them: a date is the whole local day (`to` included), a date-time that instant. */
export function analyticsRange(from: string, to: string, timeZone: string): AnalyticsRange {
  const start = boundInZone(from, timeZone);
  const end = boundInZone(to, timeZone, true);
  const first = toZonedParts(start, timeZone).date;
  const last = toZonedParts(new Date(Math.max(start.getTime(), end.getTime() - 1)), timeZone).date;
  const days: string[] = [];
  for (let d = first; d <= last; d = addDays(d, 1)) days.push(d);
  return { start, end, days };
}

/** The same number of local days just before the range: "the period before", which the pages compare with. */
export function previousPeriod(from: string, to: string): { from: string; to: string } {
  const f = from.slice(0, 10);
  const t = to.slice(0, 10);
  const length = Math.round((Date.parse(t) - Date.parse(f)) / 86_400_000) + 1;
  return { from: addDays(f, -length), to: addDays(f, -1) };
}

/** What the read model counts per bucket of calls: calls by outcome, leads, reviews and seconds talked. */
export interface CallCounters {
  calls: number;
  leads: number;
  booked: number;
  unbooked: number;
  excused: number;
  spam: number;
  transferred: number;
  reviewed: number;
  seconds: number;
}

/** One local day of one agent type's rollup, as the read model sums it. */
export interface DailyAgentRollup extends CallCounters {
  date: string;
  agentType: string;
}

type Counter = keyof CallCounters;

const AI_CSR_TYPES = new Set(['OFFICE_HOURS_CSR', 'AFTER_HOURS_CSR']);
const minutesOf = (seconds: number) => Math.round((seconds / 60) * 10) / 10;
const rate = (booked: number, unbooked: number) => (booked + unbooked === 0 ? null : Math.round((booked / (booked + unbooked)) * 1000) / 10);

/** A local calendar day as people read it: "Tuesday, Mar 3". */
function dayInWords(date: string): string {
  return new Date(`${date}T12:00:00Z`).toLocaleDateString('en-US', { timeZone: 'UTC', weekday: 'long', month: 'short', day: 'numeric' });
}

function sum(rows: DailyAgentRollup[], key: Counter): number {
  return rows.reduce((n, r) => n + r[key], 0);
}

function daily(rows: DailyAgentRollup[], days: string[], key: Counter): DailyCount[] {
  return days.map((date) => ({
    date,
    count: sum(
      rows.filter((r) => r.date === date),
      key,
    ),
  }));
}

const plural = (n: number, one: string, many = `${one}s`) => `${n} ${n === 1 ? one : many}`;
const readableTag = (tag: string) => tag.replace(/[_-]+/g, ' ');

/** Plain-language observations from the figures (001 §3 "insights"); none are invented when there are no calls. */
export function callInsights(a: Omit<CallAnalytics, 'insights'>): string[] {
  if (a.totalCount === 0) return [];
  const insights: string[] = [];
  const ai = a.agentStats.AI_CSR;
  if (ai.bookingRate !== null)
    insights.push(
      `Your AI agents booked ${ai.bookingRate}% of the bookable calls (${plural(ai.booked, 'booked call')}, ${plural(ai.unbooked, 'unbooked call')}).`,
    );
  if (a.afterHours.calls > 0)
    insights.push(
      `${plural(a.afterHours.calls, 'call')} came in after hours and were answered; ${plural(a.afterHours.booked, 'job was', 'jobs were')} booked from them.`,
    );
  const topUnbooked = a.unbookedTagCounts[0];
  if (topUnbooked) insights.push(`The most common reason a call was not booked: ${readableTag(topUnbooked.tag)} (${plural(topUnbooked.count, 'call')}).`);
  const topExcused = a.excusedTagCounts[0];
  if (topExcused) insights.push(`The most common excused reason: ${readableTag(topExcused.tag)} (${plural(topExcused.count, 'call')}).`);
  const busiest = [...a.dailyCallCounts].sort((x, y) => y.calls - x.calls || x.date.localeCompare(y.date))[0];
  if (busiest && busiest.calls > 0) insights.push(`The busiest day was ${dayInWords(busiest.date)} with ${plural(busiest.calls, 'call')}.`);
  if (a.agentStats.RECEPTIONIST.spam > 0) insights.push(`The receptionist screened out ${plural(a.agentStats.RECEPTIONIST.spam, 'spam call')}.`);
  return insights;
}

/** The call analytics answer (001 §3) from the read model's daily rollups and tag counts of the range. */
export function buildCallAnalytics(input: {
  orgId: string;
  from: string;
  to: string;
  timezone: Timezone;
  days: string[];
  rollups: DailyAgentRollup[];
  tagCounts: { outcome: string; tag: string; count: number }[];
  avgJobRevenue: number | null;
}): CallAnalytics {
  const { rollups, days } = input;
  const receptionist = rollups.filter((r) => r.agentType === 'RECEPTIONIST');
  const aiCsr = rollups.filter((r) => AI_CSR_TYPES.has(r.agentType));
  const afterHours = rollups.filter((r) => r.agentType === 'AFTER_HOURS_CSR');
  const tags = (outcome: string): TagCount[] => input.tagCounts.filter((t) => t.outcome === outcome).map(({ tag, count }) => ({ tag, count }));
  const totalBooked = sum(rollups, 'booked');
  const dailyCallCounts: DailyCallCounts[] = days.map((date) => {
    const of = rollups.filter((r) => r.date === date);
    return {
      date,
      calls: sum(of, 'calls'),
      booked: sum(of, 'booked'),
      unbooked: sum(of, 'unbooked'),
      excused: sum(of, 'excused'),
      afterHours: sum(
        of.filter((r) => r.agentType === 'AFTER_HOURS_CSR'),
        'calls',
      ),
      minutes: minutesOf(sum(of, 'seconds')),
    };
  });
  const answer: Omit<CallAnalytics, 'insights'> = {
    orgId: input.orgId,
    from: input.from,
    to: input.to,
    timezone: input.timezone,
    ttl: ANALYTICS_TTL_SECONDS,
    totalMinutes: minutesOf(sum(rollups, 'seconds')),
    totalRevenue: Math.round(totalBooked * (input.avgJobRevenue ?? 0) * 100) / 100,
    totalCount: sum(rollups, 'calls'),
    totalBooked,
    totalUnbooked: sum(rollups, 'unbooked'),
    agentStats: {
      RECEPTIONIST: {
        calls: sum(receptionist, 'calls'),
        spam: sum(receptionist, 'spam'),
        excused: sum(receptionist, 'excused'),
        review: sum(receptionist, 'reviewed'),
        transferred: sum(receptionist, 'transferred'),
        minutes: minutesOf(sum(receptionist, 'seconds')),
        dailyExcusedCounts: daily(receptionist, days, 'excused'),
        dailyTransferredCounts: daily(receptionist, days, 'transferred'),
      },
      AI_CSR: {
        calls: sum(aiCsr, 'calls'),
        leads: sum(aiCsr, 'leads'),
        booked: sum(aiCsr, 'booked'),
        unbooked: sum(aiCsr, 'unbooked'),
        excused: sum(aiCsr, 'excused'),
        transferred: sum(aiCsr, 'transferred'),
        bookingRate: rate(sum(aiCsr, 'booked'), sum(aiCsr, 'unbooked')),
        review: sum(aiCsr, 'reviewed'),
        minutes: minutesOf(sum(aiCsr, 'seconds')),
        dailyBookedCounts: daily(aiCsr, days, 'booked'),
        dailyUnbookedCounts: daily(aiCsr, days, 'unbooked'),
        dailyExcusedCounts: daily(aiCsr, days, 'excused'),
        dailyTransferredCounts: daily(aiCsr, days, 'transferred'),
      },
    },
    unbookedTagCounts: tags('UNBOOKED'),
    excusedTagCounts: tags('EXCUSED'),
    afterHours: { calls: sum(afterHours, 'calls'), booked: sum(afterHours, 'booked') },
    avgJobRevenue: input.avgJobRevenue,
    dailyCallCounts,
  };
  return { ...answer, insights: callInsights(answer) };
}

/** 001 §3 "Daily counts": leads, booked and unbooked per local day, every interaction of the organization. */
export function buildDailyCounts(input: { from: string; to: string; timezone: Timezone; days: string[]; rollups: DailyAgentRollup[] }): DailyCounts {
  return {
    dailyLeadCounts: daily(input.rollups, input.days, 'leads'),
    dailyBookedCounts: daily(input.rollups, input.days, 'booked'),
    dailyUnbookedCounts: daily(input.rollups, input.days, 'unbooked'),
    from: input.from,
    to: input.to,
    timezone: input.timezone,
    ttl: ANALYTICS_TTL_SECONDS,
  };
}
