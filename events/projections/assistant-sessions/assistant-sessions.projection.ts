import type { EventOf } from '../../catalog';
import { ASSISTANT_SESSION } from '../../schemas/assistant.events';
import { documentProjection } from '../projection';
import { assistantSessionsStore, type AssistantSessionDoc } from './assistant-sessions.repository';

type AssistantSessionEvent = EventOf<'AssistantSessionStarted'> | EventOf<'AssistantQuestionAnswered'> | EventOf<'AssistantSessionEnded'>;

/**
 * One document per session: the initial message, then each question with its reply in the order the stream
 * has them. A redelivered event finds its messages (or the end) already there and changes nothing.
 */
export function evolveAssistantSession(state: AssistantSessionDoc | null, event: AssistantSessionEvent): AssistantSessionDoc | null {
  switch (event.type) {
    case 'AssistantSessionStarted': {
      if (state) return state;
      const d = event.data;
      return {
        chatId: d.chatId,
        orgId: d.orgId,
        interactionId: d.interactionId,
        csrEmail: d.csrEmail,
        startedBy: d.userId,
        timezone: d.timezone,
        status: 'initialized',
        messages: [{ id: `${d.chatId}:initial`, role: 'assistant', content: d.initialMessage, timestamp: d.startedAt }],
        startedAt: new Date(d.startedAt),
        endedAt: null,
        updatedAt: new Date(d.startedAt),
      };
    }
    case 'AssistantQuestionAnswered': {
      const d = event.data;
      // The stream starts with AssistantSessionStarted; an exchange without it has no session to join.
      if (!state || state.messages.some((m) => m.id === `${d.exchangeId}:q`)) return state;
      return {
        ...state,
        messages: [
          ...state.messages,
          { id: `${d.exchangeId}:q`, role: 'user', content: d.question, timestamp: d.askedAt },
          { id: `${d.exchangeId}:a`, role: 'assistant', content: d.answer, timestamp: d.answeredAt, ...(d.fallback ? { fallback: true } : {}) },
        ],
        updatedAt: new Date(d.answeredAt),
      };
    }
    case 'AssistantSessionEnded': {
      if (!state || state.status === 'ended') return state;
      return { ...state, status: 'ended', endedAt: new Date(event.data.endedAt), updatedAt: new Date(event.data.endedAt) };
    }
  }
}

export const assistantSessionsProjection = documentProjection<AssistantSessionDoc, AssistantSessionEvent>({
  name: 'assistant-sessions',
  aggregateTypes: [ASSISTANT_SESSION],
  handles: ['AssistantSessionStarted', 'AssistantQuestionAnswered', 'AssistantSessionEnded'],
  documentId: (e) => e.data.chatId,
  evolve: evolveAssistantSession,
  store: assistantSessionsStore,
});
