import type { Db, Tx } from '../../../prisma/client';
import { Prisma, type Agent as AgentRow } from '../../../prisma/generated/client';
import type { Agent } from '../../../domain/contracts/agents.contract';
import type { DocumentStore } from '../projection';

const json = (value: unknown) => (value === null ? Prisma.DbNull : (value as object));

function toAgent(row: AgentRow): Agent {
  return {
    id: row.id,
    org_id: row.orgId,
    created_at: row.createdAt.toISOString(),
    updated_at: row.updatedAt.toISOString(),
    agent_type: row.agentType as Agent['agent_type'],
    provider: row.provider,
    provider_agent_id: row.providerAgentId,
    friendly_name: row.friendlyName,
    provider_phone_number: row.providerPhoneNumber,
    script_config: row.scriptConfig as Agent['script_config'],
    job_types: row.jobTypes as Agent['job_types'],
    custom_tools: row.customTools as Agent['custom_tools'],
    template_tools: row.templateTools as Agent['template_tools'],
    transfer_tools: row.transferTools as Agent['transfer_tools'],
    prompt_type: row.promptType as Agent['prompt_type'],
    notification_email: row.notificationEmail,
    requires_script_generation: row.requiresScriptGeneration,
    requires_tool_generation: row.requiresToolGeneration,
    never_generate_script: row.neverGenerateScript,
    script_source_agent_id: row.scriptSourceAgentId,
    verified_caller_id: row.verifiedCallerId,
    provider_agent_config: row.providerAgentConfig as Agent['provider_agent_config'],
    platform_sync: row.platformSync as Agent['platform_sync'],
  };
}

export const agentsStore: DocumentStore<Agent> = {
  async load(tx: Tx, id: string) {
    const row = await tx.agent.findUnique({ where: { id } });
    return row ? toAgent(row) : null;
  },
  async save(tx: Tx, id: string, a: Agent) {
    const fields = {
      orgId: a.org_id,
      agentType: a.agent_type,
      provider: a.provider,
      providerAgentId: a.provider_agent_id,
      friendlyName: a.friendly_name,
      providerPhoneNumber: a.provider_phone_number,
      scriptConfig: a.script_config,
      jobTypes: a.job_types as object[],
      customTools: a.custom_tools as object[],
      templateTools: a.template_tools,
      transferTools: a.transfer_tools as object[],
      promptType: a.prompt_type,
      notificationEmail: a.notification_email,
      requiresScriptGeneration: a.requires_script_generation,
      requiresToolGeneration: a.requires_tool_generation,
      neverGenerateScript: a.never_generate_script,
      scriptSourceAgentId: a.script_source_agent_id,
      verifiedCallerId: a.verified_caller_id,
      providerAgentConfig: json(a.provider_agent_config),
      platformSync: json(a.platform_sync),
      createdAt: new Date(a.created_at),
      updatedAt: new Date(a.updated_at),
    };
    await tx.agent.upsert({ where: { id }, create: { id, ...fields }, update: fields });
  },
  async reset(tx: Tx) {
    await tx.agent.deleteMany();
  },
};

/** How many of these agents are recorded for the org. */
export const countAgentsOf = (db: Db, orgId: string, agentIds: string[]): Promise<number> => db.agent.count({ where: { orgId, id: { in: agentIds } } });

/** The agents read model's queries. */

export function createAgentRepository(db: Db) {
  return {
    /** The agent with this id, whichever org it belongs to; null when unknown. */
    async findAgent(agentId: string): Promise<Agent | null> {
      const row = await db.agent.findUnique({ where: { id: agentId } });
      return row ? toAgent(row) : null;
    },
    /** The org's recorded agents, oldest first. */
    listAgents: async (orgId: string): Promise<Agent[]> =>
      (await db.agent.findMany({ where: { orgId }, orderBy: [{ createdAt: 'asc' }, { id: 'asc' }] })).map(toAgent),
  };
}
export type AgentRepository = ReturnType<typeof createAgentRepository>;
