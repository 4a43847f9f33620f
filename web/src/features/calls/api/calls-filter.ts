import { VOICE_AGENT_TYPES } from '@contracts/calls.contract';
import type { CallGroup, CurrentAgents } from './calls.schema';
import { addDays, todayIn } from '../../../lib/days';

export { VOICE_AGENT_TYPES };
export type VoiceAgentType = (typeof VOICE_AGENT_TYPES)[number];
export const isVoiceAgentType = (value: string): value is VoiceAgentType => (VOICE_AGENT_TYPES as readonly string[]).includes(value);

// The Calls page's filters live in the URL, so the back button from a call's details returns to the
// same range, page and filters, and a filtered list can be shared.

export const PAGE_SIZES = [10, 25, 50, 100, 200] as const;
export const DEFAULT_PAGE_SIZE = 50;
const DEFAULT_RANGE_DAYS = 30;
/** The Calls page's views: every call, one group, or the calls that need a follow-up (unbooked, not reviewed). */
export type CallsView = CallGroup | 'follow-up';
export const CALLS_VIEWS: CallsView[] = ['all', 'booked', 'unbooked', 'excused', 'follow-up'];
export const MAX_SEARCH_LENGTH = 200;

export interface CallsFilter {
  from: string;
  to: string;
  page: number;
  /** Spec 001 §2.3: 1 to 1000. */
  pageSize: number;
  group: CallsView;
  /** Words of a name, phone number or the transcript; empty for none. */
  search: string;
  /** The agent types shown: "ALL" or a list (the page picks one at a time). */
  agentTypes: CurrentAgents;
  agentId: string | null;
  /**
   * The previous page's `nextCursor` when the user moved to the next page (issue 16): the API reads that page on
   * from the previous one's last call instead of skipping `(page - 1) × pageSize` calls. Null on any other move.
   */
  cursor: string | null;
}

// What the API's nextCursor is made of (base64url), no longer than the API takes.
const CURSOR = /^[A-Za-z0-9_-]{1,200}$/;

const isDay = (v: string | null): v is string => v !== null && /^\d{4}-\d{2}-\d{2}$/.test(v) && !Number.isNaN(Date.parse(v));

function intIn(value: string | null, min: number, max: number, fallback: number): number {
  const n = value === null ? NaN : Number(value);
  return Number.isInteger(n) && n >= min && n <= max ? n : fallback;
}

/**
 * The filter a URL names. The default range is the last 30 days up to today in the organization's zone: the API
 * reads a date as a day in that zone.
 */
export function parseCallsFilter(query: URLSearchParams, now: Date, timeZone: string): CallsFilter {
  const today = todayIn(timeZone, now);
  const from = query.get('from');
  const to = query.get('to');
  const group = query.get('group') as CallsView | null;
  const agentTypes = (query.get('agentType') ?? '').split(',').filter(isVoiceAgentType);
  return {
    from: isDay(from) ? from : addDays(today, -DEFAULT_RANGE_DAYS),
    to: isDay(to) ? to : today,
    page: intIn(query.get('page'), 1, Number.MAX_SAFE_INTEGER, 1),
    pageSize: intIn(query.get('pageSize'), 1, 1000, DEFAULT_PAGE_SIZE),
    group: group && CALLS_VIEWS.includes(group) ? group : 'all',
    search: (query.get('q') ?? '').slice(0, MAX_SEARCH_LENGTH),
    agentTypes: agentTypes.length > 0 ? agentTypes : 'ALL',
    agentId: query.get('agentId') || null,
    cursor: CURSOR.test(query.get('cursor') ?? '') && intIn(query.get('page'), 2, Number.MAX_SAFE_INTEGER, 1) > 1 ? query.get('cursor') : null,
  };
}

/** The query string for a filter; defaults are left out except the date range, which moves with the day. */
export function callsFilterSearch(f: CallsFilter): string {
  const params = new URLSearchParams({ from: f.from, to: f.to });
  if (f.page !== 1) params.set('page', String(f.page));
  if (f.pageSize !== DEFAULT_PAGE_SIZE) params.set('pageSize', String(f.pageSize));
  if (f.group !== 'all') params.set('group', f.group);
  if (f.agentTypes !== 'ALL') params.set('agentType', f.agentTypes.join(','));
  if (f.agentId) params.set('agentId', f.agentId);
  if (f.search.trim()) params.set('q', f.search);
  if (f.cursor && f.page > 1) params.set('cursor', f.cursor);
  return `?${params.toString()}`;
}

/** The call logs request of a filter (spec 001 §3 "Logs request" with this product's search and views). */
export function callLogsQueryOf(orgId: string, f: CallsFilter) {
  return {
    orgId,
    from: f.from,
    to: f.to,
    page: f.page,
    pageSize: f.pageSize,
    currentAgents: f.agentTypes,
    ...(f.agentId ? { agentId: f.agentId } : {}),
    ...(f.search.trim() ? { search: f.search.trim() } : {}),
    ...(f.group === 'follow-up' ? { needsFollowUp: true } : f.group !== 'all' ? { group: f.group } : {}),
    ...(f.cursor && f.page > 1 ? { cursor: f.cursor } : {}),
  };
}

/** GET /call/logs/export for what the page shows (every page of it), as a link the browser downloads. */
export function callsExportUrl(orgId: string, f: CallsFilter): string {
  const q = callLogsQueryOf(orgId, f);
  const params = new URLSearchParams({ orgId, from: q.from, to: q.to, currentAgents: q.currentAgents === 'ALL' ? 'ALL' : q.currentAgents.join(',') });
  if (q.agentId) params.set('agentId', q.agentId);
  if (q.search) params.set('search', q.search);
  if ('group' in q && q.group) params.set('group', q.group);
  if ('needsFollowUp' in q) params.set('needsFollowUp', 'true');
  return `/api/call/logs/export?${params.toString()}`;
}
