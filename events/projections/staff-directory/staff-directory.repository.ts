import { Prisma, type Db, type Tx } from '../../../prisma/client';
import type { DocumentStore } from '../projection';

export interface StaffDoc {
  /** Null while a membership has arrived before the registration (possible across partitions). */
  user: { id: string; email: string; name: string; passwordHash: string | null; isOperator: boolean; createdAt: Date } | null;
  memberships: { orgId: string; role: string; joinedAt: Date }[];
}

// Memberships that arrive before their user are parked in organization_members anyway (no FK), so
// the document is rebuilt from both tables.
export const staffDirectoryStore: DocumentStore<StaffDoc> = {
  async load(tx: Tx, userId: string) {
    const [user, memberships] = await Promise.all([
      tx.staffUser.findUnique({ where: { id: userId } }),
      tx.organizationMember.findMany({ where: { userId }, orderBy: { joinedAt: 'asc' } }),
    ]);
    if (!user && memberships.length === 0) return null;
    return { user, memberships: memberships.map((m) => ({ orgId: m.orgId, role: m.role, joinedAt: m.joinedAt })) };
  },
  async save(tx: Tx, userId: string, doc: StaffDoc) {
    if (doc.user) {
      const { id: _id, ...fields } = doc.user;
      await tx.staffUser.upsert({ where: { id: userId }, create: { id: userId, ...fields }, update: fields });
    }
    await tx.organizationMember.deleteMany({ where: { userId } });
    if (doc.memberships.length) {
      await tx.organizationMember.createMany({ data: doc.memberships.map((m) => ({ userId, ...m })) });
    }
  },
  async reset(tx: Tx) {
    await tx.organizationMember.deleteMany();
    await tx.staffUser.deleteMany();
  },
};

export const findStaffUserByEmail = (db: Db, email: string) => db.staffUser.findUnique({ where: { email } });

export const findStaffIdentity = (db: Db, userId: string) =>
  db.staffUser.findUnique({ where: { id: userId }, select: { id: true, email: true, name: true, isOperator: true } });

export const staffUserExists = async (db: Db, userId: string): Promise<boolean> => (await db.staffUser.count({ where: { id: userId } })) > 0;

export const listMembershipOrgIds = async (db: Db, userId: string): Promise<string[]> =>
  (await db.organizationMember.findMany({ where: { userId }, select: { orgId: true } })).map((m) => m.orgId);

/** The organization the user joined first, or null (001 §7 POST /org {userId}). */
export const findFirstMembershipOrgId = async (db: Db, userId: string): Promise<string | null> =>
  (await db.organizationMember.findFirst({ where: { userId }, orderBy: [{ joinedAt: 'asc' }, { orgId: 'asc' }], select: { orgId: true } }))?.orgId ?? null;

/** Whether the user is a member of the org (of that role, when one is given). */
const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/** Whether the user is a member of the org (in that role, when given): every org route's check, one raw EXISTS. */
export async function isMemberOf(db: Db, userId: string, orgId: string, role?: string): Promise<boolean> {
  if (!UUID.test(userId) || !UUID.test(orgId)) return false; // no member row has such an id
  const [row] = await db.$queryRaw<{ member: boolean }[]>`
    SELECT EXISTS (
      SELECT 1 FROM organization_members WHERE user_id = ${userId}::uuid AND org_id = ${orgId}::uuid ${role ? Prisma.sql`AND role = ${role}` : Prisma.empty}
    ) AS member`;
  return row.member;
}

export interface OrganizationMemberRow {
  userId: string;
  email: string;
  name: string;
  role: string;
  joinedAt: Date;
}

/** The organization's members with their names, admins first, then by when they joined. */
export async function listOrganizationMembers(db: Db, orgId: string): Promise<OrganizationMemberRow[]> {
  const members = await db.organizationMember.findMany({ where: { orgId }, orderBy: { joinedAt: 'asc' } });
  const users = await db.staffUser.findMany({ where: { id: { in: members.map((m) => m.userId) } }, select: { id: true, email: true, name: true } });
  const byId = new Map(users.map((u) => [u.id, u]));
  return members
    .flatMap((m) => {
      const u = byId.get(m.userId);
      // A membership parked before its user's registration has no one to show yet.
      return u ? [{ userId: m.userId, email: u.email, name: u.name, role: m.role, joinedAt: m.joinedAt }] : [];
    })
    .sort((a, b) => Number(b.role === 'admin') - Number(a.role === 'admin'));
}

export const findMembershipRole = async (db: Db, userId: string, orgId: string): Promise<string | null> =>
  (await db.organizationMember.findUnique({ where: { userId_orgId: { userId, orgId } }, select: { role: true } }))?.role ?? null;

export const countOrganizationAdmins = (db: Db, orgId: string) => db.organizationMember.count({ where: { orgId, role: 'admin' } });

export const findPasswordHash = async (db: Db, userId: string): Promise<string | null> =>
  (await db.staffUser.findUnique({ where: { id: userId }, select: { passwordHash: true } }))?.passwordHash ?? null;
