import { createHash, randomBytes } from 'node:crypto';
import { Prisma, queryRows, type Db } from '../../prisma/client';
import type { StaffIdentity } from './staff.repository';

const hash = (token: string) => createHash('sha256').update(token).digest('hex');
const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

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
    /**
     * findIdentity and staff.canAccessOrganization in one round trip, for the routes that name their organization in
     * their input (the Calls page's reads): the live session's user and whether that user may open `orgId`, by the same
     * rule (an operator; a member; an admin of the organization's enterprise, by e-mail). Null as findIdentity.
     */
    async findIdentityWithAccess(token: string, orgId: string): Promise<{ user: StaffIdentity; canAccess: boolean } | null> {
      // No member row or organization has an id that is not a UUID (staff-directory's isMemberOf refuses them too).
      const org = UUID.test(orgId) ? orgId : null;
      // Straight from the pool (queryRows): every request of the Calls page asks it.
      const rows = await queryRows<StaffIdentity & { canAccess: boolean }>(
        db,
        Prisma.sql`
        SELECT u.id, u.email, u.name, u.is_operator AS "isOperator",
          (u.is_operator
            OR EXISTS (SELECT 1 FROM organization_members m WHERE m.user_id = u.id AND m.org_id = ${org}::uuid)
            OR EXISTS (
              SELECT 1 FROM organizations o JOIN enterprises e ON e.id = o.enterprise_id
              WHERE o.id = ${org}::uuid AND u.email = ANY (e.admins)
            )) AS "canAccess"
        FROM staff_sessions s JOIN staff_users u ON u.id = s.user_id
        WHERE s.token_hash = ${hash(token)} AND s.expires_at > ${new Date()}`,
      );
      if (!rows[0]) return null;
      const { canAccess, ...user } = rows[0];
      return { user, canAccess: canAccess === true };
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
