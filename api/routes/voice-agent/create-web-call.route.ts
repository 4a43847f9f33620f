import { defineRoute } from '../../http/route';
import { createWebCall } from '../../use-cases/web-calls';
import { CreateWebCallRequestSchema, CreateWebCallResponseSchema } from './web-call.schema';

export const createWebCallRoute = defineRoute({
  method: 'post',
  path: '/create-web-call',
  summary: 'Start a web call with an in-house agent (spec 001 §2.16); the answer carries the access token turns must present',
  tag: 'Web calls',
  access: { kind: 'org', orgIdOf: ({ body }) => body.orgId },
  request: { body: CreateWebCallRequestSchema },
  response: { schema: CreateWebCallResponseSchema, description: 'The call, its access token and the agent greeting' },
  errors: [307, 401, 404],
  handler: ({ body, orgId, deps, req }) => createWebCall(deps, orgId!, body, req.correlationId),
});
