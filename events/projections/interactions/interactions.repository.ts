import { Prisma, queryRows, type Db, type Tx } from '../../../prisma/client';
import type { Interaction as InteractionTableRow } from '../../../prisma/generated/client';
import { listActionsOfInteraction, listCompletedActionsOfInteractions } from '../interaction-actions/interaction-actions.repository';
import type { DocumentChange, DocumentStore } from '../projection';
import { callSearchTerms, callSearchText } from '../../../domain/call/call-search';
import { CALL_GROUPS, type CallGroupName } from '../../../domain/contracts/calls.contract';
import { DAY_MS, statusCountDeltas, statusCountsStore, sumStatusCountsSql, type StatusReviewCount } from './interaction-status-counts.repository';

export interface InteractionEventRecord {
  id: string;
  created_at: string;
  name: string;
  metadata: Record<string, unknown>;
}

export interface InteractionDoc {
  id: string;
  callId: string;
  orgId: string;
  provider: string;
  providerCallId: string;
  agentType: string | null;
  voiceAgentId: string | null;
  direction: string | null;
  callStatus: string;
  callType: string | null;
  classificationReason: string | null;
  analysedBy: string | null;
  endedReason: string | null;
  startedAt: Date | null;
  endedAt: Date | null;
  durationSeconds: number | null;
  recordingUrl: string | null;
  customerNumber: string | null;
  customerName: string | null;
  customerAddress: string | null;
  crmCustomerId: string | null;
  isLead: boolean | null;
  subject: string | null;
  tags: string[];
  tagReasons: Record<string, string>;
  summary: { title: string; content: string[] }[];
  summaryKind: string | null;
  transcriptObject: unknown[];
  transcriptLines: unknown[];
  callAnalysis: { call_summary: string | null; metadata: Record<string, unknown> };
  scoreParams: Record<string, unknown> | null;
  reachedVoicemail: boolean | null;
  events: InteractionEventRecord[];
  reviewedAt: Date | null;
  reviewNotes: string | null;
  createdAt: Date;
  updatedAt: Date;
}

const json = (value: unknown) => value as Prisma.InputJsonValue;

const toDoc = (row: InteractionTableRow): InteractionDoc => ({
  ...row,
  tagReasons: row.tagReasons as InteractionDoc['tagReasons'],
  summary: row.summary as InteractionDoc['summary'],
  transcriptObject: row.transcriptObject as unknown[],
  transcriptLines: row.transcriptLines as unknown[],
  callAnalysis: row.callAnalysis as InteractionDoc['callAnalysis'],
  scoreParams: row.scoreParams as InteractionDoc['scoreParams'],
  events: row.events as unknown as InteractionEventRecord[],
});

/** The interactions table's columns and each one's value in a document, as `saveMany` writes them. */
const COLUMNS: Record<string, (doc: InteractionDoc) => unknown> = {
  id: (d) => d.id,
  call_id: (d) => d.callId,
  org_id: (d) => d.orgId,
  provider: (d) => d.provider,
  provider_call_id: (d) => d.providerCallId,
  agent_type: (d) => d.agentType,
  voice_agent_id: (d) => d.voiceAgentId,
  direction: (d) => d.direction,
  call_status: (d) => d.callStatus,
  call_type: (d) => d.callType,
  ended_reason: (d) => d.endedReason,
  started_at: (d) => d.startedAt,
  ended_at: (d) => d.endedAt,
  duration_seconds: (d) => d.durationSeconds,
  recording_url: (d) => d.recordingUrl,
  customer_number: (d) => d.customerNumber,
  customer_name: (d) => d.customerName,
  customer_address: (d) => d.customerAddress,
  crm_customer_id: (d) => d.crmCustomerId,
  is_lead: (d) => d.isLead,
  subject: (d) => d.subject,
  tags: (d) => d.tags,
  tag_reasons: (d) => d.tagReasons,
  summary: (d) => d.summary,
  summary_kind: (d) => d.summaryKind,
  transcript_object: (d) => d.transcriptObject,
  transcript_lines: (d) => d.transcriptLines,
  call_analysis: (d) => d.callAnalysis,
  score_params: (d) => d.scoreParams,
  reached_voicemail: (d) => d.reachedVoicemail,
  events: (d) => d.events,
  reviewed_at: (d) => d.reviewedAt,
  review_notes: (d) => d.reviewNotes,
  created_at: (d) => d.createdAt,
  updated_at: (d) => d.updatedAt,
  analysed_by: (d) => d.analysedBy,
  classification_reason: (d) => d.classificationReason,
  search_text: (d) => callSearchText(d),
};
const COLUMN_NAMES = Object.keys(COLUMNS);
const COLUMN_LIST = Prisma.raw(COLUMN_NAMES.join(', '));
const UPDATED_COLUMNS = Prisma.raw(
  COLUMN_NAMES.filter((c) => c !== 'id')
    .map((c) => `${c} = EXCLUDED.${c}`)
    .join(', '),
);

