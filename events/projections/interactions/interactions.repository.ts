import type { Prisma } from '../../../prisma/generated/client';
import type { Db, Tx } from '../../../prisma/client';
import { listCompletedActionsOfInteractions } from '../interaction-actions/interaction-actions.repository';
import type { DocumentStore } from '../projection';

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

export const interactionsStore: DocumentStore<InteractionDoc> = {
  async load(tx: Tx, id: string) {
    const row = await tx.interaction.findUnique({ where: { id } });
    if (!row) return null;
    return {
      ...row,
      tagReasons: row.tagReasons as InteractionDoc['tagReasons'],
      summary: row.summary as InteractionDoc['summary'],
      transcriptObject: row.transcriptObject as unknown[],
      transcriptLines: row.transcriptLines as unknown[],
      callAnalysis: row.callAnalysis as InteractionDoc['callAnalysis'],
      scoreParams: row.scoreParams as InteractionDoc['scoreParams'],
      events: row.events as unknown as InteractionEventRecord[],
    };
  },
  async save(tx: Tx, id: string, doc: InteractionDoc) {
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
    };
    await tx.interaction.upsert({ where: { id }, create: { id, ...fields }, update: fields });
  },
  async reset(tx: Tx) {
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
}

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

export const findInteraction = (db: Db, id: string) => db.interaction.findUnique({ where: { id } });

export function createInteractionRepository(db: Db) {
  return {
    async listCallLogs(f: CallLogsFilter): Promise<{ rows: CallLogRow[]; totalCount: number; statusCounts: Record<string, number> }> {
      const where: Prisma.InteractionWhereInput = {
        orgId: f.orgId,
        ...(f.agentTypes ? { agentType: { in: f.agentTypes } } : {}),
        ...(f.agentId ? { voiceAgentId: f.agentId } : {}),
        ...(f.from || f.to ? { createdAt: { ...(f.from ? { gte: f.from } : {}), ...(f.to ? { lte: f.to } : {}) } } : {}),
      };
      const [rows, groups] = await Promise.all([
        db.interaction.findMany({
          where,
          select: LOG_COLUMNS,
          orderBy: [{ createdAt: 'desc' }, { id: 'desc' }],
          skip: (f.page - 1) * f.pageSize,
          take: f.pageSize,
        }),
        db.interaction.groupBy({ by: ['callStatus'], where, _count: { _all: true } }),
      ]);
      const statusCounts = Object.fromEntries(groups.map((g) => [g.callStatus, g._count._all]));
      const totalCount = groups.reduce((sum, g) => sum + g._count._all, 0);
      return { rows, totalCount, statusCounts };
    },
    /** The jobs the interactions' completed CRM actions touched, oldest action first. */
    async listJobs(interactionIds: string[]): Promise<InteractionJob[]> {
      if (interactionIds.length === 0) return [];
      return jobsOfActions(await listCompletedActionsOfInteractions(db, interactionIds, JOB_ACTIONS));
    },
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
        where: { orgId, providerCallId: { in: providerCallIds }, NOT: { callStatus: 'PROCESSING' } },
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
