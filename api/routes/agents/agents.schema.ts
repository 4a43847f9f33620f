import { z } from 'zod';
import { AgentSchema } from '../../../domain/contracts/agents.contract';

// The agent record and its requests are shared with the dashboard, so they live in domain/contracts.
export * from '../../../domain/contracts/agents.contract';

export const AgentParamsSchema = z.object({ agentId: z.uuid('agentId must be a UUID') });
export const OrgAgentsQuerySchema = z.object({ orgId: z.uuid('orgId must be a UUID') });
export const OrgAgentsResponseSchema = z.object({ agents: z.array(AgentSchema) });