export const interactionsStore: DocumentStore<InteractionDoc> = {
  async load(tx: Tx, id: string) {
    const row = await tx.interaction.findUnique({ where: { id } });
    return row ? toDoc(row) : null;
  },
  async save(tx: Tx, id: string, doc: InteractionDoc, before?: InteractionDoc | null) {
    // The call logs' statusCounts move with the row, in the same transaction (issue 16). The projection passes the
    // row it loaded; a caller that did not load it (a test storing a call) has its old key read here.
    const previous =
      before !== undefined
        ? before
        : await tx.interaction.findUnique({ where: { id }, select: { orgId: true, createdAt: true, agentType: true, callStatus: true, reviewedAt: true } });
    await statusCountsStore.apply(tx, statusCountDeltas(previous, doc));
    const { id: _id, ...rest } = doc;
    const fields = {
      ...rest,
      tagReasons: json(doc.tagReasons),
      summary: json(doc.summary),
      transcriptObject: json(doc.transcriptObject),
      transcriptLines: json(doc.transcriptLines),
      callAnalysis: json(doc.callAnalysis),
      scoreParams: doc.scoreParams === null ? undefined : json(doc.scoreParams),
      events: json(doc.events),
      searchText: callSearchText(doc),
    };
    await tx.interaction.upsert({ where: { id }, create: { id, ...fields }, update: fields });
  },
  async loadMany(tx: Tx, ids: string[]) {
    const rows = await tx.interaction.findMany({ where: { id: { in: ids } } });
    return new Map(rows.map((row) => [row.id, toDoc(row)]));
  },
  /**
   * A run's changed calls in one statement (their rows as one JSON array, read back as table rows), their counts
   * moved in one more; in id order, so two runs writing the same rows at once take their locks in one order.
   */
  async saveMany(tx: Tx, changes: DocumentChange<InteractionDoc>[]) {
    if (changes.length === 0) return;
    const rows = [...changes]
      .sort((a, b) => (a.id < b.id ? -1 : a.id > b.id ? 1 : 0))
      .map((c) => Object.fromEntries(COLUMN_NAMES.map((name) => [name, COLUMNS[name]!(c.after)])));
    await tx.$executeRaw`
      INSERT INTO interactions (${COLUMN_LIST})
      SELECT ${COLUMN_LIST} FROM jsonb_populate_recordset(NULL::interactions, ${JSON.stringify(rows)}::jsonb)
      ON CONFLICT (id) DO UPDATE SET ${UPDATED_COLUMNS}`;
    // The counts last: their rows are shared with the runs of the other partitions, which wait for this transaction's
    // commit once it moved one of them. Moved before the rows (as they were), a run kept the others waiting through its
    // biggest statement too, and the three partitions' runs took turns (issue 16: the interactions projection's lag).
    await statusCountsStore.apply(
      tx,
      changes.flatMap((c) => statusCountDeltas(c.before, c.after)),
    );
  },
  async reset(tx: Tx) {
    await statusCountsStore.reset(tx);
    await tx.interaction.deleteMany();
  },
};

export interface CallLogsFilter {
  orgId: string;
  /** Agent types to include; null for all. */
  agentTypes: string[] | null;
  agentId?: string;
  from?: Date;
  to?: Date;
  page: number;
  pageSize: number;
  /** Words of the caller's name, number, address or transcript; every one must match. */
  search?: string;
  /** Only the calls of one group (spec 001 §2.3); statusCounts still count every group. */
  group?: CallGroupName;
  /** Only the calls that need a follow-up: unbooked and not reviewed (issue 13). */
  needsFollowUp?: boolean;
  /** Read on after this row of the (created_at desc, id desc) order (a keyset cursor) instead of skipping pages. */
  after?: { createdAt: Date; id: string };
}

