import type { AgentType } from '../interaction/interaction.schema';
import type { Agent, AgentJobType as AgentRecordJobType, UpdateAgentRequest } from '../contracts/agents.contract';
import {
  agentToolsFor,
  agentTypeDefaults,
  scriptVariablesFor,
  withTransferTool,
  type AgentJobType,
  type AgentOrganization,
  type AgentProfile,
  type AgentTransfer,
} from './agent-profile';

/** An agent's configuration: the record without its identity and timestamps (what its events carry). */
export type AgentConfig = Omit<Agent, 'id' | 'org_id' | 'created_at' | 'updated_at' | 'platform_sync'>;

/** The configuration of a recorded agent: without its identity, timestamps and the platform's last answer. */
export function agentConfigOf(agent: Agent): AgentConfig {
  const { id: _id, org_id: _org, created_at: _created, updated_at: _updated, platform_sync: _sync, ...config } = agent;
  return config;
}

/** A CRM job type as an agent record holds it (000 §3 job_types[] item), with the dashboard's defaults. */
export function agentRecordJobType(t: AgentJobType): AgentRecordJobType {
  return {
    id: t.id,
    name: t.name,
    description: t.description,
    businessUnitId: t.businessUnitId,
    businessUnitName: '',
    priority: null,
    dispatch: true,
    instruction: 'DEFAULT',
  };
}

/**
 * A new agent of this type (001 §7 POST /agent): its type's default script variables, and the CRM's job types
 * when the type books, so it starts as the default agent it replaces.
 */
export function newAgentConfig(type: AgentType, org: AgentOrganization, crmJobTypes: AgentJobType[], friendlyName?: string): AgentConfig {
  const d = agentTypeDefaults(type);
  const jobTypes = d.books ? crmJobTypes.map(agentRecordJobType) : [];
  return {
    agent_type: type,
    provider: 'sandbox',
    provider_agent_id: null,
    friendly_name: friendlyName ?? d.friendlyName,
    provider_phone_number: null,
    script_config: scriptVariablesFor(type, org, d.agentName),
    job_types: jobTypes,
    custom_tools: [],
    template_tools: agentToolsFor(type, jobTypes.length),
    transfer_tools: [],
    prompt_type: type === 'CHAT_CSR_AGENT' ? 'CHAT' : 'DEFAULT',
    notification_email: null,
    requires_script_generation: false,
    requires_tool_generation: false,
    never_generate_script: false,
    script_source_agent_id: null,
    verified_caller_id: null,
    provider_agent_config: null,
  };
}

/** 001 §3 "Agent update request": only the fields sent change; the template tools follow the job types. */
export function applyAgentUpdate(config: AgentConfig, update: Omit<UpdateAgentRequest, 'agent_id'>): AgentConfig {
  const next: AgentConfig = { ...config };
  if (update.friendly_name !== undefined) next.friendly_name = update.friendly_name;
  if (update.script_config !== undefined) next.script_config = update.script_config;
  if (update.job_types !== undefined) next.job_types = update.job_types;
  if (update.transfer_tools !== undefined) next.transfer_tools = update.transfer_tools;
  if (update.skip_script_generation !== undefined) next.never_generate_script = update.skip_script_generation;
  if (update.verified_caller_id !== undefined) next.verified_caller_id = update.verified_caller_id;
  if (update.provider_agent_config !== undefined) next.provider_agent_config = update.provider_agent_config;
  if (update.notification_email !== undefined) next.notification_email = update.notification_email;
  if (update.provider !== undefined) next.provider = update.provider;
  if (update.provider_agent_id !== undefined) next.provider_agent_id = update.provider_agent_id;
  next.template_tools = agentToolsFor(next.agent_type, next.job_types.length);
  return next;
}

/** The agent a conversation runs as, from its record: its script_config as script variables, its own job types. */
export function agentProfileOf(agent: Agent, org: AgentOrganization): AgentProfile {
  const d = agentTypeDefaults(agent.agent_type);
  const jobTypes = agent.job_types.map(({ id, name, description, businessUnitId }) => ({ id, name, description, businessUnitId }));
  const transfers = agent.transfer_tools.map(agentTransferOf);
  return {
    id: agent.id,
    orgId: agent.org_id,
    agentType: agent.agent_type,
    friendlyName: agent.friendly_name ?? d.friendlyName,
    timezone: org.timezone,
    direction: d.direction,
    scriptVariables: Object.fromEntries(Object.entries(agent.script_config).map(([k, v]) => [k, Array.isArray(v) ? v.join(', ') : v])),
    jobTypes: d.books ? jobTypes : [],
    tools: withTransferTool(agentToolsFor(agent.agent_type, d.books ? jobTypes.length : 0), transfers),
    ...(transfers.length > 0 ? { transfers } : {}),
  };
}

/** A recorded transfer tool (000 §3 transfer_tools[] item) as the agent uses it. */
export function agentTransferOf(tool: Agent['transfer_tools'][number]): AgentTransfer {
  const option = tool.transfer_option;
  return {
    name: tool.name,
    description: tool.description,
    number: tool.transfer_destination.number,
    kind: option.type === 'warm_transfer' ? 'warm' : 'cold',
    handoff: option.type === 'warm_transfer' ? option.public_handoff_option : null,
    showTransfereeAsCaller: option.type === 'cold_transfer' ? option.show_transferee_as_caller || tool.show_transferee_as_caller : false,
  };
}
