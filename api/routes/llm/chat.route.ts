import { defineRoute } from '../../http/route';
import { sendChatMessage } from '../../use-cases/llm/chat-sessions';
import { ChatRequestSchema, ChatResponseSchema } from './llm.schema';

export const chatRoute = defineRoute({
  method: 'post',
  path: '/llm/chat',
  summary: "Sends a message in an LLM chat session with one of the org's agents; the first message of a session id starts it",
  tag: 'LLM',
  access: { kind: 'org', orgIdOf: ({ body }) => body.orgId },
  request: { body: ChatRequestSchema },
  response: { schema: ChatResponseSchema, description: "The turn's new messages (the greeting first on a new session) and whether the agent ended the chat" },
  errors: [307, 401, 404],
  handler: ({ body, orgId, deps, req }) => sendChatMessage(deps, orgId!, body, req.correlationId),
});