type CountFilter = Omit<CallLogsFilter, 'page' | 'pageSize' | 'after'>;

/** Issue 13's "needs follow-up": an unbooked call (the unbooked group) nobody has reviewed. */
const NEEDS_FOLLOW_UP: Prisma.InteractionWhereInput = { callStatus: { in: [...CALL_GROUPS.unbooked] }, reviewedAt: null };

const LOG_COLUMNS = {
  id: true,
  callId: true,
  orgId: true,
  callStatus: true,
  agentType: true,
  recordingUrl: true,
  startedAt: true,
  endedAt: true,
  customerName: true,
  customerNumber: true,
  customerAddress: true,
  crmCustomerId: true,
  isLead: true,
  analysedBy: true,
  tags: true,
  reviewedAt: true,
  reviewNotes: true,
  createdAt: true,
  durationSeconds: true,
  summary: true,
  callAnalysis: true,
} as const satisfies Prisma.InteractionSelect;

export type CallLogRow = Prisma.InteractionGetPayload<{ select: typeof LOG_COLUMNS }>;

/** A CRM job an interaction's agent actions booked, moved or canceled (from the interaction_actions read model). */
export interface InteractionJob {
  interactionId: string;
  jobId: string | null;
  jobNumber: string | null;
  bookingId: string | null;
  jobStatus: string;
  jobTypeId: string | null;
  /** The CRM customer the job was booked for. */
  customerId: string | null;
}

const JOB_ACTIONS = ['job_booking', 'create_booking', 'job_reschedule', 'job_cancel'];
const str = (v: unknown) => (typeof v === 'string' && v !== '' ? v : null);

/** One entry per job (or booking), its status after the interaction's last completed action on it. */
export function jobsOfActions(actions: { interactionId: string | null; actionType: string; payload: unknown; result: unknown }[]): InteractionJob[] {
  const jobs = new Map<string, InteractionJob>();
  for (const a of actions) {
    if (!a.interactionId) continue;
    const result = (a.result ?? {}) as Record<string, unknown>;
    const payload = (a.payload ?? {}) as Record<string, unknown>;
    const jobId = str(result.jobId);
    const bookingId = str(result.bookingId);
    if (!jobId && !bookingId) continue;
    const key = `${a.interactionId}:${jobId ?? `booking:${bookingId}`}`;
    const before = jobs.get(key);
    jobs.set(key, {
      interactionId: a.interactionId,
      jobId,
      bookingId: bookingId ?? before?.bookingId ?? null,
      jobNumber: str(result.jobNumber) ?? before?.jobNumber ?? null,
      jobStatus: str(result.jobStatus) ?? (a.actionType === 'job_cancel' ? 'CANCELED' : 'SCHEDULED'),
      jobTypeId: str(payload.job_type_id) ?? before?.jobTypeId ?? null,
      customerId: str(result.customerId) ?? before?.customerId ?? null,
    });
  }
  return [...jobs.values()];
}

/** The range, agents and search: what the counts of every group are taken over. */
function callLogsWhere(f: CountFilter): Prisma.InteractionWhereInput {
  const terms = callSearchTerms(f.search);
  return {
    orgId: f.orgId,
    ...(f.agentTypes ? { agentType: { in: f.agentTypes } } : {}),
    ...(f.agentId ? { voiceAgentId: f.agentId } : {}),
    ...(f.from || f.to ? { createdAt: { ...(f.from ? { gte: f.from } : {}), ...(f.to ? { lte: f.to } : {}) } } : {}),
    // The search text is lower-cased and the terms too; LIKE through the trigram index (the migration's).
    ...(terms.length > 0 ? { AND: terms.map((term) => ({ searchText: { contains: term } })) } : {}),
  };
}

/** The calls listed: the group picked and the follow-up view narrow the range's calls. */
function narrowedWhere(f: CountFilter, where: Prisma.InteractionWhereInput): Prisma.InteractionWhereInput {
  const narrowing: Prisma.InteractionWhereInput[] = [];
  if (f.group) narrowing.push({ callStatus: { in: [...CALL_GROUPS[f.group]] } });
  if (f.needsFollowUp) narrowing.push(NEEDS_FOLLOW_UP);
  return narrowing.length === 0 ? where : { AND: [where, ...narrowing] };
}

