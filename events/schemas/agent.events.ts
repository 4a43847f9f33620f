import { z } from 'zod';
import { AgentSchema } from '../../domain/contracts/agents.contract';

// Events of the agent aggregate (spec 000 §3 "Agent"; issue 14): one stream per agent, aggregateId = agent id.

export const AGENT = 'agent';

/**
 * The agent's configuration as published in v1: the contract's record without its identity and timestamps
 * (the envelope carries those). script_config is a structural copy: the contract's "at least one service"
 * rule is a write-side refinement the routes check before publishing.
 */
const AgentConfigV1 = AgentSchema.omit({ id: true, org_id: true, created_at: true, updated_at: true, platform_sync: true }).extend({
  script_config: z.record(z.string(), z.union([z.string(), z.array(z.string())])),
});
export type AgentConfigV1 = z.infer<typeof AgentConfigV1>;

/** POST /agent: the whole configuration the agent starts with (its type's defaults and the CRM's job types). */
export const AgentCreatedV1Schema = z.object({ orgId: z.uuid(), agentId: z.uuid(), agent: AgentConfigV1 });
export type AgentCreatedV1 = z.infer<typeof AgentCreatedV1Schema>;

/**
 * PUT /agent and PUT /agent/job-types: the whole configuration after the edit, so a redelivery or a replay
 * lands on the same state whatever came before it.
 */
export const AgentUpdatedV1Schema = z.object({ orgId: z.uuid(), agentId: z.uuid(), agent: AgentConfigV1 });
export type AgentUpdatedV1 = z.infer<typeof AgentUpdatedV1Schema>;

/**
 * The agent's transfer tools were written to its voice platform's agent (Retell's LLM general tools, Vapi's assistant
 * model tools, the sandbox's agent). The names are the tools written; an empty list means they were removed.
 */
export const AgentPlatformConfiguredV1Schema = z.object({
  orgId: z.uuid(),
  agentId: z.uuid(),
  provider: z.string(),
  providerAgentId: z.string(),
  transferToolNames: z.array(z.string()),
});
export type AgentPlatformConfiguredV1 = z.infer<typeof AgentPlatformConfiguredV1Schema>;

/** Writing the transfer tools to the platform failed for good: refused, unsupported, or still failing after the retries. */
export const AgentPlatformConfigurationFailedV1Schema = z.object({
  orgId: z.uuid(),
  agentId: z.uuid(),
  provider: z.string(),
  providerAgentId: z.string(),
  transferToolNames: z.array(z.string()),
  error: z.object({ code: z.string(), message: z.string() }),
});
export type AgentPlatformConfigurationFailedV1 = z.infer<typeof AgentPlatformConfigurationFailedV1Schema>;
