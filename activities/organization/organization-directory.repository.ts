import type { Db } from '../../prisma/client';
import type { OrganizationDirectory } from './organization-directory.port';

export function createOrganizationDirectory(db: Db): OrganizationDirectory {
  return {
    async findOrganizationIdBySlug(slug) {
      const row = await db.organization.findUnique({ where: { slug }, select: { id: true } });
      return row?.id ?? null;
    },
    async organizationExists(orgId) {
      return (await db.organization.count({ where: { id: orgId } })) > 0;
    },
  };
}
