import { defineRoute } from '../../http/route';
import { commandOrigin } from '../../http/publish-command';
import { initAssistantSession } from '../../use-cases/ai-assistant';
import { AssistantInitRequestSchema, AssistantInitResponseSchema } from './assistant.schema';

export const assistantInitRoute = defineRoute({
  method: 'post',
  path: '/ai-assistant/init-session',
  summary: "Starts (or resumes) the CSR's AI assistant session about one call, with its initial message (spec 001 §2.15)",
  tag: 'AI assistant',
  access: { kind: 'org', orgIdOf: ({ body }) => body.orgId },
  request: { body: AssistantInitRequestSchema },
  response: { schema: AssistantInitResponseSchema, description: 'The session: chatId, initialMessage, status "initialized"' },
  errors: [404],
  handler: ({ body, deps, req, user }) => initAssistantSession(deps, body, user, commandOrigin({ req, user })),
});
