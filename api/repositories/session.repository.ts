import { createHash, randomBytes } from 'node:crypto';
import type { Db } from '../../prisma/client';

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
