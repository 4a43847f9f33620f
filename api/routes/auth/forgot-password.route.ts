import { defineRoute } from '../../http/route';
import { requestPasswordReset } from '../../use-cases/team';
import { ForgotPasswordRequestSchema, TeamOkResponseSchema } from '../team/team.schema';

export const forgotPasswordRoute = defineRoute({
  method: 'post',
  path: '/auth/forgot-password',
  summary: 'E-mails a single-use password reset link valid 60 minutes to an address with an account (3 per address per hour)',
  tag: 'Auth',
  access: { kind: 'public' },
  request: { body: ForgotPasswordRequestSchema },
  response: { schema: TeamOkResponseSchema, description: 'The same answer whether or not the address has an account, and when its hourly limit is reached' },
  async handler({ body, deps }) {
    await requestPasswordReset(deps, body.email);
    return { success: true as const };
  },
});
