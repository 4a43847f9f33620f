import useSWR from 'swr';
import { ChatLogsResponseSchema, WidgetDetailsSchema, type ChatLogEntry, type ChatLogsRequest, type WidgetDetails } from '@contracts/chat-widget.contract';
import { apiClient } from '../../../lib/api-client';

export type { ChatLogEntry, WidgetDetails };
export type ChatLogsQuery = Pick<ChatLogsRequest, 'orgId' | 'from' | 'to' | 'page' | 'pageSize'>;

/** 001 §7 POST /chat/logs: one page of the organization's website chats, newest first. */
export function useChatLogs(query: ChatLogsQuery | null) {
  return useSWR(query ? ['/chat/logs', query] : null, async () => (await apiClient.post('/chat/logs', query, ChatLogsResponseSchema)).entries, {
    keepPreviousData: true,
  });
}

/** 001 §7 GET /chat/details/{chatId}. */
export function useChatDetails(chatId: string) {
  return useSWR<WidgetDetails>(chatId ? ['/chat/details', chatId] : null, () =>
    apiClient.get(`/chat/details/${encodeURIComponent(chatId)}`, WidgetDetailsSchema),
  );
}
