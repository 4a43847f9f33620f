import { z } from 'zod';
import { defineRoute } from '../../http/route';
import { findChatSession, listChatSessions } from '../../use-cases/chat-llm';
import { listRangeOf } from '../../use-cases/list-range';
import { ChatSessionLogsRequestSchema, ChatSessionLogsResponseSchema, ChatSessionSchema } from './chat-llm.schema';

export const chatSessionLogsRoute = defineRoute({
  method: 'post',
  path: '/chat-sessions/logs',
  summary: 'LLM chat sessions of an organization in a date range, newest first, paged (001 §2.5, the call logs’ request)',
  tag: 'Chats',
  // A hot list of the Chats page: session, user and membership in one statement (register-routes).
  access: { kind: 'org', orgIdOf: ({ body }) => body.orgId, inInput: true },
  request: { body: ChatSessionLogsRequestSchema },
  response: { schema: ChatSessionLogsResponseSchema, description: 'One page of sessions, without their messages' },
  errors: [307, 401],
  handler: async ({ body, deps }) =>
    listChatSessions(deps, {
      orgId: body.orgId,
      agentId: body.agentId,
      ...(await listRangeOf(deps, body.orgId, body)),
      page: body.page,
      pageSize: body.pageSize,
    }),
});

export const chatSessionRoute = defineRoute({
  method: 'get',
  path: '/chat-sessions/:sessionId',
  summary: 'One LLM chat session with its messages, classification, summary, tags and review (001 §3 "Chat session")',
  tag: 'Chats',
  // An unknown session and another organization's answer alike: existence is not disclosed across tenants.
  access: { kind: 'org', orgIdOf: async ({ params }, deps) => (await deps.chatSessions.repository.findBySessionId(params.sessionId))?.orgId ?? null },
  request: { params: z.object({ sessionId: z.string().min(1).max(200) }) },
  response: { schema: ChatSessionSchema, description: 'The session' },
  errors: [307, 401, 404],
  handler: ({ params, deps }) => findChatSession(deps, params.sessionId),
});
