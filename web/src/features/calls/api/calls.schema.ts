import { z } from 'zod';

// Typed from the API's /call/* schemas (api/routes/calls/calls.schema.ts); only what the pages read.

/** A job the call's agent booked, moved or canceled; `link` is its CRM page, "#" when there is none. */
export const CallJobSchema = z.object({
  crm_job_id: z.string(),
  jobId: z.string().nullable(),
  bookingId: z.string().nullable(),
  jobNumber: z.string().nullable(),
  jobStatus: z.string(),
  link: z.string(),
});
export type CallJob = z.infer<typeof CallJobSchema>;

export const CallLogEntrySchema = z.object({
  id: z.string(),
  created_at: z.string(),
  call_status: z.string(),
  agent_type: z.string().nullable(),
  recording_url: z.string().nullable(),
  started_at: z.string().nullable(),
  ended_at: z.string().nullable(),
  tags: z.array(z.string()),
  reviewed_at: z.string().nullable(),
  review_notes: z.string().nullable(),
  customer_name: z.string().nullable(),
  customer_number: z.string().nullable(),
  customer_address: z.string().nullable(),
  interactionId: z.string(),
  jobs: z.array(CallJobSchema),
});
export type CallLogEntry = z.infer<typeof CallLogEntrySchema>;

export const CallLogsSchema = z.object({
  entries: z.array(CallLogEntrySchema),
  pagination: z.object({ currentPage: z.number(), pageSize: z.number(), totalCount: z.number(), totalPages: z.number(), hasMore: z.boolean() }),
  statusCounts: z.record(z.string(), z.number()),
});
export type CallLogs = z.infer<typeof CallLogsSchema>;

/** The call's latest evaluation by the call scorer; the status is one of spec 000 §4's evaluation statuses. */
export const CallEvaluationSchema = z.object({
  evaluationId: z.string(),
  status: z.string(),
  failedFlags: z.array(z.string()),
  standoutSummary: z.string(),
  evaluatedAt: z.string(),
  flags: z.record(z.string(), z.object({ value: z.boolean(), reasoning: z.string() })),
});
export type CallEvaluation = z.infer<typeof CallEvaluationSchema>;

export const CallDetailsSchema = z.object({
  timezone: z.string(),
  crm_name: z.string(),
  transcript_object: z.array(
    z.object({ role: z.string(), content: z.string(), words: z.array(z.object({ word: z.string(), start: z.number(), end: z.number() })).optional() }),
  ),
  transcript: z.array(z.object({ role: z.string(), message: z.string(), timestamp: z.string(), seconds: z.number() })),
  data: z.object({
    id: z.string(),
    summary: z.array(z.object({ title: z.string(), content: z.array(z.string()) })),
    recording_url: z.string().nullable(),
    agent_type: z.string().nullable(),
    call_status: z.string(),
    call_type: z.string().nullable(),
    tags: z.array(z.string()),
    tag_reasons: z.record(z.string(), z.string()),
    customer_name: z.string().nullable(),
    customer_number: z.string().nullable(),
    customer_address: z.string().nullable(),
    crm_customer_id: z.string().nullable(),
    crm_customer_link: z.string().nullable(),
    started_at: z.string().nullable(),
    ended_at: z.string().nullable(),
    ended_reason: z.string().nullable(),
    reviewed_at: z.string().nullable(),
    review_notes: z.string().nullable(),
    interaction_id: z.string(),
    interaction_events: z.array(z.object({ created_at: z.string(), name: z.string(), metadata: z.record(z.string(), z.unknown()) })),
    job_types: z.array(z.object({ id: z.string(), name: z.string() })),
    jobs: z.array(CallJobSchema),
    org_id: z.string(),
  }),
  call_analysis: z.object({ call_summary: z.string().nullable(), metadata: z.record(z.string(), z.unknown()) }),
  evaluation: CallEvaluationSchema.nullable(),
});
export type CallDetails = z.infer<typeof CallDetailsSchema>;

/** What the pages read of POST /llm/evaluation's answer (api/routes/llm/llm.schema.ts). */
export const EvaluationResultSchema = z.object({ evaluationId: z.string(), status: z.string() });

export const ReviewSchema = z.object({ id: z.string(), reviewed_at: z.string().nullable(), review_notes: z.string().nullable() });
export const ReclassifySchema = z.object({ callId: z.string(), call_status: z.enum(['UNBOOKED', 'EXCUSED']) });

/** Spec 001 §2.3: calls are shown in three groups. */
export const CALL_GROUPS = {
  booked: ['BOOKED', 'SOLD'],
  unbooked: ['UNBOOKED', 'ABANDONED'],
  excused: ['EXCUSED', 'VOICEMAIL', 'NO_ANSWER'],
} as const;
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
export type CurrentAgents = 'ALL' | string[];

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
