import type { Db } from '../../prisma/client';
import type { InteractionContextReader } from './interaction-context.port';

export function createInteractionContextReader(db: Db): InteractionContextReader {
  return {
    findOrganization: (orgId) =>
      db.organization.findUnique({ where: { id: orgId }, select: { name: true, timezone: true, tradesOffered: true } }),
  };
}
