import { z } from 'zod';
import { AGENT_TYPES, AgentTypeSchema, EvaluationStatusSchema, type AgentType } from '../interaction/interaction.schema';

const PAGE_SIZE_MESSAGE = 'pageSize must be between 1 and 1000';

/** Spec 001 §2.3: calls are grouped as booked, unbooked and excused, by their status. */
export const CALL_GROUPS = {
  booked: ['BOOKED', 'SOLD'],
  unbooked: ['UNBOOKED', 'ABANDONED'],
  excused: ['EXCUSED', 'VOICEMAIL', 'NO_ANSWER'],
} as const;
export const CallGroupSchema = z.enum(['booked', 'unbooked', 'excused'], 'group must be booked, unbooked or excused');
export type CallGroupName = z.infer<typeof CallGroupSchema>;

/** Issue 13: a search is a few words of a name, a phone number or the transcript. */
export const CALL_SEARCH_MAX_LENGTH = 200;
const CallSearchSchema = z.string().trim().max(CALL_SEARCH_MAX_LENGTH, `search must be at most ${CALL_SEARCH_MAX_LENGTH} characters`);
const dateOrDateTime = z.union([z.iso.datetime({ offset: true }), z.iso.date()], 'from and to must be ISO dates');

/** Spec 001 §3 "Logs request"; §5 paging rules. */
export const CallLogsRequestSchema = z.object({
  orgId: z.uuid('orgId must be a UUID'),
  currentAgents: z.union([z.literal('ALL'), z.array(AgentTypeSchema)], 'currentAgents must be "ALL" or a list of agent types'),
  agentId: z.string().min(1).optional(),
  /** A date is a whole day on the organization's clocks (its time zone), as Analytics reads days; a date-time is taken as it is. */
  from: dateOrDateTime.optional(),
  to: dateOrDateTime.optional(),
  page: z.coerce.number('page must be at least 1').int('page must be at least 1').min(1, 'page must be at least 1').default(1),
  pageSize: z.coerce.number(PAGE_SIZE_MESSAGE).int(PAGE_SIZE_MESSAGE).min(1, PAGE_SIZE_MESSAGE).max(1000, PAGE_SIZE_MESSAGE).default(200),
  /** This product's additions: words of the caller's name, phone number or transcript (all must match). */
  search: CallSearchSchema.optional(),
  /** Only the calls of one group; statusCounts still count every group, so the tabs show totals. */
  group: CallGroupSchema.optional(),
  /** Only the calls that need a follow-up: unbooked (the unbooked group) and not reviewed. */
  needsFollowUp: z.boolean('needsFollowUp must be true or false').optional(),
  /**
   * This product's addition (issue 16): the previous page's `nextCursor`, to read the next page on from its last
   * call instead of skipping `(page - 1) * pageSize` calls; `page` still names the page for `pagination`.
   */
  cursor: z.string().max(200, 'cursor must come from a previous answer').optional(),
});

/**
 * GET /call/logs/export: the filtered list as CSV, its filter in the query string (a download is a link).
 * currentAgents is "ALL" or agent types separated by commas.
 */
export const CallLogsExportQuerySchema = z.object({
  orgId: z.uuid('orgId must be a UUID'),
  currentAgents: z
    .string()
    .default('ALL')
    .transform((v) => (v === 'ALL' ? ('ALL' as const) : v.split(',').filter((t) => t !== '')))
    .pipe(z.union([z.literal('ALL'), z.array(AgentTypeSchema).min(1)], 'currentAgents must be "ALL" or a list of agent types')),
  agentId: z.string().min(1).optional(),
  from: dateOrDateTime.optional(),
  to: dateOrDateTime.optional(),
  search: CallSearchSchema.optional(),
  group: CallGroupSchema.optional(),
  needsFollowUp: z.enum(['true', 'false'], 'needsFollowUp must be true or false').optional(),
});

/** Spec 000 §6: the voice agents, the ones a call log is filtered by. */
export const VOICE_AGENT_TYPES = AGENT_TYPES.filter((t): t is Exclude<AgentType, 'CHAT_CSR_AGENT'> => t !== 'CHAT_CSR_AGENT');

const nullableIso = z.string().nullable();

