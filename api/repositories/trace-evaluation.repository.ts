import type { Db } from '../../prisma/client';

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
