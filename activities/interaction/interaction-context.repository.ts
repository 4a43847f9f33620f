import type { Db } from '../../prisma/client';
import type { InteractionContextReader } from './interaction-context.port';
import { defaultAgentsFor } from '../../domain/agents/agent-profile';
import type { WeeklyHours } from '../../domain/organization/organization-settings.schema';
import { defaultAgentId } from '../agent-runtime/agent-directory';
import { listActionsOfInteraction } from '../../events/projections/interaction-actions/interaction-actions.repository';
import { findOrganizationPromptFields } from '../../events/projections/organizations/organizations.repository';

export function createInteractionContextReader(db: Db): InteractionContextReader {
  return {
    async findOrganization(orgId) {
      const org = await findOrganizationPromptFields(db, orgId);
      if (!org) return null;
      const availability = (org.availabilityConfig ?? {}) as { regularHours?: WeeklyHours; holidays?: string[] };
      return {
        name: org.name,
        timezone: org.timezone,
        tradesOffered: org.tradesOffered,
        customInstructions: org.customInstructions,
        officeHours: { timezone: org.timezone, regularHours: availability.regularHours ?? null, holidays: availability.holidays ?? [] },
        // Agents have no table yet: the org's agents are its default ones, whose ids and types need no job types.
        agents: defaultAgentsFor(org, [], defaultAgentId).map((a) => ({ id: a.id, agentType: a.agentType })),
      };
    },
    listActions: async (interactionId) => {
      const rows = await listActionsOfInteraction(db, interactionId);
      return rows.map((r) => ({ id: r.actionId, type: r.actionType, status: r.status, payload: r.payload as Record<string, unknown> }));
    },
  };
}
