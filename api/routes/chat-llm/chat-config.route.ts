import { defineRoute } from '../../http/route';
import { getChatConfig, updateChatConfig } from '../../use-cases/chat-llm';
import { ChatConfigQuerySchema, ChatConfigResponseSchema, ChatConfigUpdateRequestSchema } from './chat-llm.schema';

export const getChatConfigRoute = defineRoute({
  method: 'get',
  path: '/chat/config',
  summary: "The organization's chat agent settings (001 §2.7): the spec's defaults until first saved",
  tag: 'Chats',
  access: { kind: 'org', orgIdOf: ({ query }) => query.orgId },
  request: { query: ChatConfigQuerySchema },
  response: { schema: ChatConfigResponseSchema, description: 'The chat settings' },
  errors: [307, 401],
  handler: ({ orgId, deps }) => getChatConfig(deps, orgId!),
});

export const updateChatConfigRoute = defineRoute({
  method: 'put',
  path: '/chat/config',
  summary: "Saves the organization's chat agent settings (001 §2.7): the fields given replace the saved ones",
  tag: 'Chats',
  access: { kind: 'org', orgIdOf: ({ body }) => body.orgId },
  request: { body: ChatConfigUpdateRequestSchema },
  response: { schema: ChatConfigResponseSchema, description: 'The saved settings' },
  errors: [307, 401],
  handler: ({ body, user, deps, req }) => updateChatConfig(deps, { req, user }, body),
});
