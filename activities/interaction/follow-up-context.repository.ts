import type { Db } from '../../prisma/client';
import type { FollowUpContextReader } from './follow-up-context.port';

export function createFollowUpContextReader(db: Db): FollowUpContextReader {
  return {
    async findCrmName(orgId) {
      return (await db.organization.findUnique({ where: { id: orgId }, select: { crmName: true } }))?.crmName ?? null;
    },
    async listCompletedActions(interactionId) {
      const rows = await db.interactionAction.findMany({ where: { interactionId, status: 'COMPLETED' }, orderBy: { createdAt: 'asc' } });
      return rows.map((r) => ({
        actionId: r.actionId,
        actionType: r.actionType,
        payload: r.payload as Record<string, unknown>,
        result: r.result as Record<string, string>,
      }));
    },
  };
}
