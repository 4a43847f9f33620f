import type { Db } from '../../prisma/client';
import type { OrganizationDirectory } from './organization-directory.port';
import { findOrganizationIdBySlug, organizationExists } from '../../events/projections/organizations/organizations.repository';
import { countAgentsOf } from '../../events/projections/agents/agents.repository';
import { isMemberOf, staffUserExists } from '../../events/projections/staff-directory/staff-directory.repository';

export function createOrganizationDirectory(db: Db): OrganizationDirectory {
  return {
    async findOrganizationIdBySlug(slug) {
      return findOrganizationIdBySlug(db, slug);
    },
    async organizationExists(orgId) {
      return organizationExists(db, orgId);
    },
    async membershipExists(userId, orgId) {
      const [user, member] = await Promise.all([staffUserExists(db, userId), isMemberOf(db, userId, orgId)]);
      return user && member;
    },
    async agentsRecorded(orgId, agentIds) {
      return agentIds.length === 0 || (await countAgentsOf(db, orgId, agentIds)) === new Set(agentIds).size;
    },
  };
}
