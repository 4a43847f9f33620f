import { createHash } from 'node:crypto';
import type { CrmProvider } from '../crm/crm.port';
import { AGENT_TYPES, type AgentType } from '../../domain/interaction/interaction.schema';
import type { Agent } from '../../domain/contracts/agents.contract';
import { defaultAgentsFor, type AgentJobType, type AgentOrganization, type AgentProfile } from '../../domain/agents/agent-profile';
import { agentProfileOf } from '../../domain/agents/agent-record';

export interface AgentDirectory {
  listAgents(orgId: string): Promise<AgentProfile[]>;
  findAgent(orgId: string, agentId: string): Promise<AgentProfile | null>;
}

export type DirectoryOrganization = AgentOrganization & { crmName: string };

export interface AgentDirectoryDeps {
  findOrganization(orgId: string): Promise<DirectoryOrganization | null>;
  crm: CrmProvider;
  /** The org's recorded agents (the agents read model); without it every agent is a default one. */
  listRecordedAgents?(orgId: string): Promise<Agent[]>;
}

/** A name-based (v5-style) UUID: the same org and agent type always give the same agent id. */
export function defaultAgentId(orgId: string, type: AgentType): string {
  const hex = createHash('sha1').update(`homeagent-default-agent:${orgId}:${type}`).digest('hex');
  const variant = ((parseInt(hex[16], 16) & 0x3) | 0x8).toString(16);
  return `${hex.slice(0, 8)}-${hex.slice(8, 12)}-5${hex.slice(13, 16)}-${variant}${hex.slice(17, 20)}-${hex.slice(20, 32)}`;
}

/** The CRM's bookable job types (those with a business unit); none when the org has no CRM or it cannot be reached. */
export async function listCrmJobTypes(crm: CrmProvider, org: { id: string; crmName: string }): Promise<AgentJobType[]> {
  if (org.crmName === 'NONE') return [];
  try {
    const types = await crm.forOrganization(org.id).listJobTypes();
    return types
      .filter((t) => t.businessUnitIds.length > 0)
      .map((t) => ({ id: t.id, name: t.name, description: t.summary ?? '', businessUnitId: t.businessUnitIds[0] }));
  } catch {
    // A CRM that cannot be reached leaves the agents without job types: they take callbacks instead of booking.
    return [];
  }
}

/**
 * The org's agents: each recorded agent as configured (its script_config, its own job types), then the default
 * agent (spec 000 §6) of every agent type it has no record of, built from its settings and its CRM's job types.
 */
export function createAgentDirectory(deps: AgentDirectoryDeps): AgentDirectory {
  async function listAgents(orgId: string): Promise<AgentProfile[]> {
    const org = await deps.findOrganization(orgId);
    if (!org) return [];
    const recorded = ((await deps.listRecordedAgents?.(orgId)) ?? []).map((a) => agentProfileOf(a, org));
    // The CRM is asked only when some agent type still runs as its default agent.
    const covered = new Set(recorded.map((a) => a.agentType));
    const crmJobTypes = AGENT_TYPES.every((t) => covered.has(t)) ? [] : await listCrmJobTypes(deps.crm, org);
    // In agent type order: the type's recorded agents, or its default agent.
    return defaultAgentsFor(org, crmJobTypes, defaultAgentId).flatMap((d) =>
      covered.has(d.agentType) ? recorded.filter((a) => a.agentType === d.agentType) : [d],
    );
  }
  return {
    listAgents,
    async findAgent(orgId, agentId) {
      return (await listAgents(orgId)).find((a) => a.id === agentId) ?? null;
    },
  };
}
