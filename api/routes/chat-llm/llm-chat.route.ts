import { defineRoute } from '../../http/route';
import { llmChatAgent, loadLlmChat, newLlmChat, sendLlmChat } from '../../use-cases/chat-llm';
import {
  LlmChatAgentQuerySchema,
  LlmChatAgentResponseSchema,
  LoadLlmChatRequestSchema,
  LoadLlmChatResponseSchema,
  NewLlmChatRequestSchema,
  NewLlmChatResponseSchema,
  SendLlmChatRequestSchema,
  SendLlmChatResponseSchema,
} from './chat-llm.schema';

export const newLlmChatRoute = defineRoute({
  method: 'post',
  path: '/chat/llm/new',
  summary: "Opens an LLM chat session with the organization's chat agent (001 §2.7): the chat config's csrAgentId, else its chat CSR agent",
  tag: 'Chats',
  access: { kind: 'org', orgIdOf: ({ body }) => body.orgId },
  request: { body: NewLlmChatRequestSchema },
  response: { schema: NewLlmChatResponseSchema, description: 'The new session and the agent that answers it' },
  errors: [307, 401, 404],
  handler: ({ orgId, deps, req }) => newLlmChat(deps, orgId!, req.correlationId),
});

export const llmChatAgentRoute = defineRoute({
  method: 'get',
  path: '/chat/llm',
  summary: 'What a chat window needs before its first message: the agent (the one named, else the chat agent) and the chat settings',
  tag: 'Chats',
  access: { kind: 'org', orgIdOf: ({ query }) => query.orgId },
  request: { query: LlmChatAgentQuerySchema },
  response: { schema: LlmChatAgentResponseSchema, description: 'The agent and the chat settings' },
  errors: [307, 401, 404],
  handler: ({ query, orgId, deps }) => llmChatAgent(deps, orgId!, query.agentId),
});

export const loadLlmChatRoute = defineRoute({
  method: 'post',
  path: '/chat/llm',
  summary: 'An LLM chat session and its messages (001 §7); another organization’s session is not found',
  tag: 'Chats',
  access: { kind: 'org', orgIdOf: ({ body }) => body.orgId },
  request: { body: LoadLlmChatRequestSchema },
  response: { schema: LoadLlmChatResponseSchema, description: 'The session, its messages and whether it has ended' },
  errors: [307, 401, 404],
  handler: ({ body, orgId, deps }) => loadLlmChat(deps, orgId!, body.chatSessionId),
});

export const sendLlmChatRoute = defineRoute({
  method: 'put',
  path: '/chat/llm',
  summary: "Sends a message in an LLM chat session (001 §2.7, §4): the turn's new messages and chatEnded; once ended, nothing more is returned",
  tag: 'Chats',
  access: { kind: 'org', orgIdOf: ({ body }) => body.orgId },
  request: { body: SendLlmChatRequestSchema },
  response: { schema: SendLlmChatResponseSchema, description: "The turn's new messages and whether the chat has ended" },
  errors: [307, 401, 404],
  handler: ({ body, orgId, deps, req }) => sendLlmChat(deps, orgId!, body, req.correlationId),
});