const UNBOOKED: readonly string[] = CALL_GROUPS.unbooked;
const LOG_ORDER = [{ createdAt: 'desc' }, { id: 'desc' }] satisfies Prisma.InteractionOrderByWithRelationInput[];

/** Rows after a keyset cursor: created_at bounds the index scan, the tie on created_at is broken by id. */
const afterCursor = (after: { createdAt: Date; id: string }): Prisma.InteractionWhereInput => ({
  createdAt: { lte: after.createdAt },
  OR: [{ createdAt: { lt: after.createdAt } }, { id: { lt: after.id } }],
});

/** The call logs' counts from per-status, per-review counts: every status, the listed calls, the follow-ups. */
export function countsOf(
  f: Pick<CountFilter, 'group' | 'needsFollowUp'>,
  counts: StatusReviewCount[],
): { statusCounts: Record<string, number>; totalCount: number; needsFollowUpCount: number } {
  const statusCounts: Record<string, number> = {};
  let totalCount = 0;
  let needsFollowUpCount = 0;
  const group: readonly string[] | null = f.group ? CALL_GROUPS[f.group] : null;
  for (const c of counts) {
    if (c.count === 0) continue;
    statusCounts[c.callStatus] = (statusCounts[c.callStatus] ?? 0) + c.count;
    const followUp = UNBOOKED.includes(c.callStatus) && !c.reviewed;
    if (followUp) needsFollowUpCount += c.count;
    if ((!group || group.includes(c.callStatus)) && (!f.needsFollowUp || followUp)) totalCount += c.count;
  }
  for (const [status, n] of Object.entries(statusCounts)) if (n <= 0) delete statusCounts[status];
  return { statusCounts, totalCount, needsFollowUpCount };
}

/**
 * How the counts of a range split between the kept daily counts and the rows counted per request: the whole
 * UTC days inside [lo, hi) are read in the kept counts (interaction_status_counts), the part days at either end counted in the rows.
 */
export function splitRange(lo: Date | null, hi: Date | null): { days: { from: Date | null; to: Date | null } | null; edges: [Date | null, Date | null][] } {
  const firstDay = lo ? new Date(Math.ceil(lo.getTime() / DAY_MS) * DAY_MS) : null;
  const endDay = hi ? new Date(Math.floor(hi.getTime() / DAY_MS) * DAY_MS) : null;
  if (firstDay && endDay && firstDay >= endDay) return { days: null, edges: [[lo, hi]] };
  const edges: [Date | null, Date | null][] = [];
  if (lo && firstDay && lo < firstDay) edges.push([lo, firstDay]);
  if (hi && endDay && endDay < hi) edges.push([endDay, hi]);
  return { days: { from: firstDay, to: endDay }, edges };
}

/** The range, agents and search in SQL (callLogsWhere): what the counts of every group are taken over. */
function countConditions(f: CountFilter): Prisma.Sql[] {
  const c = [Prisma.sql`org_id = ${f.orgId}::uuid`];
  if (f.agentTypes) c.push(Prisma.sql`agent_type = ANY(${f.agentTypes}::text[])`);
  if (f.agentId) c.push(Prisma.sql`voice_agent_id = ${f.agentId}`);
  if (f.from) c.push(Prisma.sql`created_at >= ${f.from}`);
  if (f.to) c.push(Prisma.sql`created_at <= ${f.to}`);
  // The terms hold no LIKE wildcard (callSearchTerms drops them); each through the trigram index.
  for (const term of callSearchTerms(f.search)) c.push(Prisma.sql`search_text LIKE '%' || ${term} || '%'`);
  return c;
}

/** Calls per status and review among the rows the conditions select, in one statement. */
function countRowsWhere(db: Db, conditions: Prisma.Sql[]): Promise<StatusReviewCount[]> {
  return queryRows<StatusReviewCount>(db, countRowsSql(conditions));
}

function countRowsSql(conditions: Prisma.Sql[]): Prisma.Sql {
  return Prisma.sql`
    SELECT call_status AS "callStatus", reviewed_at IS NOT NULL AS reviewed, count(*)::int AS count
    FROM interactions
    WHERE ${Prisma.join(conditions, ' AND ')}
    GROUP BY 1, 2`;
}

