import { commandOrigin } from '../../http/publish-command';
import { defineRoute } from '../../http/route';
import { acceptInvitation } from '../../use-cases/team';
import { AcceptInviteRequestSchema } from '../team/team.schema';
import { SessionResponseSchema } from './auth.schema';
import { signIn } from './session-view';

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
    return signIn(deps, res, user);
  },
});
