import { defineRoute } from '../../http/route';
import { sendCallerTurn } from '../../use-cases/web-calls';
import { WebCallTurnRequestSchema, WebCallTurnResponseSchema } from './web-call.schema';

export const webCallTurnRoute = defineRoute({
  method: 'post',
  path: '/voice-agent/web-call/turn',
  summary: "Say something as the caller of a web call; answers with the agent's reply and the tools it called",
  tag: 'Web calls',
  access: { kind: 'org', orgIdOf: ({ body }) => body.orgId },
  request: { body: WebCallTurnRequestSchema },
  response: { schema: WebCallTurnResponseSchema, description: "The agent's reply" },
  errors: [307, 401, 404],
  handler: ({ body, orgId, deps }) => sendCallerTurn(deps, orgId!, body),
});
