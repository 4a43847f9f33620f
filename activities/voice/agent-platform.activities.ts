import { ApplicationFailure } from '@temporalio/activity';
import { agentPlatformTarget, type AgentPlatformTarget } from '../../domain/agents/agent-platform';
import type { Agent, TransferTool } from '../../domain/contracts/agents.contract';
import type { RunMeta } from '../../domain/run/run-meta';
import { createEvent } from '../../events/catalog';
import type { EventPublisher } from '../../events/bus/event-bus.port';
import { withCorrelationId } from '../../lib/correlation';
import type { Logger } from '../../lib/logger';
import { isVoiceProviderError } from './voice-provider.port';
import type { VoiceProviderDirectory } from './voice-provider-directory';

export interface AgentPlatformDeps {
  events: EventPublisher;
  agents: { findAgent(agentId: string): Promise<Agent | null> };
  providers: Pick<VoiceProviderDirectory, 'named'>;
  logger: Logger;
}

/** What is to be written: the platform's agent and the agent's transfer tools as recorded when it was read. */
export interface AgentPlatformConfiguration extends AgentPlatformTarget {
  tools: TransferTool[];
}

export interface WriteAgentTransferToolsInput extends AgentPlatformConfiguration {
  orgId: string;
  correlationId: string;
}

export interface RecordAgentPlatformOutcomeInput {
  eventId: string;
  meta: RunMeta;
  causationId: string;
  orgId: string;
  agentId: string;
  configuration: AgentPlatformConfiguration;
  /** Null: the platform took the tools. */
  error: { code: string; message: string } | null;
}

const PLATFORM_NAMES: Record<AgentPlatformTarget['provider'], string> = {
  retell: 'Retell',
  vapi: 'Vapi',
  bland: 'Bland',
  synthflow: 'Synthflow',
  sandbox: 'the sandbox',
};

export function createAgentPlatformActivities(deps: AgentPlatformDeps) {
  return {
    /** The agent's platform agent and transfer tools as recorded now; null when it has no platform agent to write to. */
    async readAgentPlatformConfiguration({ orgId, agentId }: { orgId: string; agentId: string }): Promise<AgentPlatformConfiguration | null> {
      const agent = await deps.agents.findAgent(agentId);
      if (!agent || agent.org_id !== orgId) throw ApplicationFailure.nonRetryable(`Agent ${agentId} not found`, 'AgentNotFound');
      const target = agentPlatformTarget(agent);
      return target && { ...target, tools: agent.transfer_tools };
    },

    /**
     * Writes the tools to the platform's agent with the org's API key there. A refusal (bad key, unknown agent, a
     * platform that cannot hold them) fails at once; an outage or a 429 is retried by the activity's policy.
     */
    async writeAgentTransferTools(input: WriteAgentTransferToolsInput): Promise<void> {
      const provider = await deps.providers.named(input.orgId, input.provider, input.correlationId);
      if (!provider) {
        throw ApplicationFailure.nonRetryable(
          `The organization has no API key for ${PLATFORM_NAMES[input.provider]} (Settings → Voice platforms)`,
          'NOT_CONNECTED',
        );
      }
      try {
        await provider.configureTransferTools(input.providerAgentId, input.tools);
      } catch (error) {
        if (!isVoiceProviderError(error)) throw error;
        throw ApplicationFailure.create({
          message: error.message,
          type: error.code,
          nonRetryable: !error.retryable,
          ...(error.retryAfterMs !== undefined ? { nextRetryDelay: error.retryAfterMs } : {}),
        });
      }
    },

    /** AgentPlatformConfigured, or AgentPlatformConfigurationFailed with the platform's reason. */
    async recordAgentPlatformOutcome(input: RecordAgentPlatformOutcomeInput): Promise<void> {
      await withCorrelationId(input.meta.correlationId, async () => {
        const { configuration, error } = input;
        const data = {
          orgId: input.orgId,
          agentId: input.agentId,
          provider: configuration.provider,
          providerAgentId: configuration.providerAgentId,
          transferToolNames: configuration.tools.map((t) => t.name),
        };
        const envelope = {
          eventId: input.eventId,
          aggregateId: input.agentId,
          orgId: input.orgId,
          correlationId: input.meta.correlationId,
          causationId: input.causationId,
        };
        await deps.events.publish([
          error
            ? createEvent({ ...envelope, type: 'AgentPlatformConfigurationFailed', data: { ...data, error } })
            : createEvent({ ...envelope, type: 'AgentPlatformConfigured', data }),
        ]);
        const log = { orgId: input.orgId, agentId: input.agentId, provider: configuration.provider, tools: data.transferToolNames.length };
        if (error) deps.logger.warn({ ...log, error }, 'agent transfer tools not configured on its platform');
        else deps.logger.info(log, 'agent transfer tools configured on its platform');
      });
    },
  };
}

export type AgentPlatformActivities = ReturnType<typeof createAgentPlatformActivities>;
