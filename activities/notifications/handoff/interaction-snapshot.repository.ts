import type { Db } from '../../../prisma/client';
import type { InteractionSnapshot, InteractionSnapshotReader } from './interaction-snapshot.port';
import { findOrganizationSummary } from '../../../events/projections/organizations/organizations.repository';
import { findInteraction } from '../../../events/projections/interactions/interactions.repository';
import { appliedEventIds } from '../../../events/processed-events.repository';

// The projection name of events/projections/interactions.
const INTERACTIONS_PROJECTION = 'interactions';

export function createInteractionSnapshotReader(db: Db): InteractionSnapshotReader {
  return {
    async findCaughtUp(interactionId, awaitEventIds) {
      const ids = awaitEventIds.flat();
      if (ids.length > 0) {
        const applied = await appliedEventIds(db, INTERACTIONS_PROJECTION, ids);
        if (!awaitEventIds.every((group) => group.some((id) => applied.has(id)))) return null;
      }
      const row = await findInteraction(db, interactionId);
      if (!row) return null;
      return {
        id: row.id,
        orgId: row.orgId,
        callStatus: row.callStatus,
        startedAt: row.startedAt,
        createdAt: row.createdAt,
        customerNumber: row.customerNumber,
        customerName: row.customerName,
        customerAddress: row.customerAddress,
        subject: row.subject,
        tags: row.tags,
        summary: row.summary as InteractionSnapshot['summary'],
        events: row.events as InteractionSnapshot['events'],
        agentType: row.agentType,
      };
    },
    findOrganization: (orgId) => findOrganizationSummary(db, orgId),
  };
}
