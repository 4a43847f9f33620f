import { z } from 'zod';
import { AgentTypeSchema } from '../interaction/interaction.schema';

const orgId = z.uuid('orgId must be a UUID');
const callId = z.uuid('callId must be a UUID');
const accessToken = z.string('access_token is required').min(1, 'access_token is required');

export const WebCallAgentsQuerySchema = z.object({ orgId });

/** Spec 000 §7 admin list view of an agent: {id, agent_type, friendly_name, job_types_count}. */
export const WebCallAgentsResponseSchema = z.object({
  agents: z.array(z.object({ id: z.uuid(), agent_type: AgentTypeSchema, friendly_name: z.string().nullable(), job_types_count: z.number().int() })),
});

/** Spec 001 §3 "Web call" request: agentId, dynamicVariables (plus the org the call is placed for). */
export const CreateWebCallRequestSchema = z.object({
  orgId,
  agentId: z.string('agentId is required').min(1, 'agentId is required'),
  dynamicVariables: z.record(z.string(), z.string(), 'dynamicVariables must map names to strings').default({}),
});

/** Spec 001 §3 "Web call" answer (call_id, agent_id, access_token), with the agent's greeting. */
export const CreateWebCallResponseSchema = z.object({
  call_id: z.uuid(),
  agent_id: z.string(),
  access_token: z.string(),
  agent_type: AgentTypeSchema,
  greeting: z.string(),
});

export const WebCallTurnRequestSchema = z.object({
  orgId,
  callId,
  access_token: accessToken,
  text: z.string('text is required').trim().min(1, 'text is required').max(2000, 'text must be at most 2000 characters'),
});

export const WebCallTurnResponseSchema = z.object({
  call_id: z.uuid(),
  reply: z.string(),
  tool_calls: z.array(z.object({ name: z.string(), arguments: z.record(z.string(), z.unknown()), result: z.string() })),
  /** The agent ended the call. */
  ended: z.boolean(),
});

export const EndWebCallRequestSchema = z.object({ orgId, callId, access_token: accessToken });

export const EndWebCallResponseSchema = z.object({
  call_id: z.uuid(),
  status: z.enum(['live', 'ended']),
  end_reason: z.enum(['caller_ended', 'agent_ended', 'idle_timeout']).nullable(),
});
