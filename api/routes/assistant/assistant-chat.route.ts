import { defineRoute } from '../../http/route';
import { commandOrigin } from '../../http/publish-command';
import { askAssistant } from '../../use-cases/ai-assistant';
import { AssistantChatRequestSchema, AssistantChatResponseSchema } from './assistant.schema';
import { orgOfSession } from './assistant-session-access';

export const assistantChatRoute = defineRoute({
  method: 'post',
  path: '/ai-assistant',
  summary: "Asks the AI assistant about the session's call and the customer's earlier calls (spec 001 §2.15)",
  tag: 'AI assistant',
  access: { kind: 'org', orgIdOf: orgOfSession },
  request: { body: AssistantChatRequestSchema },
  response: {
    schema: AssistantChatResponseSchema,
    description: 'The reply (response) and the turn (messages), chatId, timestamp, and fallback: true when the engine could not answer',
  },
  errors: [404],
  handler: ({ body, deps, req, user }) => askAssistant(deps, body, commandOrigin({ req, user })),
});
