import { defineRoute } from '../../http/route';
import { endWebCall } from '../../use-cases/web-calls';
import { EndWebCallRequestSchema, EndWebCallResponseSchema } from './web-call.schema';

export const endWebCallRoute = defineRoute({
  method: 'post',
  path: '/voice-agent/web-call/end',
  summary: 'Hang up a web call; it then becomes an interaction like any other call (ending it twice is harmless)',
  tag: 'Web calls',
  access: { kind: 'org', orgIdOf: ({ body }) => body.orgId },
  request: { body: EndWebCallRequestSchema },
  response: { schema: EndWebCallResponseSchema, description: 'How the call ended' },
  errors: [307, 401, 404],
  handler: ({ body, orgId, deps }) => endWebCall(deps, orgId!, body),
});