/** The conditions of the calls in [lo, hi) (the part days at the ends of a range). */
function partDayConditions(f: CountFilter, lo: Date | null, hi: Date | null): Prisma.Sql[] {
  const conditions = [Prisma.sql`org_id = ${f.orgId}::uuid`];
  if (lo) conditions.push(Prisma.sql`created_at >= ${lo}`);
  if (hi) conditions.push(Prisma.sql`created_at < ${hi}`);
  if (f.agentTypes) conditions.push(Prisma.sql`agent_type = ANY(${f.agentTypes}::text[])`);
  return conditions;
}

/**
 * The counts of a filter as per-status, per-review counts: from the kept counts when they can answer it (range and
 * agent types: the Calls page's usual request), else (a search, one voice agent) counted in the rows in one statement.
 * A range's whole days and its part days are one statement (UNION ALL; countsOf adds the parts up): one round trip and
 * one connection of the pool, not three.
 */
async function keptCounts(db: Db, f: CountFilter): Promise<StatusReviewCount[]> {
  // A search or one voice agent: counted from the rows, through the trigram and (org, status, created_at) indexes.
  if (f.agentId || callSearchTerms(f.search).length > 0) return countRowsWhere(db, countConditions(f));
  // The filter's range is inclusive at both ends; created_at has millisecond precision.
  const { days, edges } = splitRange(f.from ?? null, f.to ? new Date(f.to.getTime() + 1) : null);
  const parts = [
    ...(days ? [sumStatusCountsSql({ orgId: f.orgId, agentTypes: f.agentTypes, fromDay: days.from, toDay: days.to })] : []),
    ...edges.map(([lo, hi]) => countRowsSql(partDayConditions(f, lo, hi))),
  ];
  return queryRows<StatusReviewCount>(
    db,
    parts.length === 1
      ? parts[0]
      : Prisma.join(
          parts.map((p) => Prisma.sql`(${p})`),
          ' UNION ALL ',
        ),
  );
}

/**
 * A call log row as the page's statement gives it, with the CRM jobs its completed actions touched: times come as
 * the ISO text the answer sends (Postgres writes them; no Date is parsed and written again), and of the call's
 * analysis only the platform's summary, the one part the list shows.
 */
export interface CallLogPageRow {
  id: string;
  callId: string;
  orgId: string;
  callStatus: string;
  agentType: string | null;
  recordingUrl: string | null;
  startedAt: string | null;
  endedAt: string | null;
  customerName: string | null;
  customerNumber: string | null;
  customerAddress: string | null;
  crmCustomerId: string | null;
  isLead: boolean | null;
  analysedBy: string | null;
  tags: string[];
  reviewedAt: string | null;
  reviewNotes: string | null;
  createdAt: string;
  durationSeconds: number | null;
  summary: unknown;
  /** call_analysis.call_summary. */
  platformSummary: unknown;
  jobs: InteractionJob[];
}

/** The page's columns as the interactions table holds them, read once by the page's rows. */
const PAGE_SOURCE_COLUMNS = Prisma.raw(
  'id, call_id, org_id, call_status, agent_type, recording_url, started_at, ended_at, customer_name, customer_number, ' +
    'customer_address, crm_customer_id, is_lead, analysed_by, tags, reviewed_at, review_notes, created_at, duration_seconds, summary, call_analysis',
);

/** A timestamptz as Date.prototype.toISOString writes it (the columns hold milliseconds). */
const isoText = (column: string) => Prisma.raw(`to_char(${column} AT TIME ZONE 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"')`);

/** The page's columns, named as CallLogPageRow names them; tags as JSON (one JSON.parse, not pg's array parser). */
const PAGE_COLUMNS = Prisma.sql`
  p.id, p.call_id AS "callId", p.org_id AS "orgId", p.call_status AS "callStatus", p.agent_type AS "agentType",
  p.recording_url AS "recordingUrl", ${isoText('p.started_at')} AS "startedAt", ${isoText('p.ended_at')} AS "endedAt",
  p.customer_name AS "customerName", p.customer_number AS "customerNumber", p.customer_address AS "customerAddress",
  p.crm_customer_id AS "crmCustomerId", p.is_lead AS "isLead", p.analysed_by AS "analysedBy", to_json(p.tags) AS tags,
  ${isoText('p.reviewed_at')} AS "reviewedAt", p.review_notes AS "reviewNotes", ${isoText('p.created_at')} AS "createdAt",
  p.duration_seconds AS "durationSeconds", p.summary, p.call_analysis -> 'call_summary' AS "platformSummary"`;