export const InteractionSummarySchema = z.object({
  id: z.uuid(),
  call_id: z.uuid().nullable(),
  chat_id: z.uuid().nullable(),
  customer_name: z.string().nullable(),
  customer_address: z.string().nullable(),
  crm_customer_id: z.string().nullable(),
  customer_number: z.string().nullable(),
  created_at: z.string(),
  org_id: z.uuid(),
  tags: z.array(z.string()),
  crm_campaign_id: z.string().nullable(),
  reviewed_at: nullableIso,
  review_notes: z.string().nullable(),
});

/**
 * A job the call's agent booked, moved or canceled in the CRM, with its link there (spec 000 §2: the CRM
 * job or booking page, "#" when the org's CRM has no web page for it). Revenue is not known until the
 * CRM invoices the job, so it stays null for now.
 */
export const CallJobSchema = z.object({
  revenue: z.number().nullable(),
  crm_job_id: z.string(),
  jobId: z.string().nullable(),
  bookingId: z.string().nullable(),
  jobNumber: z.string().nullable(),
  jobStatus: z.string(),
  link: z.string(),
});

/** Spec 001 §3 "Call log entry". Campaigns, verified numbers and extensions come with later issues. */
export const CallLogEntrySchema = z.object({
  id: z.uuid(),
  created_at: z.string(),
  call_status: z.string(),
  agent_type: z.string().nullable(),
  recording_url: z.string().nullable(),
  started_at: nullableIso,
  ended_at: nullableIso,
  interactions: InteractionSummarySchema,
  jobs: z.array(CallJobSchema),
  tags: z.array(z.string()),
  reviewed_at: nullableIso,
  review_notes: z.string().nullable(),
  crm_customer_id: z.string().nullable(),
  /** Spec 000 §2: the {crm_a} customer profile page; null for other CRMs or no CRM customer. */
  crm_customer_link: z.string().nullable(),
  /** Whether the caller is a lead (spec 000 §4 "General call details"); null until the call is analysed. */
  is_lead: z.boolean().nullable(),
  /** The language engine that analysed the call ("offline" for the offline engine); null until classified. */
  analysed_by: z.string().nullable(),
  customer_name: z.string().nullable(),
  customer_number: z.string().nullable(),
  customer_address: z.string().nullable(),
  interactionId: z.uuid(),
  isVerified: z.boolean(),
  number_extension: z.string().nullable(),
  campaign_name: z.string().nullable(),
  campaign_id: z.string().nullable(),
  /** How long the call lasted, in seconds; null until it ends. */
  duration_seconds: z.number().nullable(),
  /** One line on what the call was about: the summary's first line, else the voice platform's summary. */
  summary_line: z.string().nullable(),
});

export const CallLogsResponseSchema = z.object({
  entries: z.array(CallLogEntrySchema),
  spam_numbers: z.array(z.string()),
  pagination: z.object({
    currentPage: z.number().int(),
    pageSize: z.number().int(),
    totalCount: z.number().int(),
    totalPages: z.number().int(),
    hasMore: z.boolean(),
  }),
  statusCounts: z.record(z.string(), z.number().int()),
  /** Calls in the range (and search) that are unbooked and not reviewed. */
  needsFollowUpCount: z.number().int(),
  /** Pass as `cursor` (with the next `page`) for the page after this one; null on the last page. */
  nextCursor: z.string().nullable(),
});

/**
 * One change to a call of the organization, pushed on GET /org/{orgId}/events/stream as a server-sent event
 * named `interaction` once the interactions read model has it.
 */
export const InteractionChangedSchema = z.object({
  interactionId: z.uuid(),
  orgId: z.uuid(),
  callStatus: z.string(),
  /** True once the call has ended (its end time is known). */
  ended: z.boolean(),
  /** True on the change that ended the call: a dashboard counts the call as new then, not on its later changes. */
  justEnded: z.boolean(),
});
export type InteractionChanged = z.infer<typeof InteractionChangedSchema>;

export const CallRetrieveRequestSchema = z.object({ callId: z.uuid('callId must be a UUID') });

const TranscriptTurnSchema = z.object({
  role: z.string(),
  content: z.string(),
  words: z.array(z.object({ word: z.string(), start: z.number(), end: z.number() })).optional(),
});

