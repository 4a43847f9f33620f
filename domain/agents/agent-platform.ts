import type { Agent } from '../contracts/agents.contract';
import { ACTIVE_VOICE_PROVIDERS } from '../voice-platform/voice-platform';
import type { AgentConfig } from './agent-record';

export type AgentPlatformProvider = (typeof ACTIVE_VOICE_PROVIDERS)[number];

/** The voice platform's agent an agent's transfer tools are written to. */
export interface AgentPlatformTarget {
  provider: AgentPlatformProvider;
  providerAgentId: string;
}

const isPlatform = (provider: string): provider is AgentPlatformProvider => (ACTIVE_VOICE_PROVIDERS as readonly string[]).includes(provider);

/**
 * Where the agent's transfer tools live on its platform: its provider agent there, or null when it has none. A
 * sandbox agent without a provider agent id is the sandbox's agent of the same id (the offline platform has one
 * agent per HomeAgent agent), so the offline product configures and shows its transfer tools as a vendor would.
 */
export function agentPlatformTarget(agent: Pick<Agent, 'id' | 'provider' | 'provider_agent_id'>): AgentPlatformTarget | null {
  if (!isPlatform(agent.provider)) return null;
  const providerAgentId = agent.provider_agent_id ?? (agent.provider === 'sandbox' ? agent.id : null);
  return providerAgentId ? { provider: agent.provider, providerAgentId } : null;
}

const sameJson = (a: unknown, b: unknown) => JSON.stringify(a) === JSON.stringify(b);

/**
 * Whether an edit (or a creation, `before` null) changes what the agent's platform must hold: its transfer tools, or
 * the platform agent that holds them. An agent with no transfer tools before or after has nothing to write.
 */
export function needsPlatformConfiguration(agentId: string, before: AgentConfig | null, after: AgentConfig): boolean {
  if (!agentPlatformTarget({ id: agentId, ...after })) return false;
  if (after.transfer_tools.length === 0 && (before?.transfer_tools.length ?? 0) === 0) return false;
  if (!before) return true;
  return !sameJson(before.transfer_tools, after.transfer_tools) || before.provider !== after.provider || before.provider_agent_id !== after.provider_agent_id;
}
