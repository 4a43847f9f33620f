import type { Db, Tx } from '../../../prisma/client';
import type { TraceEvaluatedV1 } from '../../schemas/llm.events';
import type { DocumentStore } from '../projection';

export interface TraceEvaluationDoc {
  evaluationId: string;
  traceId: string;
  traceType: TraceEvaluatedV1['traceType'];
  orgId: string;
  interactionId: string | null;
  agentType: string;
  status: TraceEvaluatedV1['status'];
  failedFlags: string[];
  flags: TraceEvaluatedV1['flags'];
  standoutSummary: string;
  engine: string;
  ruleId: string | null;
  runId: string | null;
  evaluatedAt: Date;
}

export const traceEvaluationsStore: DocumentStore<TraceEvaluationDoc> = {
  async load(tx: Tx, id: string) {
    const row = await tx.traceEvaluation.findUnique({ where: { evaluationId: id } });
    if (!row) return null;
    return {
      ...row,
      traceType: row.traceType as TraceEvaluationDoc['traceType'],
      status: row.status as TraceEvaluationDoc['status'],
      flags: row.flags as TraceEvaluationDoc['flags'],
    };
  },
  async save(tx: Tx, id: string, doc: TraceEvaluationDoc) {
    const { evaluationId: _id, ...fields } = doc;
    await tx.traceEvaluation.upsert({ where: { evaluationId: id }, create: { evaluationId: id, ...fields }, update: fields });
  },
  async reset(tx: Tx) {
    await tx.traceEvaluation.deleteMany();
  },
};

/** Evaluations of calls and chats (the trace_evaluations read model, fed by TraceEvaluated). */
export function createTraceEvaluationRepository(db: Db) {
  return {
    /** The interaction's most recent evaluation; null when it has never been evaluated. */
    findLatestForInteraction: (orgId: string, interactionId: string) =>
      db.traceEvaluation.findFirst({ where: { orgId, interactionId }, orderBy: [{ evaluatedAt: 'desc' }, { evaluationId: 'desc' }] }),
  };
}

export type TraceEvaluationRepository = ReturnType<typeof createTraceEvaluationRepository>;
export type TraceEvaluationRow = NonNullable<Awaited<ReturnType<TraceEvaluationRepository['findLatestForInteraction']>>>;