/** The call's latest evaluation by the call scorer (POST /llm/evaluation or the evaluation webhook). */
export const CallEvaluationSchema = z.object({
  evaluationId: z.uuid(),
  status: EvaluationStatusSchema,
  /** The flags that failed the call; empty on success. */
  failedFlags: z.array(z.string()),
  standoutSummary: z.string(),
  evaluatedAt: z.string(),
  /** Every call-scorer flag with its reasoning. */
  flags: z.record(z.string(), z.object({ value: z.boolean(), reasoning: z.string() })),
});

/** Spec 001 §3 "Call details (retrieve answer)", with the call's org and its latest evaluation. */
export const CallDetailsResponseSchema = z.object({
  timezone: z.string(),
  crm_name: z.string(),
  spam_numbers: z.array(z.string()),
  transcript_object: z.array(TranscriptTurnSchema),
  transcript: z.array(z.object({ role: z.string(), message: z.string(), timestamp: z.string(), seconds: z.number() })),
  data: z.object({
    id: z.uuid(),
    summary: z.array(z.object({ title: z.string(), content: z.array(z.string()) })),
    recording_url: z.string().nullable(),
    agent_type: z.string().nullable(),
    call_status: z.string(),
    call_type: z.string().nullable(),
    /** Why the call has its type: the evidence and cues the classification used. */
    call_type_reason: z.string().nullable(),
    /** The language engine that analysed the call ("offline" for the offline engine); null until classified. */
    analysed_by: z.string().nullable(),
    tags: z.array(z.string()),
    tag_reasons: z.record(z.string(), z.string()),
    crm_customer_id: z.string().nullable(),
    crm_customer_link: z.string().nullable(),
    is_lead: z.boolean().nullable(),
    customer_number: z.string().nullable(),
    customer_name: z.string().nullable(),
    customer_address: z.string().nullable(),
    number_extension: z.string().nullable(),
    started_at: nullableIso,
    ended_at: nullableIso,
    ended_reason: z.string().nullable(),
    reviewed_at: nullableIso,
    review_notes: z.string().nullable(),
    interaction_id: z.uuid(),
    isVerified: z.boolean(),
    interaction_events: z.array(z.object({ created_at: z.string(), name: z.string(), metadata: z.record(z.string(), z.unknown()) })),
    /** The job types the call's agent may book (spec 001 §2.4, §2.12). */
    job_types: z.array(z.object({ id: z.string(), name: z.string(), businessUnitId: z.string() })),
    /** Keyed by the CRM job id (the booking id for a booking without a job yet). */
    job_details: z.record(z.string(), z.object({ jobNumber: z.string(), jobStatus: z.string() })),
    jobs: z.array(CallJobSchema),
    score_params: z.record(z.string(), z.unknown()).nullable(),
    org_id: z.uuid(),
  }),
  call_analysis: z.object({ call_summary: z.string().nullable(), metadata: z.record(z.string(), z.unknown()) }),
  /** Null until the call is evaluated; the read model follows the evaluation by a moment. */
  evaluation: CallEvaluationSchema.nullable(),
});

export const ReviewInteractionRequestSchema = z.object({
  id: z.uuid('id must be a UUID'),
  reviewed_at: z.iso.datetime({ offset: true, error: 'reviewed_at must be a datetime or null' }).nullable(),
  review_notes: z.string().max(5000).optional(),
});

export const ReviewInteractionResponseSchema = z.object({
  id: z.uuid(),
  reviewed_at: nullableIso,
  review_notes: z.string().nullable(),
});

/** Spec 001 §5: "newStatus only UNBOOKED or EXCUSED". */
export const ReclassifyRequestSchema = z.object({
  callId: z.uuid('callId must be a UUID'),
  newStatus: z.enum(['UNBOOKED', 'EXCUSED'], 'newStatus must be UNBOOKED or EXCUSED'),
});

export const ReclassifyResponseSchema = z.object({ callId: z.uuid(), call_status: z.enum(['UNBOOKED', 'EXCUSED']) });

/** GET /dashboard/link/{interactionId}: where the dashboard shows an interaction. */
export const InteractionLinkResponseSchema = z.object({ interactionId: z.uuid(), orgId: z.uuid(), redirect: z.string() });
