import { ApplicationFailure } from '@temporalio/activity';
import type { Agent } from '../../domain/contracts/agents.contract';
import { agentTypeDefaults } from '../../domain/agents/agent-profile';
import { agentConfigOf } from '../../domain/agents/agent-record';
import { mergeGeneratedScript, type GeneratedScriptVariables } from '../../domain/agents/script-variables';
import type { AgentType } from '../../domain/interaction/interaction.schema';
import type { RunMeta } from '../../domain/run/run-meta';
import { createEvent } from '../../events/catalog';
import type { EventPublisher } from '../../events/bus/event-bus.port';
import { withCorrelationId } from '../../lib/correlation';
import type { Logger } from '../../lib/logger';
import type { LanguageEngine } from '../llm/language-engine.port';
import { AI_TASKS } from '../llm/ai-tasks/registry';
import { runAiTask } from '../llm/ai-tasks/run-ai-task';
import type { CompanyWebsite } from '../website/website.port';

export interface ScriptOrganization {
  id: string;
  name: string;
  tradesOffered: string[];
}

export interface ScriptGenerationDeps {
  events: EventPublisher;
  engine: LanguageEngine;
  agents: { findAgent(agentId: string): Promise<Agent | null> };
  organizations: { findOrganization(orgId: string): Promise<ScriptOrganization | null> };
  logger: Logger;
}

export interface ScriptGenerationContext {
  agentType: AgentType;
  orgName: string;
  agentName: string;
  trades: string[];
  currentVariables: Record<string, string | string[]>;
}

export interface WriteAgentScriptInput extends ScriptGenerationContext {
  website: CompanyWebsite;
}

export interface SaveAgentScriptInput {
  eventId: string;
  meta: RunMeta;
  causationId: string;
  orgId: string;
  agentId: string;
  generated: GeneratedScriptVariables;
}

/** The agent of this org, refusing one that asked never to have its script generated (000 §3 never_generate_script). */
async function agentToScript(deps: ScriptGenerationDeps, orgId: string, agentId: string): Promise<Agent> {
  const agent = await deps.agents.findAgent(agentId);
  if (!agent || agent.org_id !== orgId) throw ApplicationFailure.nonRetryable(`Agent ${agentId} not found`, 'AgentNotFound');
  if (agent.never_generate_script) {
    throw ApplicationFailure.nonRetryable(`Agent ${agentId} is set never to have its script generated`, 'ScriptGenerationRefused');
  }
  return agent;
}

export function createScriptGenerationActivities(deps: ScriptGenerationDeps) {
  return {
    async prepareScriptGeneration({ orgId, agentId }: { orgId: string; agentId: string }): Promise<ScriptGenerationContext> {
      const agent = await agentToScript(deps, orgId, agentId);
      const org = await deps.organizations.findOrganization(orgId);
      if (!org) throw ApplicationFailure.nonRetryable(`Organization ${orgId} not found`, 'OrganizationNotFound');
      const current = agent.script_config;
      return {
        agentType: agent.agent_type,
        orgName: org.name,
        agentName:
          typeof current.agent_name === 'string' && current.agent_name.trim() !== '' ? current.agent_name : agentTypeDefaults(agent.agent_type).agentName,
        trades: org.tradesOffered,
        currentVariables: current,
      };
    },

    /** The language engine's script variables; an answer that never passes its schema ends the run (retrying gives the same). */
    async writeAgentScript(input: WriteAgentScriptInput): Promise<GeneratedScriptVariables> {
      const result = await runAiTask(deps.engine, AI_TASKS.agent_script_variables, input);
      if (!result.ok) {
        const issues = result.error.issues.map((i) => `${i.path}: ${i.message}`).join('; ');
        throw ApplicationFailure.nonRetryable(`The language engine could not write the script (${result.error.code}): ${issues}`, 'ScriptNotWritten');
      }
      return result.output;
    },

    /** Publishes the agent's update with the generated script_config; requires_script_generation is then false. */
    async saveAgentScript(input: SaveAgentScriptInput): Promise<{ scriptConfig: Record<string, string | string[]> }> {
      return withCorrelationId(input.meta.correlationId, async () => {
        const agent = await agentToScript(deps, input.orgId, input.agentId);
        const config = agentConfigOf(agent);
        const scriptConfig = mergeGeneratedScript(agent.agent_type, agent.script_config, input.generated);
        await deps.events.publish([
          createEvent({
            eventId: input.eventId,
            type: 'AgentUpdated',
            aggregateId: input.agentId,
            orgId: input.orgId,
            data: { orgId: input.orgId, agentId: input.agentId, agent: { ...config, script_config: scriptConfig, requires_script_generation: false } },
            correlationId: input.meta.correlationId,
            causationId: input.causationId,
          }),
        ]);
        deps.logger.info({ orgId: input.orgId, agentId: input.agentId, variables: Object.keys(scriptConfig).length }, 'agent script generated');
        return { scriptConfig };
      });
    },
  };
}

export type ScriptGenerationActivities = ReturnType<typeof createScriptGenerationActivities>;