/** callLogsWhere and narrowedWhere (and the keyset cursor) in SQL, for the page's statement. */
function pageConditions(f: CallLogsFilter): Prisma.Sql {
  const c = countConditions(f);
  if (f.group) c.push(Prisma.sql`call_status = ANY(${[...CALL_GROUPS[f.group]]}::text[])`);
  if (f.needsFollowUp) c.push(Prisma.sql`call_status = ANY(${[...UNBOOKED]}::text[]) AND reviewed_at IS NULL`);
  // A row comparison the (org_id, created_at desc, id desc) index reads on from.
  if (f.after) c.push(Prisma.sql`(created_at, id) < (${f.after.createdAt}, ${f.after.id}::uuid)`);
  return Prisma.join(c, ' AND ');
}

/**
 * The page's rows, in the page's order. A search's matches are read first, through the trigram index (a materialized
 * set of ids and times), then ordered: left to itself, the planner may walk the (org_id, created_at desc) index instead,
 * testing every one of the organization's calls in the hope of finding the page's 200 early, whenever ANALYZE's sample
 * happened to hold a value with a term (LIKE '%term%' is estimated from the column histogram's 101 values: one match
 * there reads as 1% of the rows instead of the 0.01% floor). Over 1M calls that plan took 1.15 s for "caller 4242",
 * this one 20–40 ms. A term most calls hold costs more this way (about twice the count beside it, which reads those
 * rows anyway), where the index walk would have found the page at once.
 */
function pageRows(f: CallLogsFilter, offset: number): Prisma.Sql {
  const order = Prisma.sql`ORDER BY created_at DESC, id DESC LIMIT ${f.pageSize} OFFSET ${offset}`;
  if (callSearchTerms(f.search).length === 0) return Prisma.sql`SELECT ${PAGE_SOURCE_COLUMNS} FROM interactions WHERE ${pageConditions(f)} ${order}`;
  return Prisma.sql`
    WITH matched AS MATERIALIZED (SELECT id, created_at FROM interactions WHERE ${pageConditions(f)})
    SELECT ${PAGE_SOURCE_COLUMNS} FROM interactions WHERE id IN (SELECT id FROM matched ${order})`;
}

/**
 * One page of the call logs and the jobs of its calls in one statement: the page by the (org_id, created_at desc,
 * id desc) index (from a cursor, or skipping rows), then each call's completed CRM actions from interaction_actions
 * (its interaction_id index), folded into jobs as listJobs folds them.
 */
async function callLogPage(db: Db, f: CallLogsFilter): Promise<CallLogPageRow[]> {
  const offset = f.after ? 0 : (f.page - 1) * f.pageSize;
  // Straight from the pool (queryRows): the Calls page's hot read, 200 rows of JSON that Prisma would encode again.
  type Action = { actionType: string; payload: unknown; result: unknown };
  const rows = await queryRows<Omit<CallLogPageRow, 'jobs'> & { actions: Action[]; jobs?: InteractionJob[] }>(
    db,
    Prisma.sql`
    SELECT ${PAGE_COLUMNS}, (
      SELECT COALESCE(jsonb_agg(jsonb_build_object('actionType', a.action_type, 'payload', a.payload, 'result', a.result) ORDER BY a.updated_at, a.action_id), '[]'::jsonb)
      FROM interaction_actions a
      WHERE a.interaction_id = p.id AND a.status = 'COMPLETED' AND a.action_type = ANY(${JOB_ACTIONS}::text[])
    ) AS actions
    FROM (${pageRows(f, offset)}) p
    ORDER BY p.created_at DESC, p.id DESC`,
  );
  // Each row gets its jobs in place (200 rows: no copy of each); most calls booked nothing.
  for (const row of rows) row.jobs = row.actions.length === 0 ? [] : jobsOfActions(row.actions.map((a) => ({ ...a, interactionId: row.id })));
  return rows as (CallLogPageRow & { actions: Action[] })[];
}

export const findInteraction = (db: Db, id: string) => db.interaction.findUnique({ where: { id } });

