import { z } from 'zod';
import { AgentTypeSchema, EvaluationStatusSchema } from '../../../domain/interaction/interaction.schema';

// POST /llm/evaluation's contract is shared with the dashboard, so it lives in domain/contracts.
export { EvaluationRequestSchema, EvaluationResponseSchema } from '../../../domain/contracts/llm-evaluation.contract';

const orgId = z.uuid('orgId must be a UUID');
const required = (name: string) => z.string(`${name} is required`).trim().min(1, `${name} is required`);
const traceId = required('traceId').max(200, 'traceId must be at most 200 characters');

/** Spec 000 §7 POST /llm/push-to-hub. */
export const PushToHubRequestSchema = z.object({
  promptName: required('promptName').regex(/^[A-Za-z0-9_-]{1,64}$/, 'Must contain only a-z, A-Z, 0-9, underscores, or dashes (max 64 chars)'),
  promptStr: z.string('promptStr is required').min(1, 'promptStr is required').max(100_000, 'promptStr must be at most 100000 characters'),
  model: z.object(
    {
      name: required('model.name'),
      temperature: z
        .number('model.temperature must be a number between 0 and 2')
        .min(0, 'model.temperature must be a number between 0 and 2')
        .max(2, 'model.temperature must be a number between 0 and 2'),
      tools: z.array(z.unknown(), 'model.tools must be a list'),
    },
    'model is required',
  ),
});

export const PushToHubResponseSchema = z.object({ success: z.literal(true), promptName: z.string(), version: z.number().int() });

/** Spec 000 §7 POST /llm/prompt-using-hub. */
export const PromptUsingHubRequestSchema = z.object({
  traceId,
  task: required('task'),
  input: z.record(z.string(), z.unknown(), 'input must be an object'),
  orgId,
  useCheaperModel: z.boolean('useCheaperModel must be true or false').default(false),
});

/** The task's own output (spec 000 §3 "AI task output shapes"). */
export const TaskOutputSchema = z.record(z.string(), z.unknown());

/** Spec 000 §7 POST /llm/langgraph. */
export const LanggraphRequestSchema = z.object({
  task: required('task'),
  message: required('message').max(10_000, 'message must be at most 10000 characters'),
});

export const LanggraphResponseSchema = z.object({ task: z.string(), output: TaskOutputSchema });

/** Spec 000 §7 POST /llm/chat. */
export const ChatRequestSchema = z.object({
  sessionId: required('sessionId').max(200, 'sessionId must be at most 200 characters'),
  message: required('message').max(4000, 'message must be at most 4000 characters'),
  orgId,
  agentId: required('agentId'),
});

export const ChatResponseSchema = z.object({
  messages: z.array(z.object({ role: z.enum(['assistant', 'user']), content: z.string(), created_at: z.string() })),
  chatEnded: z.boolean(),
});

/** Spec 002 §3 "Evaluation webhook body". */
export const EvaluationWebhookBodySchema = z.object({
  rule_id: z.string('rule_id is required'),
  runs: z.array(
    z.object({
      id: z.string('runs[].id is required'),
      inserted_at: z.string('runs[].inserted_at is required'),
      inputs: z.object({ agentType: AgentTypeSchema, traceId: z.string().min(1), orgId }, 'runs[].inputs must carry agentType, traceId and orgId'),
    }),
    'runs must be a list',
  ),
});

export const EvaluationWebhookQuerySchema = z.object({ secret: z.string().optional() });

export const EvaluationWebhookResponseSchema = z.object({
  success: z.literal(true),
  results: z.array(
    z.object({
      runId: z.string(),
      traceId: z.string(),
      status: z.union([EvaluationStatusSchema, z.literal('not_found'), z.literal('not_evaluable')]),
      evaluationId: z.uuid().nullable(),
    }),
  ),
});
