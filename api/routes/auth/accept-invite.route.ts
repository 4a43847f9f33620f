import { commandOrigin } from '../../http/publish-command';
import { defineRoute } from '../../http/route';
import { setSessionCookie } from '../../http/session';
import { acceptInvitation } from '../../use-cases/team';
import { AcceptInviteRequestSchema } from '../team/team.schema';
import { SessionResponseSchema } from './auth.schema';
import { sessionView } from './session-view';

export const acceptInviteRoute = defineRoute({
  method: 'post',
  path: '/auth/accept-invite',
  summary: 'Accepts an invitation with its single-use token: sets the password of a new account (or checks an existing one) and signs in',
  tag: 'Auth',
  access: { kind: 'public' },
  request: { body: AcceptInviteRequestSchema },
  response: { schema: SessionResponseSchema, description: 'Signed in as a member of the organization' },
  async handler({ body, deps, req, res }) {
    const user = await acceptInvitation(deps, commandOrigin({ req, user: null }, 'invitation'), body.token, body.password);
    const session = await deps.sessions.create(user.id);
    setSessionCookie(res, session.token, session.expiresAt, deps.config.NODE_ENV === 'production');
    return sessionView(deps, user);
  },
});
