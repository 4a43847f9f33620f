import type { Request } from 'express';
import { hashPassword, needsRehash } from '../../lib/passwords';
import type { ApiDeps } from '../deps';
import { commandOrigin, publishCommand } from '../http/publish-command';

/**
 * After a successful login: a password hashed below today's cost (lib/passwords) is hashed again and the new
 * hash published as StaffUserPasswordRehashed, the staff directory's one other writer of password hashes. A
 * failure is logged and the login goes on: the old hash still verifies, and the next login tries again.
 */
export async function rehashPasswordIfOutdated(
  deps: Pick<ApiDeps, 'auth' | 'logger'>,
  req: Pick<Request, 'correlationId'>,
  user: { id: string; email: string; name: string; isOperator: boolean; passwordHash: string | null },
  password: string,
): Promise<void> {
  if (!user.passwordHash || !needsRehash(user.passwordHash)) return;
  try {
    const passwordHash = await hashPassword(password);
    await publishCommand(deps.auth.events, commandOrigin({ req, user }), [
      { type: 'StaffUserPasswordRehashed', aggregateId: user.id, orgId: null, data: { userId: user.id, passwordHash } },
    ]);
  } catch (err) {
    deps.logger.warn({ err, userId: user.id }, 'password rehash not stored; the next login tries again');
  }
}
