import { z } from 'zod';
import { TOOL_REQUEST_PROVIDERS } from '../../use-cases/voice-tool-call';

export const ToolParamsSchema = z.object({ orgId: z.uuid('orgId must be a UUID') });
/** doNotService: "true" (default) honours the CRM's do-not-service flag, "false" ignores it. */
export const ToolQuerySchema = z.object({
  doNotService: z
    .enum(['true', 'false'], 'doNotService must be true or false')
    .optional()
    .transform((v) => v !== 'false'),
  /** The platform whose tool request this is; needed for Bland and Synthflow, whose bodies look like ours. */
  provider: z.enum(TOOL_REQUEST_PROVIDERS, `provider must be one of ${TOOL_REQUEST_PROVIDERS.join(', ')}`).optional(),
});

/**
 * {tool, args} (ours and the in-house agent's, or Bland's and Synthflow's configured body with `call_id`), the
 * {type, payload} tools, Retell's custom function {name, args, call} or Vapi's tool-calls message.
 */
export const ToolBodySchema = z
  .object({
    tool: z.string().optional(),
    args: z.unknown().optional(),
    type: z.string().optional(),
    payload: z.unknown().optional(),
    interaction_id: z.string().optional(),
  })
  .loose();

const ToolAnswerSchema = z.object({
  /** A short sentence the agent can say or act on, ending with its next step. */
  result: z.string(),
  data: z.record(z.string(), z.unknown()).optional(),
  end_call: z.boolean().optional(),
  delay_ms: z.number().optional(),
});

/** Retell, Bland, Synthflow and ours read the answer; Vapi reads one result per tool call. */
export const ToolResponseSchema = z.union([ToolAnswerSchema, z.object({ results: z.array(z.object({ toolCallId: z.string(), result: z.string() })) })]);
