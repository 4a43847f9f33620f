import { defineRoute } from '../../http/route';
import { SessionResponseSchema } from './auth.schema';
import { sessionView } from './session-view';

export const sessionRoute = defineRoute({
  method: 'get',
  path: '/auth/session',
  summary: 'The logged-in user and the organizations they can open',
  tag: 'Auth',
  access: { kind: 'session' },
  response: { schema: SessionResponseSchema, description: 'Current session' },
  errors: [307],
  handler: async ({ user, deps }) => sessionView(deps, user!),
});
