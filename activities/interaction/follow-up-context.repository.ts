import type { Db } from '../../prisma/client';
import type { FollowUpContextReader } from './follow-up-context.port';
import { listActionsOfInteraction } from '../../events/projections/interaction-actions/interaction-actions.repository';
import { findOrganizationCrmName } from '../../events/projections/organizations/organizations.repository';

export function createFollowUpContextReader(db: Db): FollowUpContextReader {
  return {
    async findCrmName(orgId) {
      return findOrganizationCrmName(db, orgId);
    },
    async listCompletedActions(interactionId) {
      const rows = await listActionsOfInteraction(db, interactionId, { completedOnly: true });
      return rows.map((r) => ({
        actionId: r.actionId,
        actionType: r.actionType,
        payload: r.payload as Record<string, unknown>,
        result: r.result as Record<string, string>,
      }));
    },
  };
}
