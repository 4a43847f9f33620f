import { z } from 'zod';
import {
  AssistantChatResponseSchema,
  AssistantHistoryResponseSchema,
  AssistantInitResponseSchema,
  type AssistantHistoryMessage,
} from '@contracts/assistant.contract';
import { apiClient } from '../../../lib/api-client';

/** Spec 001 §2.15: the AI assistant's four routes. */

export type AssistantMessage = AssistantHistoryMessage & { fallback?: boolean };

/** timezone: the zone the assistant writes times in (the page passes the company's, as every page shows). */
export function startAssistantSession(request: { orgId: string; callId: string; csrEmail: string; timezone: string }) {
  return apiClient.post('/ai-assistant/init-session', request, AssistantInitResponseSchema);
}

export const askAssistant = (chatId: string, message: string) => apiClient.post('/ai-assistant', { chatId, message }, AssistantChatResponseSchema);

export const loadAssistantHistory = (chatId: string) => apiClient.post('/ai-assistant/history', { chatId }, AssistantHistoryResponseSchema);

// 204 has no body: the client reads it as undefined.
export const endAssistantSession = (chatId: string) => apiClient.post('/ai-assistant/end-chat', { chatId }, z.undefined());

/** The session this browser last had on a call, so reopening the call reloads its history. */
const storageKey = (callId: string) => `homeagent.assistant.${callId}`;
export const assistantSessionStore = {
  get(callId: string): string | null {
    try {
      return window.localStorage.getItem(storageKey(callId));
    } catch {
      return null;
    }
  },
  set(callId: string, chatId: string) {
    try {
      window.localStorage.setItem(storageKey(callId), chatId);
    } catch {
      // private mode: the session still works, it is just not reloaded next time
    }
  },
  forget(callId: string) {
    try {
      window.localStorage.removeItem(storageKey(callId));
    } catch {
      // as above
    }
  },
};

/** Questions a CSR asks most, offered as one-tap suggestions. */
export const ASSISTANT_SUGGESTIONS = ['What did the customer want?', 'Was anything booked?', 'Why was it not booked?', 'Previous calls?'];
