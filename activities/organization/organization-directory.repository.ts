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
    async membershipExists(userId, orgId) {
      const [user, member] = await Promise.all([
        db.staffUser.count({ where: { id: userId } }),
        db.organizationMember.count({ where: { userId, orgId } }),
      ]);
      return user > 0 && member > 0;
    },
  };
}
