import { agentConfigOf } from '../../../domain/agents/agent-record';
import type { Agent, AgentPlatformSync } from '../../../domain/contracts/agents.contract';
import type { EventOf } from '../../catalog';
import { AGENT } from '../../schemas/agent.events';
import { documentProjection } from '../projection';
import { sameJson } from '../same-json';
import { agentsStore } from './agents.repository';

type AgentEvent = EventOf<'AgentCreated'> | EventOf<'AgentUpdated'> | EventOf<'AgentPlatformConfigured'> | EventOf<'AgentPlatformConfigurationFailed'>;

const configOf = agentConfigOf;

export function evolveAgent(state: Agent | null, event: AgentEvent): Agent | null {
  const at = new Date(event.occurredAt).toISOString();
  // An agent belongs to the org that created it; an event naming another org is not applied.
  if (state && state.org_id !== event.data.orgId) return state;
  switch (event.type) {
    case 'AgentCreated':
      if (state) return state; // created once: a second create with the same id changes nothing
      return { id: event.data.agentId, org_id: event.data.orgId, created_at: at, updated_at: at, platform_sync: null, ...event.data.agent };
    case 'AgentUpdated':
      if (!state) return state;
      if (sameJson(configOf(state), event.data.agent)) return state;
      return { ...state, ...event.data.agent, updated_at: at };
    case 'AgentPlatformConfigured':
    case 'AgentPlatformConfigurationFailed': {
      if (!state) return state;
      // The platform's answer is not an edit of the agent: updated_at stays.
      const sync: AgentPlatformSync = {
        status: event.type === 'AgentPlatformConfigured' ? 'synced' : 'failed',
        provider: event.data.provider,
        provider_agent_id: event.data.providerAgentId,
        at,
        transfer_tool_names: event.data.transferToolNames,
        error: event.type === 'AgentPlatformConfigurationFailed' ? event.data.error.message : null,
      };
      return sameJson(state.platform_sync, sync) ? state : { ...state, platform_sync: sync };
    }
  }
}

export const agentsProjection = documentProjection<Agent, AgentEvent>({
  name: 'agents',
  aggregateTypes: [AGENT],
  handles: ['AgentCreated', 'AgentUpdated', 'AgentPlatformConfigured', 'AgentPlatformConfigurationFailed'],
  documentId: (e) => e.data.agentId,
  evolve: evolveAgent,
  store: agentsStore,
});
