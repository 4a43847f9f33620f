import type { Db } from '../../prisma/client';
import type { InteractionContextReader } from './interaction-context.port';
import { defaultAgentsFor } from '../../domain/agents/agent-profile';
import type { WeeklyHours } from '../../domain/organization/organization-settings.schema';
import { defaultAgentId } from '../agent-runtime/agent-directory';
import { listActionsOfInteraction } from '../../events/projections/interaction-actions/interaction-actions.repository';
import type { AgentType } from '../../domain/interaction/interaction.schema';
import { findOrganizationCallContext } from '../../events/projections/organizations/organizations.repository';

export function createInteractionContextReader(db: Db): InteractionContextReader {
  return {
    async findOrganization(orgId) {
      // Its prompt fields and its agents in one statement.
      const org = await findOrganizationCallContext(db, orgId);
      if (!org) return null;
      const availability = (org.availabilityConfig ?? {}) as { regularHours?: WeeklyHours; holidays?: string[] };
      return {
        name: org.name,
        timezone: org.timezone,
        tradesOffered: org.tradesOffered,
        customInstructions: org.customInstructions,
        officeHours: { timezone: org.timezone, regularHours: availability.regularHours ?? null, holidays: availability.holidays ?? [] },
        // Its recorded agents, and the default one of each type (call logs of before the records point at those).
        agents: [
          ...org.agents.map((a) => ({ id: a.id, providerAgentId: a.providerAgentId, agentType: a.agentType as AgentType })),
          ...defaultAgentsFor(org, [], defaultAgentId).map((a) => ({ id: a.id, agentType: a.agentType })),
        ],
      };
    },
    listActions: async (interactionId) => {
      const rows = await listActionsOfInteraction(db, interactionId);
      return rows.map((r) => ({ id: r.actionId, type: r.actionType, status: r.status, payload: r.payload as Record<string, unknown> }));
    },
  };
}
