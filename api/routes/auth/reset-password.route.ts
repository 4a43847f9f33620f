import { commandOrigin } from '../../http/publish-command';
import { defineRoute } from '../../http/route';
import { resetPassword } from '../../use-cases/team';
import { ResetPasswordRequestSchema } from '../team/team.schema';
import { SessionResponseSchema } from './auth.schema';
import { signIn } from './session-view';

export const resetPasswordRoute = defineRoute({
  method: 'post',
  path: '/auth/reset-password',
  summary: "Sets a new password with a reset link's single-use token, ends every other session of the user and signs this one in",
  tag: 'Auth',
  access: { kind: 'public' },
  request: { body: ResetPasswordRequestSchema },
  response: { schema: SessionResponseSchema, description: 'Signed in with the new password' },
  async handler({ body, deps, req, res }) {
    const user = await resetPassword(deps, commandOrigin({ req, user: null }, 'password-reset'), body.token, body.password);
    return signIn(deps, res, user);
  },
});
