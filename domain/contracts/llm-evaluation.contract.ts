import { z } from 'zod';
import { AGENT_TYPES, EvaluationStatusSchema } from '../interaction/interaction.schema';

const orgId = z.uuid('orgId must be a UUID');
const required = (name: string) => z.string(`${name} is required`).trim().min(1, `${name} is required`);
const agentType = z.enum(AGENT_TYPES, `agentType must be one of ${AGENT_TYPES.join(', ')}`);
const traceId = required('traceId').max(200, 'traceId must be at most 200 characters');

/** Spec 000 §7 POST /llm/evaluation. */
export const EvaluationRequestSchema = z.object({
  traceId,
  agentType,
  orgId,
  traceType: z.enum(['call', 'chat'], 'traceType must be call or chat'),
});

const FlagSchema = z.object({ value: z.boolean(), reasoning: z.string() });

export const EvaluationResponseSchema = z.object({
  success: z.literal(true),
  evaluationId: z.uuid(),
  traceId: z.string(),
  traceType: z.enum(['call', 'chat']),
  status: EvaluationStatusSchema,
  failed_flags: z.array(z.string()),
  flags: z.record(z.string(), FlagSchema),
  standout_summary: z.string(),
  engine: z.string(),
});
