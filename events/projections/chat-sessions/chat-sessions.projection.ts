import type { EventOf } from '../../catalog';
import { reclassifiedFields, reviewedFields, withEventRecord } from '../interaction-folds';
import { INTERACTION } from '../../schemas/interaction.events';
import { documentProjection } from '../projection';
import { chatSessionsStore, type ChatSessionDoc } from './chat-sessions.repository';

export const CHAT_SESSION_EVENT_TYPES = [
  'ChatSessionStarted',
  'ChatSessionMessagesAdded',
  'ChatSessionEnded',
  // The post-call pipeline's steps on a session's interaction (a call's or a widget chat's are ignored: no session row has its id).
  'CustomerIdentified',
  'InteractionClassified',
  'InteractionSummarized',
  'InteractionTagged',
  'InteractionReclassified',
  'InteractionReviewed',
  'InteractionEventRecorded',
] as const;

export type ChatSessionEvent = EventOf<(typeof CHAT_SESSION_EVENT_TYPES)[number]>;

export function evolveChatSession(state: ChatSessionDoc | null, event: ChatSessionEvent): ChatSessionDoc | null {
  const at = new Date(event.occurredAt);
  if (event.type === 'ChatSessionStarted') {
    if (state) return state;
    const d = event.data;
    return {
      interactionId: d.interactionId,
      sessionId: d.sessionId,
      orgId: d.orgId,
      agentId: d.agentId,
      agentType: d.agentType,
      status: 'live',
      endReason: null,
      endedAt: null,
      messages: [],
      customerName: null,
      customerNumber: null,
      customerAddress: null,
      crmCustomerId: null,
      numberExtension: null,
      callStatus: 'PROCESSING',
      callType: null,
      summary: [],
      tags: [],
      events: [],
      reviewedAt: null,
      reviewNotes: null,
      createdAt: new Date(d.startedAt),
      updatedAt: at,
    };
  }
  // A session's events share its interaction's partition, so ChatSessionStarted is always seen first.
  if (!state) return null;
  const next = { ...state, updatedAt: at > state.updatedAt ? at : state.updatedAt };
  switch (event.type) {
    case 'ChatSessionMessagesAdded': {
      const known = new Set(state.messages.map((m) => m.id));
      const added = event.data.messages.filter((m) => !known.has(m.id));
      return added.length === 0 ? state : { ...next, messages: [...state.messages, ...added] };
    }
    case 'ChatSessionEnded':
      return state.endedAt
        ? state
        : {
            ...next,
            status: 'ended',
            endReason: event.data.reason,
            endedAt: new Date(event.data.endedAt),
            customerNumber: event.data.customerNumber ?? state.customerNumber,
          };
    case 'CustomerIdentified':
      return {
        ...next,
        customerName: event.data.customerName ?? state.customerName,
        customerAddress: event.data.customerAddress ?? state.customerAddress,
        crmCustomerId: event.data.crmCustomerId ?? state.crmCustomerId,
      };
    case 'InteractionClassified':
      return { ...next, callType: event.data.callType, callStatus: event.data.callStatus };
    case 'InteractionSummarized':
      return { ...next, summary: event.data.summary };
    case 'InteractionTagged':
      return { ...next, tags: event.data.tags };
    case 'InteractionReclassified':
      return { ...next, ...reclassifiedFields(state, event) };
    case 'InteractionReviewed':
      return { ...next, ...reviewedFields(state, event) };
    case 'InteractionEventRecorded': {
      const events = withEventRecord(state.events, event);
      return events ? { ...next, events } : state;
    }
  }
}

export const chatSessionsProjection = documentProjection<ChatSessionDoc, ChatSessionEvent>({
  name: 'chat-sessions',
  aggregateTypes: [INTERACTION],
  handles: CHAT_SESSION_EVENT_TYPES,
  documentId: (e) => e.data.interactionId,
  evolve: evolveChatSession,
  store: chatSessionsStore,
  // Each row is one session's interaction (its partition key's).
  concurrentRuns: true,
  // A chat's row is made by its start alone: a call's pipeline events, on the same topic, are passed over.
  chatsStartedBy: ['ChatSessionStarted'],
});
