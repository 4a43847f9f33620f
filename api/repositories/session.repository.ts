import { createHash, randomBytes } from 'node:crypto';
import type { Db } from '../../prisma/client';
import type { StaffIdentity } from './staff.repository';

const hash = (token: string) => createHash('sha256').update(token).digest('hex');

export function createSessionRepository(db: Db, ttlHours: number) {
  return {
    async create(userId: string): Promise<{ token: string; expiresAt: Date }> {
      const token = randomBytes(32).toString('base64url');
      const expiresAt = new Date(Date.now() + ttlHours * 3_600_000);
      await db.staffSession.create({ data: { tokenHash: hash(token), userId, expiresAt } });
      return { token, expiresAt };
    },
    async findUserId(token: string): Promise<string | null> {
      const session = await db.staffSession.findUnique({ where: { tokenHash: hash(token) } });
      if (!session || session.expiresAt <= new Date()) return null;
      return session.userId;
    },
    /**
     * The staff user a live session belongs to, in one round trip (every request with a session asks it): the
     * session by its token's hash joined to the user's identity; null for an unknown, expired or orphaned session.
     */
    async findIdentity(token: string): Promise<StaffIdentity | null> {
      const rows = await db.$queryRaw<StaffIdentity[]>`
        SELECT u.id, u.email, u.name, u.is_operator AS "isOperator"
        FROM staff_sessions s JOIN staff_users u ON u.id = s.user_id
        WHERE s.token_hash = ${hash(token)} AND s.expires_at > ${new Date()}`;
      return rows[0] ?? null;
    },
    async revoke(token: string): Promise<void> {
      await db.staffSession.deleteMany({ where: { tokenHash: hash(token) } });
    },
    /** Ends every session of the user (removed from an organization, or a password reset). */
    async revokeAllForUser(userId: string): Promise<number> {
      return (await db.staffSession.deleteMany({ where: { userId } })).count;
    },
  };
}

export type SessionRepository = ReturnType<typeof createSessionRepository>;
