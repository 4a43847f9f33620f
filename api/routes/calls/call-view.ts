import type { z } from 'zod';
import { crmCustomerLink, crmJobLink } from '../../../domain/crm/crm-links';
import type { CallLogPageRow, InteractionJob, InteractionRow } from '../../../events/projections/interactions/interactions.repository';
import type { TraceEvaluationRow } from '../../../events/projections/trace-evaluations/trace-evaluations.repository';
import type { CallDetailsResponseSchema, CallEvaluationSchema, CallJobSchema, CallLogEntrySchema } from './calls.schema';

const iso = (d: Date | null) => (d ? d.toISOString() : null);

type CallJob = z.infer<typeof CallJobSchema>;
type JobType = z.infer<typeof CallDetailsResponseSchema>['data']['job_types'][number];

export function toCallJob(crmName: string, job: InteractionJob): CallJob {
  return {
    revenue: null,
    crm_job_id: job.jobId ?? job.bookingId ?? '',
    jobId: job.jobId,
    bookingId: job.bookingId,
    jobNumber: job.jobNumber,
    jobStatus: job.jobStatus,
    link: crmJobLink(crmName, job),
  };
}

/** The call's CRM customer: the one the interaction matched, else the one its agent booked a job for. */
const crmCustomerOf = (r: { crmCustomerId: string | null }, jobs: InteractionJob[]) => r.crmCustomerId ?? jobs.find((j) => j.customerId)?.customerId ?? null;

/** The one line the Calls list shows: the summary's "Summary" section (else its first line), else the platform's own. */
export function summaryLineOf(summary: unknown, callAnalysis: unknown): string | null {
  return summaryLineOfParts(summary, (callAnalysis as { call_summary?: unknown } | null)?.call_summary);
}

/** summaryLineOf from the summary and the platform's own summary (call_analysis.call_summary). */
function summaryLineOfParts(summary: unknown, platform: unknown): string | null {
  const sections = Array.isArray(summary) ? (summary as { title?: unknown; content?: unknown }[]) : [];
  const lines = (s: { content?: unknown } | undefined) =>
    Array.isArray(s?.content) ? s.content.filter((l): l is string => typeof l === 'string' && l.trim() !== '') : [];
  const main = sections.find((s) => s.title === 'Summary');
  const first = lines(main)[0] ?? sections.map(lines).flat()[0];
  if (first) return first.trim();
  return typeof platform === 'string' && platform.trim() !== '' ? platform.trim() : null;
}

/** One entry of the Calls list from the page's row (times already ISO text), built field by field in the schema's order. */
export function toCallLogEntry(r: CallLogPageRow, crmName: string): z.infer<typeof CallLogEntrySchema> {
  const crmCustomerId = crmCustomerOf(r, r.jobs);
  return {
    id: r.id,
    created_at: r.createdAt,
    call_status: r.callStatus,
    agent_type: r.agentType,
    recording_url: r.recordingUrl,
    started_at: r.startedAt,
    ended_at: r.endedAt,
    interactions: {
      id: r.id,
      call_id: r.callId,
      chat_id: null,
      customer_name: r.customerName,
      customer_number: r.customerNumber,
      customer_address: r.customerAddress,
      crm_customer_id: crmCustomerId,
      created_at: r.createdAt,
      org_id: r.orgId,
      tags: r.tags,
      crm_campaign_id: null,
      reviewed_at: r.reviewedAt,
      review_notes: r.reviewNotes,
    },
    jobs: r.jobs.length === 0 ? [] : r.jobs.map((j) => toCallJob(crmName, j)),
    tags: r.tags,
    reviewed_at: r.reviewedAt,
    review_notes: r.reviewNotes,
    crm_customer_id: crmCustomerId,
    crm_customer_link: crmCustomerLink(crmName, crmCustomerId),
    is_lead: r.isLead,
    analysed_by: r.analysedBy,
    customer_name: r.customerName,
    customer_number: r.customerNumber,
    customer_address: r.customerAddress,
    interactionId: r.id,
    isVerified: false,
    number_extension: null,
    campaign_name: null,
    campaign_id: null,
    duration_seconds: r.durationSeconds,
    summary_line: summaryLineOfParts(r.summary, r.platformSummary),
  };
}

export interface CallDetailsContext {
  timezone: string;
  crmName: string;
  jobs: InteractionJob[];
  jobTypes: JobType[];
  evaluation: TraceEvaluationRow | null;
}

export function toCallEvaluation(e: TraceEvaluationRow): z.infer<typeof CallEvaluationSchema> {
  return {
    evaluationId: e.evaluationId,
    status: e.status as z.infer<typeof CallEvaluationSchema>['status'],
    failedFlags: e.failedFlags,
    standoutSummary: e.standoutSummary,
    evaluatedAt: e.evaluatedAt.toISOString(),
    flags: e.flags as z.infer<typeof CallEvaluationSchema>['flags'],
  };
}

export function toCallDetails(r: InteractionRow, ctx: CallDetailsContext): z.infer<typeof CallDetailsResponseSchema> {
  const details = CallDetailsShape(r, ctx);
  return {
    timezone: ctx.timezone,
    crm_name: ctx.crmName,
    spam_numbers: [],
    transcript_object: r.transcriptObject as z.infer<typeof CallDetailsResponseSchema>['transcript_object'],
    transcript: r.transcriptLines as z.infer<typeof CallDetailsResponseSchema>['transcript'],
    data: details,
    call_analysis: r.callAnalysis as z.infer<typeof CallDetailsResponseSchema>['call_analysis'],
    evaluation: ctx.evaluation ? toCallEvaluation(ctx.evaluation) : null,
  };
}

function CallDetailsShape(r: InteractionRow, ctx: CallDetailsContext): z.infer<typeof CallDetailsResponseSchema>['data'] {
  const jobs = ctx.jobs.map((j) => toCallJob(ctx.crmName, j));
  const events = r.events as { created_at: string; name: string; metadata: Record<string, unknown> }[];
  return {
    id: r.id,
    summary: r.summary as { title: string; content: string[] }[],
    recording_url: r.recordingUrl,
    agent_type: r.agentType,
    call_status: r.callStatus,
    call_type: r.callType,
    call_type_reason: r.classificationReason,
    analysed_by: r.analysedBy,
    tags: r.tags,
    tag_reasons: r.tagReasons as Record<string, string>,
    crm_customer_id: crmCustomerOf(r, ctx.jobs),
    crm_customer_link: crmCustomerLink(ctx.crmName, crmCustomerOf(r, ctx.jobs)),
    is_lead: r.isLead,
    customer_number: r.customerNumber,
    customer_name: r.customerName,
    customer_address: r.customerAddress,
    number_extension: null,
    started_at: iso(r.startedAt),
    ended_at: iso(r.endedAt),
    ended_reason: r.endedReason,
    reviewed_at: iso(r.reviewedAt),
    review_notes: r.reviewNotes,
    interaction_id: r.id,
    isVerified: false,
    interaction_events: events.map(({ created_at, name, metadata }) => ({ created_at, name, metadata })),
    job_types: ctx.jobTypes,
    job_details: Object.fromEntries(jobs.map((j) => [j.crm_job_id, { jobNumber: j.jobNumber ?? j.crm_job_id, jobStatus: j.jobStatus }])),
    jobs,
    score_params: r.scoreParams as Record<string, unknown> | null,
    org_id: r.orgId,
  };
}
