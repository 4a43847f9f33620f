import type { Db } from '../../prisma/client';
import type { Organization } from '../../prisma/generated/client';

export type OrganizationRow = Organization;

export function createOrganizationRepository(db: Db) {
  return {
    findById: (id: string) => db.organization.findUnique({ where: { id } }),
    findBySlug: (slug: string) => db.organization.findUnique({ where: { slug } }),
    listAll: () =>
      db.organization.findMany({ orderBy: { name: 'asc' }, select: { id: true, name: true, slug: true, onboardingStatus: true } }),
    listByIds: (ids: string[]) =>
      db.organization.findMany({
        where: { id: { in: ids } },
        orderBy: { name: 'asc' },
        select: { id: true, name: true, slug: true, onboardingStatus: true },
      }),
    async ping(): Promise<void> {
      await db.$queryRaw`SELECT 1`;
    },
  };
}

export type OrganizationRepository = ReturnType<typeof createOrganizationRepository>;
