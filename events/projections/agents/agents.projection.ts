import type { Agent } from '../../../domain/contracts/agents.contract';
import type { EventOf } from '../../catalog';
import { AGENT } from '../../schemas/agent.events';
import { documentProjection } from '../projection';
import { sameJson } from '../same-json';
import { agentsStore } from './agents.repository';

type AgentEvent = EventOf<'AgentCreated'> | EventOf<'AgentUpdated'>;

const configOf = ({ id: _id, org_id: _org, created_at: _created, updated_at: _updated, ...config }: Agent) => config;

export function evolveAgent(state: Agent | null, event: AgentEvent): Agent | null {
  const at = new Date(event.occurredAt).toISOString();
  // An agent belongs to the org that created it; an event naming another org is not applied.
  if (state && state.org_id !== event.data.orgId) return state;
  switch (event.type) {
    case 'AgentCreated':
      if (state) return state; // created once: a second create with the same id changes nothing
      return { id: event.data.agentId, org_id: event.data.orgId, created_at: at, updated_at: at, ...event.data.agent };
    case 'AgentUpdated':
      if (!state) return state;
      if (sameJson(configOf(state), event.data.agent)) return state;
      return { ...state, ...event.data.agent, updated_at: at };
  }
}

export const agentsProjection = documentProjection<Agent, AgentEvent>({
  name: 'agents',
  aggregateTypes: [AGENT],
  handles: ['AgentCreated', 'AgentUpdated'],
  documentId: (e) => e.data.agentId,
  evolve: evolveAgent,
  store: agentsStore,
});
