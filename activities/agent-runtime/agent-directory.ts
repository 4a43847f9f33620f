import { createHash } from 'node:crypto';
import type { CrmProvider } from '../crm/crm.port';
import type { AgentType } from '../../domain/interaction/interaction.schema';
import { defaultAgentsFor, type AgentJobType, type AgentOrganization, type AgentProfile } from '../../domain/agents/agent-profile';

export interface AgentDirectory {
  listAgents(orgId: string): Promise<AgentProfile[]>;
  findAgent(orgId: string, agentId: string): Promise<AgentProfile | null>;
}

export interface AgentDirectoryDeps {
  findOrganization(orgId: string): Promise<(AgentOrganization & { crmName: string }) | null>;
  crm: CrmProvider;
}

/** A name-based (v5-style) UUID: the same org and agent type always give the same agent id. */
export function defaultAgentId(orgId: string, type: AgentType): string {
  const hex = createHash('sha1').update(`homeagent-default-agent:${orgId}:${type}`).digest('hex');
  const variant = ((parseInt(hex[16], 16) & 0x3) | 0x8).toString(16);
  return `${hex.slice(0, 8)}-${hex.slice(8, 12)}-5${hex.slice(13, 16)}-${variant}${hex.slice(17, 20)}-${hex.slice(20, 32)}`;
}

/** The default agents of spec 000 §6 types, built from the org's settings and its CRM's job types. */
export function createAgentDirectory(deps: AgentDirectoryDeps): AgentDirectory {
  async function listAgents(orgId: string): Promise<AgentProfile[]> {
    const org = await deps.findOrganization(orgId);
    if (!org) return [];
    let jobTypes: AgentJobType[] = [];
    if (org.crmName !== 'NONE') {
      try {
        const types = await deps.crm.forOrganization(orgId).listJobTypes();
        jobTypes = types
          .filter((t) => t.businessUnitIds.length > 0)
          .map((t) => ({ id: t.id, name: t.name, description: t.summary ?? '', businessUnitId: t.businessUnitIds[0] }));
      } catch {
        // A CRM that cannot be reached leaves the agents without job types: they take callbacks instead of booking.
      }
    }
    return defaultAgentsFor(org, jobTypes, defaultAgentId);
  }
  return {
    listAgents,
    async findAgent(orgId, agentId) {
      return (await listAgents(orgId)).find((a) => a.id === agentId) ?? null;
    },
  };
}
