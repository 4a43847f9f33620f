import { randomUUID } from 'node:crypto';
import { defaultAgentId, listCrmJobTypes } from '../../activities/agent-runtime/agent-directory';
import { agentPlatformTarget, needsPlatformConfiguration } from '../../domain/agents/agent-platform';
import { agentConfigOf, applyAgentUpdate, newAgentConfig, type AgentConfig } from '../../domain/agents/agent-record';
import type { Agent, CreateAgentRequest, UpdateAgentRequest } from '../../domain/contracts/agents.contract';
import { AGENT_TYPES } from '../../domain/interaction/interaction.schema';
import { canonicalJson } from '../../domain/shared/canonical-json';
import type { ApiDeps } from '../deps';
import { badRequest, notFound } from '../http/errors';
import { publishCommand, type CommandOrigin } from '../http/publish-command';
import { awaitReadModel } from './await-read-model';

const configOf = agentConfigOf;
const sameConfig = (a: AgentConfig, b: AgentConfig) => canonicalJson(a) === canonicalJson(b);

/**
 * 001 §7 POST /agent. Without agent_id, the org's first agent of a type takes that type's default agent id, so the
 * calls its default agent took stay its calls; a further one gets a new id. An id already recorded is refused.
 */
export async function createAgent(deps: ApiDeps, request: CreateAgentRequest, origin: CommandOrigin): Promise<Agent> {
  const orgId = request.org_id;
  const org = await deps.organizations.findById(orgId);
  if (!org) throw notFound('Organization not found');
  const defaultId = defaultAgentId(orgId, request.agent_type);
  let agentId = request.agent_id ?? defaultId;
  if (request.agent_id === undefined && (await deps.agents.repository.findAgent(defaultId))) agentId = randomUUID();
  if (await deps.agents.repository.findAgent(agentId)) throw badRequest('An agent with this agent_id already exists');
  // Another type's default id would move that type's earlier calls to this agent.
  if (AGENT_TYPES.some((t) => t !== request.agent_type && defaultAgentId(orgId, t) === agentId)) {
    throw badRequest("agent_id is the id of another agent type's default agent");
  }
  const config = newAgentConfig(request.agent_type, org, await listCrmJobTypes(deps.crm.provider, org), request.friendly_name);
  const [event] = await publishCommand(deps.agents.events, origin, [
    { type: 'AgentCreated', aggregateId: agentId, orgId, data: { orgId, agentId, agent: config } },
  ]);
  await awaitReadModel(async () => (await deps.agents.repository.findAgent(agentId)) !== null);
  return { id: agentId, org_id: orgId, created_at: event.occurredAt, updated_at: event.occurredAt, platform_sync: null, ...config };
}

/** The recorded agent the request names, in the org the access rule checked. */
export async function requireAgent(deps: ApiDeps, agentId: string, orgId: string): Promise<Agent> {
  const agent = await deps.agents.repository.findAgent(agentId);
  if (!agent || agent.org_id !== orgId) throw notFound('Agent not found');
  return agent;
}

/** 001 §7 PUT /agent and PUT /agent/job-types: the fields sent replace the stored ones; the event holds the whole result. */
export async function updateAgent(deps: ApiDeps, agent: Agent, update: Omit<UpdateAgentRequest, 'agent_id'>, origin: CommandOrigin): Promise<Agent> {
  const next = applyAgentUpdate(configOf(agent), update);
  if (sameConfig(next, configOf(agent))) {
    // Saving the same transfer tools again retries a platform that has not taken them (a key fixed since, an outage over).
    if (update.transfer_tools !== undefined && platformNotInSync(agent)) await configurePlatform(deps, agent, origin);
    return agent;
  }
  const [event] = await publishCommand(deps.agents.events, origin, [
    { type: 'AgentUpdated', aggregateId: agent.id, orgId: agent.org_id, data: { orgId: agent.org_id, agentId: agent.id, agent: next } },
  ]);
  await awaitReadModel(async () => {
    const row = await deps.agents.repository.findAgent(agent.id);
    return row !== null && sameConfig(configOf(row), next);
  });
  if (needsPlatformConfiguration(agent.id, configOf(agent), next)) await configurePlatform(deps, agent, origin);
  return { ...agent, ...next, updated_at: event.occurredAt };
}

/** The agent has transfer tools its platform agent has not confirmed taking. */
function platformNotInSync(agent: Agent): boolean {
  const target = agentPlatformTarget(agent);
  if (!target || agent.transfer_tools.length === 0) return false;
  const sync = agent.platform_sync;
  return sync?.status !== 'synced' || sync.provider !== target.provider || sync.provider_agent_id !== target.providerAgentId;
}

/** Writes the agent's transfer tools to its voice platform in the background (a workflow, retried); the outcome lands on the agent. */
async function configurePlatform(deps: ApiDeps, agent: Agent, origin: CommandOrigin): Promise<void> {
  await deps.agents.platform.configure({ meta: { correlationId: origin.correlationId }, orgId: agent.org_id, agentId: agent.id });
}
