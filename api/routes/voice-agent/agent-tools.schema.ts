import { z } from 'zod';

const orgId = z.uuid('orgId must be a UUID');

export const AgentToolsParamsSchema = z.object({ agentId: z.uuid('agentId must be a UUID') });
export const AgentToolsQuerySchema = z.object({ orgId });

/** One tool as a voice platform or the in-house runtime is configured with it (spec 000 §3 "Agent tools"). */
export const AgentToolSchemaSchema = z.object({
  type: z.enum(['http', 'end_call', 'press_digit']),
  name: z.string(),
  description: z.string(),
  url: z.string().optional(),
  method: z.literal('POST').optional(),
  query_params: z.record(z.string(), z.string()).optional(),
  parameters: z.object({ type: z.literal('object'), properties: z.record(z.string(), z.unknown()), required: z.array(z.string()) }).optional(),
  timeout_ms: z.number().optional(),
  speak_after_execution: z.boolean().optional(),
  speak_during_execution: z.boolean().optional(),
  execution_message_description: z.string().optional(),
  delay_ms: z.number().optional(),
});

export const AgentToolsResponseSchema = z.object({ agent_id: z.uuid(), agent_type: z.string(), tools: z.array(AgentToolSchemaSchema) });

/** An operator previewing the tools of an agent configuration (template_tools and custom_tools of spec 000 §3 "Agent"). */
export const ToolSchemasBodySchema = z.object({
  orgId,
  template_tools: z.array(z.string(), 'template_tools must be a list of template tool types'),
  custom_tools: z.array(z.record(z.string(), z.unknown()), 'custom_tools must be a list of tools').default([]),
});

export const ToolSchemasResponseSchema = z.object({ tools: z.array(AgentToolSchemaSchema) });
