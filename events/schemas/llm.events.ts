import { z } from 'zod';
import { AgentTypeSchema, EvaluationStatusSchema } from '../../domain/interaction/interaction.schema';

/** LLM traces (spec 000 §7 /llm): the stream id is the trace id (a call's id or a chat session's id). */
export const LLM_TRACE = 'llm-trace';

export { EvaluationStatusSchema } from '../../domain/interaction/interaction.schema';

/** POST /llm/evaluation or an evaluation-service webhook run: the evaluation AI task's verdict on a trace. */
export const TraceEvaluatedV1Schema = z.object({
  evaluationId: z.uuid(),
  traceId: z.string().min(1),
  traceType: z.enum(['call', 'chat']),
  orgId: z.uuid(),
  agentType: AgentTypeSchema,
  /** The interaction the trace belongs to, when it has one. */
  interactionId: z.uuid().nullable(),
  status: EvaluationStatusSchema,
  /** The call scorer's flags that made the verdict (spec 000 §3 "Scoring"). */
  flags: z.record(z.string(), z.object({ value: z.boolean(), reasoning: z.string() })),
  failedFlags: z.array(z.string()),
  standoutSummary: z.string(),
  engine: z.string(),
  /** The evaluation-service rule and run that asked for it (002 §3 webhook body), when it came that way. */
  ruleId: z.string().nullable(),
  runId: z.string().nullable(),
  evaluatedAt: z.iso.datetime({ offset: true }),
});
export type TraceEvaluatedV1 = z.infer<typeof TraceEvaluatedV1Schema>;
