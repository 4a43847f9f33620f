import type { Db, Tx } from '../../../prisma/client';
import type { DocumentStore } from '../projection';

export interface StaffInvitationDoc {
  id: string;
  orgId: string;
  /** Null only while the acceptance (on the user's partition) has arrived before the invitation. */
  email: string | null;
  name: string | null;
  role: string;
  status: 'pending' | 'accepted' | 'cancelled';
  invitedBy: string | null;
  invitedAt: Date | null;
  expiresAt: Date | null;
  respondedAt: Date | null;
  acceptedUserId: string | null;
}

/** The one owner of staff_invitations. */
export const staffInvitationsStore: DocumentStore<StaffInvitationDoc> = {
  async load(tx: Tx, id: string) {
    const row = await tx.staffInvitation.findUnique({ where: { id } });
    return row ? { ...row, status: row.status as StaffInvitationDoc['status'] } : null;
  },
  async save(tx: Tx, id: string, doc: StaffInvitationDoc) {
    const { id: _id, ...fields } = doc;
    await tx.staffInvitation.upsert({ where: { id }, create: { id, ...fields }, update: fields });
  },
  async reset(tx: Tx) {
    await tx.staffInvitation.deleteMany();
  },
};

export async function findStaffInvitation(db: Db, id: string): Promise<StaffInvitationDoc | null> {
  const row = await db.staffInvitation.findUnique({ where: { id } });
  return row ? { ...row, status: row.status as StaffInvitationDoc['status'] } : null;
}

/** The organization's invitations still waiting for an answer (expired ones too: they can be resent), newest first. */
export async function listPendingInvitations(db: Db, orgId: string): Promise<StaffInvitationDoc[]> {
  const rows = await db.staffInvitation.findMany({ where: { orgId, status: 'pending' }, orderBy: [{ invitedAt: 'desc' }, { id: 'asc' }] });
  return rows.map((r) => ({ ...r, status: 'pending' as const }));
}

/** The pending invitation of an address to an organization, if any (an address is invited once at a time). */
export async function findPendingInvitationByEmail(db: Db, orgId: string, email: string): Promise<StaffInvitationDoc | null> {
  const row = await db.staffInvitation.findFirst({ where: { orgId, email, status: 'pending' } });
  return row ? { ...row, status: 'pending' } : null;
}
