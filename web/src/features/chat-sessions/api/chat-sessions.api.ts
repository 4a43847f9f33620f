import useSWR from 'swr';
import {
  ChatSessionLogsResponseSchema,
  ChatSessionSchema,
  type ChatSession,
  type ChatSessionLogsRequest,
  type ChatSessionLogsResponse,
} from '@contracts/chat-llm.contract';
import { apiClient } from '../../../lib/api-client';

export type { ChatSession };
export type ChatSessionEntry = ChatSessionLogsResponse['sessions'][number];
export type ChatSessionLogsQuery = Pick<ChatSessionLogsRequest, 'orgId' | 'from' | 'to' | 'page' | 'pageSize'>;

/** POST /chat-sessions/logs: one page of the organization's LLM chat sessions, newest first, without their messages. */
export function useChatSessionLogs(query: ChatSessionLogsQuery | null) {
  return useSWR(
    query ? ['/chat-sessions/logs', query] : null,
    async () => (await apiClient.post('/chat-sessions/logs', query, ChatSessionLogsResponseSchema)).sessions,
    { keepPreviousData: true },
  );
}

/** GET /chat-sessions/{sessionId}: the session with its messages. */
export function useChatSession(sessionId: string) {
  return useSWR<ChatSession>(sessionId ? ['/chat-sessions', sessionId] : null, () =>
    apiClient.get(`/chat-sessions/${encodeURIComponent(sessionId)}`, ChatSessionSchema),
  );
}
