import type { Db } from '../../prisma/client';
import { findOrganizationEnterpriseId, listOrganizationIdsOfEnterprises } from '../../events/projections/organizations/organizations.repository';
import { isEnterpriseAdministeredBy, listEnterprisesAdministeredBy } from '../../events/projections/enterprises/enterprises.repository';
import {
  countOrganizationAdmins,
  findFirstMembershipOrgId,
  findMembershipRole,
  findPasswordHash,
  findStaffIdentity,
  findStaffUserByEmail,
  isMemberOf,
  listMembershipOrgIds,
  listOrganizationMembers,
} from '../../events/projections/staff-directory/staff-directory.repository';

export interface StaffIdentity {
  id: string;
  email: string;
  name: string;
  isOperator: boolean;
}

export function createStaffRepository(db: Db) {
  async function isEnterpriseAdmin(user: StaffIdentity, orgId: string): Promise<boolean> {
    const enterpriseId = await findOrganizationEnterpriseId(db, orgId);
    if (!enterpriseId) return false;
    return isEnterpriseAdministeredBy(db, enterpriseId, user.email);
  }

  return {
    findByEmail: (email: string) => findStaffUserByEmail(db, email.trim().toLowerCase()),

    async findIdentity(userId: string): Promise<StaffIdentity | null> {
      return findStaffIdentity(db, userId);
    },

    listMembers: (orgId: string) => listOrganizationMembers(db, orgId),
    /** The user's role in the org, null when not a member. */
    roleIn: (userId: string, orgId: string) => findMembershipRole(db, userId, orgId),
    countAdmins: (orgId: string) => countOrganizationAdmins(db, orgId),
    passwordHashOf: (userId: string) => findPasswordHash(db, userId),
    membershipOrgIds: (userId: string) => listMembershipOrgIds(db, userId),

    /** Orgs a user may open: memberships, plus every org of an enterprise that lists the user as admin. */
    async accessibleOrganizationIds(user: StaffIdentity): Promise<string[]> {
      const [memberships, enterprises] = await Promise.all([listMembershipOrgIds(db, user.id), listEnterprisesAdministeredBy(db, user.email)]);
      const viaEnterprise = await listOrganizationIdsOfEnterprises(
        db,
        enterprises.map((e) => e.id),
      );
      return [...new Set([...memberships, ...viaEnterprise])];
    },

    async canAccessOrganization(user: StaffIdentity, orgId: string): Promise<boolean> {
      if (user.isOperator) return true; // internal operators support every organization
      if (await isMemberOf(db, user.id, orgId)) return true;
      return isEnterpriseAdmin(user, orgId);
    },

    firstOrganizationOf: (userId: string) => findFirstMembershipOrgId(db, userId),

    /** The enterprises whose admins list holds the user's e-mail. */
    enterprisesAdministeredBy: (user: StaffIdentity) => listEnterprisesAdministeredBy(db, user.email),

    /** Settings that hold credentials (the CRM connection): operators, the org's admins and its enterprise's admins. */
    async canManageOrganization(user: StaffIdentity, orgId: string): Promise<boolean> {
      if (user.isOperator) return true;
      return (await isMemberOf(db, user.id, orgId, 'admin')) || isEnterpriseAdmin(user, orgId);
    },
  };
}

export type StaffRepository = ReturnType<typeof createStaffRepository>;
