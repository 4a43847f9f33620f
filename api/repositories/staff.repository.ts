import type { Db } from '../../prisma/client';

export interface StaffIdentity {
  id: string;
  email: string;
  name: string;
  isOperator: boolean;
}

export function createStaffRepository(db: Db) {
  async function isEnterpriseAdmin(user: StaffIdentity, orgId: string): Promise<boolean> {
    const org = await db.organization.findUnique({ where: { id: orgId }, select: { enterpriseId: true } });
    if (!org?.enterpriseId) return false;
    return (await db.enterprise.count({ where: { id: org.enterpriseId, admins: { has: user.email } } })) > 0;
  }

  return {
    findByEmail: (email: string) => db.staffUser.findUnique({ where: { email: email.trim().toLowerCase() } }),

    async findIdentity(userId: string): Promise<StaffIdentity | null> {
      return db.staffUser.findUnique({ where: { id: userId }, select: { id: true, email: true, name: true, isOperator: true } });
    },

    /** Orgs a user may open: memberships, plus every org of an enterprise that lists the user as admin. */
    async accessibleOrganizationIds(user: StaffIdentity): Promise<string[]> {
      const [memberships, enterprises] = await Promise.all([
        db.organizationMember.findMany({ where: { userId: user.id }, select: { orgId: true } }),
        db.enterprise.findMany({ where: { admins: { has: user.email } }, select: { id: true } }),
      ]);
      const viaEnterprise = enterprises.length
        ? await db.organization.findMany({ where: { enterpriseId: { in: enterprises.map((e) => e.id) } }, select: { id: true } })
        : [];
      return [...new Set([...memberships.map((m) => m.orgId), ...viaEnterprise.map((o) => o.id)])];
    },

    async canAccessOrganization(user: StaffIdentity, orgId: string): Promise<boolean> {
      if (user.isOperator) return true; // internal operators support every organization
      const member = await db.organizationMember.count({ where: { userId: user.id, orgId } });
      if (member > 0) return true;
      return isEnterpriseAdmin(user, orgId);
    },

    /** Settings that hold credentials (the CRM connection): operators, the org's admins and its enterprise's admins. */
    async canManageOrganization(user: StaffIdentity, orgId: string): Promise<boolean> {
      if (user.isOperator) return true;
      const admin = await db.organizationMember.count({ where: { userId: user.id, orgId, role: 'admin' } });
      return admin > 0 || isEnterpriseAdmin(user, orgId);
    },
  };
}

export type StaffRepository = ReturnType<typeof createStaffRepository>;
