import { defineRoute } from '../../http/route';
import { clearSessionCookie, readSessionToken } from '../../http/session';
import { LogoutResponseSchema } from './auth.schema';

export const logoutRoute = defineRoute({
  method: 'post',
  path: '/auth/logout',
  summary: 'Ends the session',
  tag: 'Auth',
  access: { kind: 'public' },
  response: { schema: LogoutResponseSchema, description: 'Logged out (also when there was no session)' },
  async handler({ req, res, deps }) {
    const token = readSessionToken(req);
    if (token) await deps.sessions.revoke(token);
    clearSessionCookie(res);
    return { success: true as const };
  },
});
