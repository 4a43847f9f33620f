import type { z } from 'zod';

import type {
  CallDetailsResponseSchema,
  CallEvaluationSchema,
  CallJobSchema,
  CallLogEntrySchema,
  CallLogsRequestSchema,
  CallLogsResponseSchema,
} from '@contracts/calls.contract';
import { CALL_GROUPS } from '@contracts/calls.contract';

/** A job the call's agent booked, moved or canceled; `link` is its CRM page, "#" when there is none. */
export type CallJob = z.infer<typeof CallJobSchema>;
export type CallLogEntry = z.infer<typeof CallLogEntrySchema>;
export type CallLogs = z.infer<typeof CallLogsResponseSchema>;
export type CallDetails = z.infer<typeof CallDetailsResponseSchema>;
/** The call's latest evaluation by the call scorer; the status is one of spec 000 §4's evaluation statuses. */
export type CallEvaluation = z.infer<typeof CallEvaluationSchema>;

/** Spec 001 §2.3: calls are shown in three groups (the contract's, which the API filters by). */
export { CALL_GROUPS };
export type CallGroup = keyof typeof CALL_GROUPS | 'all';

export function groupOf(status: string): CallGroup {
  for (const [group, statuses] of Object.entries(CALL_GROUPS)) if ((statuses as readonly string[]).includes(status)) return group as CallGroup;
  return 'all';
}

/** Counts per group from the answer's statusCounts, so the tabs show totals for the whole range, not one page. */
export function groupCounts(statusCounts: Record<string, number>): Record<CallGroup, number> {
  const counts: Record<CallGroup, number> = { all: 0, booked: 0, unbooked: 0, excused: 0 };
  for (const [status, n] of Object.entries(statusCounts)) {
    counts.all += n;
    const group = groupOf(status);
    if (group !== 'all') counts[group] += n;
  }
  return counts;
}

/** Spec 001 §3 "Logs request": the agent types shown, "ALL" for every one. */
export type CurrentAgents = z.input<typeof CallLogsRequestSchema>['currentAgents'];

/** "m:ss" for a position in the recording, in seconds. */
export function formatOffset(seconds: number): string {
  const whole = Math.max(0, Math.floor(seconds));
  return `${Math.floor(whole / 60)}:${String(whole % 60).padStart(2, '0')}`;
}

/**
 * Where a transcript turn starts in the recording: its first word's start, else the readable
 * transcript's mm:ss for the same turn; null when neither is known.
 */
export function turnStart(turn: { words?: { start: number }[] }, line?: { seconds: number }): number | null {
  if (turn.words && turn.words.length > 0) return turn.words[0].start;
  return line ? line.seconds : null;
}

/** The CRM's name as users know it, for "Open in …" links. */
export const CRM_LABELS: Record<string, string> = { servicetitan: 'ServiceTitan', housecallpro: 'Housecall Pro' };
