import type { Tx } from '../../../prisma/client';
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
