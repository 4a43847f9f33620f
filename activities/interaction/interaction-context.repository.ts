import type { Db } from '../../prisma/client';
import type { InteractionContextReader } from './interaction-context.port';
import { listActionsOfInteraction } from '../../events/projections/interaction-actions/interaction-actions.repository';
import { findOrganizationPromptFields } from '../../events/projections/organizations/organizations.repository';

export function createInteractionContextReader(db: Db): InteractionContextReader {
  return {
    findOrganization: (orgId) => findOrganizationPromptFields(db, orgId),
    listActions: async (interactionId) => {
      const rows = await listActionsOfInteraction(db, interactionId);
      return rows.map((r) => ({ id: r.actionId, type: r.actionType, status: r.status, payload: r.payload as Record<string, unknown> }));
    },
  };
}
