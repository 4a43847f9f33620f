import { createHash, randomBytes } from 'node:crypto';
import type { Db } from '../../prisma/client';
import {
  findPendingInvitationByEmail,
  findStaffInvitation,
  listPendingInvitations,
} from '../../events/projections/staff-invitations/staff-invitations.repository';

export type StaffTokenPurpose = 'invitation' | 'password_reset';

const hash = (token: string) => createHash('sha256').update(token).digest('hex');

/**
 * Invitations as projected, and the single-use link tokens. staff_tokens is written here, outside the event
 * log, because a token is a secret (like a session): only its sha256 is stored, and the events say what happened.
 */
export function createTeamRepository(db: Db) {
  return {
    findInvitation: (id: string) => findStaffInvitation(db, id),
    listPendingInvitations: (orgId: string) => listPendingInvitations(db, orgId),
    findPendingInvitationByEmail: (orgId: string, email: string) => findPendingInvitationByEmail(db, orgId, email.toLowerCase()),

    /**
     * A new token for the subject. An invitation has one live link (a resend replaces it); reset links stay
     * until used or expired, so the requests for an address can be counted.
     */
    async issueToken(purpose: StaffTokenPurpose, subjectId: string, email: string, ttlMs: number): Promise<{ token: string; expiresAt: Date }> {
      const token = randomBytes(32).toString('base64url');
      const expiresAt = new Date(Date.now() + ttlMs);
      await db.$transaction([
        db.staffToken.deleteMany({ where: purpose === 'invitation' ? { purpose, subjectId } : { purpose, subjectId, expiresAt: { lte: new Date() } } }),
        db.staffToken.create({ data: { tokenHash: hash(token), purpose, subjectId, email: email.toLowerCase(), expiresAt } }),
      ]);
      return { token, expiresAt };
    },

    /** The subject of a live token, without using it up. */
    async peekToken(purpose: StaffTokenPurpose, token: string): Promise<string | null> {
      const row = await db.staffToken.findUnique({ where: { tokenHash: hash(token) } });
      return row && row.purpose === purpose && row.expiresAt > new Date() ? row.subjectId : null;
    },

    /** Uses the token up: true for exactly one caller, and only while it is live. */
    async consumeToken(purpose: StaffTokenPurpose, token: string): Promise<boolean> {
      const { count } = await db.staffToken.deleteMany({ where: { tokenHash: hash(token), purpose, expiresAt: { gt: new Date() } } });
      return count === 1;
    },

    revokeTokens: async (purpose: StaffTokenPurpose, subjectId: string) => void (await db.staffToken.deleteMany({ where: { purpose, subjectId } })),

    /** Reset links asked for an address since `since` (the per-address limit of forgot-password). */
    countTokensSince: (purpose: StaffTokenPurpose, email: string, since: Date) =>
      db.staffToken.count({ where: { purpose, email: email.toLowerCase(), createdAt: { gte: since } } }),
  };
}

export type TeamRepository = ReturnType<typeof createTeamRepository>;
