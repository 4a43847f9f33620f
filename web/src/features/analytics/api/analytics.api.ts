import useSWR from 'swr';
import {
  CallAnalyticsSchema,
  ChatWidgetStatsSchema,
  type AnalyticsRangeRequest,
  type CallAnalytics,
  type ChatWidgetStats,
} from '@contracts/analytics.contract';
import { apiClient } from '../../../lib/api-client';
import { addDays } from '../../../lib/days';

export type { CallAnalytics, ChatWidgetStats };

/** 001 §7 POST /call/analytics; the answer's ttl is how long SWR may keep showing it without asking again. */
export function useCallAnalytics(query: AnalyticsRangeRequest | null) {
  return useSWR<CallAnalytics>(query ? ['/call/analytics', query] : null, () => apiClient.post('/call/analytics', query, CallAnalyticsSchema), {
    dedupingInterval: 60_000,
    keepPreviousData: true,
  });
}

const DAY_MS = 86_400_000;

export function daysBetween(from: string, to: string): number {
  return Math.round((Date.parse(`${to}T00:00:00Z`) - Date.parse(`${from}T00:00:00Z`)) / DAY_MS) + 1;
}

/** The range of the same length just before, which the figures are compared with. */
export function previousRange(from: string, to: string): { from: string; to: string } {
  const length = daysBetween(from, to);
  return { from: addDays(from, -length), to: addDays(from, -1) };
}

/** "Mar 4" for a local date, read as a calendar date (no time zone shift). */
export function shortDate(date: string): string {
  return new Intl.DateTimeFormat('en-US', { month: 'short', day: 'numeric', timeZone: 'UTC' }).format(new Date(`${date}T00:00:00Z`));
}

/** 001 §7 POST /chat/stats: the website chat widget's figures, compared by the API with the period before. */
export function useChatWidgetStats(query: AnalyticsRangeRequest | null) {
  return useSWR<ChatWidgetStats>(query ? ['/chat/stats', query] : null, () => apiClient.post('/chat/stats', query, ChatWidgetStatsSchema), {
    dedupingInterval: 60_000,
    keepPreviousData: true,
  });
}
