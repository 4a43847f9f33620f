import { z } from 'zod';

export const ToolParamsSchema = z.object({ orgId: z.uuid('orgId must be a UUID') });
/** doNotService: "true" (default) honours the CRM's do-not-service flag, "false" ignores it. */
export const ToolQuerySchema = z.object({
  doNotService: z
    .enum(['true', 'false'], 'doNotService must be true or false')
    .optional()
    .transform((v) => v !== 'false'),
});

/** {tool, args}, the {type, payload} tools, Retell's {name, args} or Vapi's tool-calls message. */
export const ToolBodySchema = z
  .object({
    tool: z.string().optional(),
    args: z.unknown().optional(),
    type: z.string().optional(),
    payload: z.unknown().optional(),
    interaction_id: z.string().optional(),
  })
  .loose();

export const ToolResponseSchema = z.object({
  /** A short sentence the agent can say or act on, ending with its next step. */
  result: z.string(),
  data: z.record(z.string(), z.unknown()).optional(),
  end_call: z.boolean().optional(),
  delay_ms: z.number().optional(),
  /** Vapi's answer shape, when the call came as a Vapi tool-calls message. */
  results: z.array(z.object({ toolCallId: z.string(), result: z.string() })).optional(),
});
