import type { Db } from '../../prisma/client';
import type { InteractionContextReader } from './interaction-context.port';

export function createInteractionContextReader(db: Db): InteractionContextReader {
  return {
    findOrganization: (orgId) =>
      db.organization.findUnique({ where: { id: orgId }, select: { name: true, timezone: true, tradesOffered: true, customInstructions: true } }),
    listActions: async (interactionId) => {
      const rows = await db.interactionAction.findMany({ where: { interactionId }, orderBy: { createdAt: 'asc' } });
      return rows.map((r) => ({ id: r.actionId, type: r.actionType, status: r.status, payload: r.payload as Record<string, unknown> }));
    },
  };
}