export function createInteractionRepository(db: Db) {
  return {
    async listCallLogs(
      f: CallLogsFilter,
    ): Promise<{ rows: CallLogPageRow[]; totalCount: number; statusCounts: Record<string, number>; needsFollowUpCount: number }> {
      // The page beside its counts: kept counts, or (a search, one voice agent) one count over the rows.
      const [rows, counts] = await Promise.all([callLogPage(db, f), keptCounts(db, f)]);
      return { rows, ...countsOf(f, counts) };
    },
    /** Every call the filter selects, newest first, a batch at a time (the CSV export streams them). */
    async *eachCallLog(f: CountFilter, opts: { batchSize?: number; limit?: number } = {}): AsyncGenerator<CallLogRow[]> {
      const where = narrowedWhere(f, callLogsWhere(f));
      const batchSize = opts.batchSize ?? 500;
      let left = opts.limit ?? Number.POSITIVE_INFINITY;
      let after: { createdAt: Date; id: string } | null = null;
      while (left > 0) {
        // Keyset paging on the (created_at desc, id desc) order: each batch reads on from the last row, not an offset.
        const page: Prisma.InteractionWhereInput = after ? { AND: [where, afterCursor(after)] } : where;
        const rows = await db.interaction.findMany({
          where: page,
          select: LOG_COLUMNS,
          orderBy: LOG_ORDER,
          take: Math.min(batchSize, left),
        });
        if (rows.length === 0) return;
        yield rows;
        left -= rows.length;
        const last = rows[rows.length - 1];
        after = { createdAt: last.createdAt, id: last.id };
        if (rows.length < batchSize) return;
      }
    },
    /** The jobs the interactions' completed CRM actions touched, oldest action first. */
    async listJobs(interactionIds: string[]): Promise<InteractionJob[]> {
      if (interactionIds.length === 0) return [];
      return jobsOfActions(await listCompletedActionsOfInteractions(db, interactionIds, JOB_ACTIONS));
    },
    /** Every agent action of the interaction, whatever its status, oldest first (the CSR assistant's context). */
    listActions: (interactionId: string) => listActionsOfInteraction(db, interactionId),
    /** The org's other calls from the same number, newest first (the CSR assistant's "earlier calls"). */
    listCallsOfCustomer: (orgId: string, customerNumber: string, excludeId: string, limit: number) =>
      db.interaction.findMany({
        where: { orgId, customerNumber, NOT: { id: excludeId } },
        select: { id: true, startedAt: true, createdAt: true, callStatus: true, summary: true, callAnalysis: true, tags: true },
        orderBy: [{ createdAt: 'desc' }, { id: 'desc' }],
        take: limit,
      }),
    findById: (id: string) => findInteraction(db, id),
    findByProviderCall: (orgId: string, provider: string, providerCallId: string) => db.interaction.findFirst({ where: { orgId, provider, providerCallId } }),
    /**
     * A call is named by its interaction id (README glossary). Calls recorded before the ids were unified
     * also had a call id of their own, which old links and trace ids still carry.
     */
    findCall: (id: string) => db.interaction.findFirst({ where: { OR: [{ id }, { callId: id }] } }),
    async orgIdOfCall(id: string): Promise<string | null> {
      return (await db.interaction.findFirst({ where: { OR: [{ id }, { callId: id }] }, select: { orgId: true } }))?.orgId ?? null;
    },
    /** Which of these provider calls of the org have finished processing (the bench's latency probe). */
    async finishedProviderCallIds(orgId: string, providerCallIds: string[]): Promise<string[]> {
      const rows = await db.interaction.findMany({
        // Classified: past PROCESSING, and ended (STARTED is the row before the end was projected).
        where: { orgId, providerCallId: { in: providerCallIds }, endedAt: { not: null }, callStatus: { notIn: ['PROCESSING', 'STARTED'] } },
        select: { providerCallId: true },
      });
      return rows.map((r) => r.providerCallId);
    },
    countOfOrganization: (orgId: string) => db.interaction.count({ where: { orgId } }),
    async orgIdOfInteraction(id: string): Promise<string | null> {
      return (await db.interaction.findUnique({ where: { id }, select: { orgId: true } }))?.orgId ?? null;
    },
  };
}

export type InteractionRepository = ReturnType<typeof createInteractionRepository>;
export type InteractionRow = NonNullable<Awaited<ReturnType<InteractionRepository['findCall']>>>;
