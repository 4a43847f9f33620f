import { defineRoute } from '../../http/route';
import { assistantHistory } from '../../use-cases/ai-assistant';
import { AssistantChatIdRequestSchema, AssistantHistoryResponseSchema } from './assistant.schema';
import { orgOfSession } from './assistant-session-access';

export const assistantHistoryRoute = defineRoute({
  method: 'post',
  path: '/ai-assistant/history',
  summary: "The AI assistant session's messages, the initial message first, and whether it has ended (spec 001 §2.15)",
  tag: 'AI assistant',
  access: { kind: 'org', orgIdOf: orgOfSession },
  request: { body: AssistantChatIdRequestSchema },
  response: { schema: AssistantHistoryResponseSchema, description: 'The messages (role user|assistant)' },
  errors: [404],
  handler: ({ body, deps }) => assistantHistory(deps, body.chatId),
});
