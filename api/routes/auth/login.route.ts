import { verifyPassword } from '../../../lib/passwords';
import { unauthorized } from '../../http/errors';
import { defineRoute } from '../../http/route';
import { rehashPasswordIfOutdated } from '../../use-cases/rehash-password';
import { LoginRequestSchema, SessionResponseSchema } from './auth.schema';
import { signIn } from './session-view';

export const loginRoute = defineRoute({
  method: 'post',
  path: '/auth/login',
  summary: 'Staff login: starts a session (HttpOnly cookie)',
  tag: 'Auth',
  access: { kind: 'public' },
  request: { body: LoginRequestSchema },
  response: { schema: SessionResponseSchema, description: 'Logged in' },
  errors: [401],
  async handler({ body, deps, req, res }) {
    const user = await deps.staff.findByEmail(body.email);
    // One message for both cases, so the form does not reveal which e-mails have accounts.
    if (!user || !(await verifyPassword(body.password, user.passwordHash))) throw unauthorized('Invalid email or password');
    await rehashPasswordIfOutdated(deps, req, user, body.password);
    return signIn(deps, res, user);
  },
});
