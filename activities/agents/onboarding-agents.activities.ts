import type { AgentType } from '../../domain/interaction/interaction.schema';
import { newAgentConfig } from '../../domain/agents/agent-record';
import type { RunMeta } from '../../domain/run/run-meta';
import { createEvent } from '../../events/catalog';
import type { EventPublisher } from '../../events/bus/event-bus.port';
import { withCorrelationId } from '../../lib/correlation';
import type { Logger } from '../../lib/logger';
import { defaultAgentId, listCrmJobTypes } from '../agent-runtime/agent-directory';
import type { CrmProvider } from '../crm/crm.port';

export interface OnboardingAgentsDeps {
  events: EventPublisher;
  crm: CrmProvider;
  logger: Logger;
}

export interface CreateOnboardingAgentsInput {
  meta: RunMeta;
  causationId: string;
  orgId: string;
  /** The organization as onboarding creates it: its read model may not be projected yet. */
  organization: { name: string; timezone: string; tradesOffered: string[]; crmName: string };
  /** agents_config, each with ids fixed by the workflow so a retry publishes the same events. */
  agents: { agentType: AgentType; friendlyName: string | null; eventId: string; spareAgentId: string }[];
}

/**
 * The id of each configured agent, as POST /agent gives it: the first of a type takes that type's default agent id
 * (so the calls its default agent took stay its calls), a further one of the type its spare id.
 */
export function onboardingAgentIds(orgId: string, agents: CreateOnboardingAgentsInput['agents']): string[] {
  const seen = new Set<AgentType>();
  return agents.map((a) => {
    if (seen.has(a.agentType)) return a.spareAgentId;
    seen.add(a.agentType);
    return defaultAgentId(orgId, a.agentType);
  });
}

export function createOnboardingAgentsActivities({ events, crm, logger }: OnboardingAgentsDeps) {
  return {
    /** 000 §3 agents_config: an AgentCreated for each, with its type's defaults and the CRM's job types (after the CRM is set up). */
    async createOnboardingAgents(input: CreateOnboardingAgentsInput): Promise<{ agentIds: string[] }> {
      return withCorrelationId(input.meta.correlationId, async () => {
        const { orgId } = input;
        const org = { id: orgId, ...input.organization };
        const jobTypes = await listCrmJobTypes(crm, org);
        const agentIds = onboardingAgentIds(orgId, input.agents);
        await events.publish(
          input.agents.map((a, i) =>
            createEvent({
              eventId: a.eventId,
              type: 'AgentCreated',
              aggregateId: agentIds[i],
              orgId,
              data: { orgId, agentId: agentIds[i], agent: newAgentConfig(a.agentType, org, jobTypes, a.friendlyName ?? undefined) },
              correlationId: input.meta.correlationId,
              causationId: input.causationId,
            }),
          ),
        );
        logger.info({ orgId, agentIds, jobTypes: jobTypes.length }, 'onboarding agents created');
        return { agentIds };
      });
    },
  };
}

export type OnboardingAgentsActivities = ReturnType<typeof createOnboardingAgentsActivities>;
