import type { EventOf } from '../../catalog';
import { LLM_TRACE } from '../../schemas/llm.events';
import { documentProjection } from '../projection';
import { traceEvaluationsStore, type TraceEvaluationDoc } from './trace-evaluations.repository';

type TraceEvaluationEvent = EventOf<'TraceEvaluated'>;

/** One row per evaluation. A verdict is never edited (a re-evaluation is a new one), so a redelivery changes nothing. */
export function evolveTraceEvaluation(state: TraceEvaluationDoc | null, event: TraceEvaluationEvent): TraceEvaluationDoc | null {
  if (state) return state;
  const d = event.data;
  return {
    evaluationId: d.evaluationId,
    traceId: d.traceId,
    traceType: d.traceType,
    orgId: d.orgId,
    interactionId: d.interactionId,
    agentType: d.agentType,
    status: d.status,
    failedFlags: d.failedFlags,
    flags: d.flags,
    standoutSummary: d.standoutSummary,
    engine: d.engine,
    ruleId: d.ruleId,
    runId: d.runId,
    evaluatedAt: new Date(d.evaluatedAt),
  };
}

export const traceEvaluationsProjection = documentProjection<TraceEvaluationDoc, TraceEvaluationEvent>({
  name: 'trace-evaluations',
  aggregateTypes: [LLM_TRACE],
  handles: ['TraceEvaluated'],
  documentId: (e) => e.data.evaluationId,
  evolve: evolveTraceEvaluation,
  store: traceEvaluationsStore,
});
