import type { EventOf } from '../../catalog';
import { reclassifiedFields, reviewedFields, withEventRecord } from '../interaction-folds';
import { INTERACTION } from '../../schemas/interaction.events';
import { documentProjection } from '../projection';
import { widgetChatsStore, type WidgetChatDoc } from './widget-chats.repository';

export const WIDGET_CHAT_EVENT_TYPES = [
  'WidgetChatRegistered',
  'WidgetChatSlotsLookedUp',
  'WidgetChatAddressRecorded',
  'WidgetChatBookingSubmitted',
  'WidgetChatEnded',
  // The post-call pipeline's steps on a chat's interaction (a call's are ignored: no chat row has its id).
  'InteractionTranscribed',
  'InteractionClassified',
  'InteractionSummarized',
  'InteractionTagged',
  'InteractionReclassified',
  'InteractionReviewed',
  'InteractionEventRecorded',
] as const;

export type WidgetChatEvent = EventOf<(typeof WIDGET_CHAT_EVENT_TYPES)[number]>;

const STAGE_ORDER = ['PHONE_LOOKUP', 'SCHEDULE_LOOKUP', 'NEW_ADDRESS', 'CREATE_BOOKING'];
const furthest = (current: string, reached: string) => (STAGE_ORDER.indexOf(reached) > STAGE_ORDER.indexOf(current) ? reached : current);
// A retried request carries the chat details it had then; only a list at least as long replaces the one kept.
const details = (current: unknown[], given: unknown[] | null) => (given && given.length >= current.length ? given : current);

export function evolveWidgetChat(state: WidgetChatDoc | null, event: WidgetChatEvent): WidgetChatDoc | null {
  const at = new Date(event.occurredAt);
  if (event.type === 'WidgetChatRegistered') {
    if (state) return state;
    const d = event.data;
    return {
      interactionId: d.interactionId,
      chatId: d.chatId,
      orgId: d.orgId,
      widgetId: d.widgetId,
      deviceType: d.deviceType,
      stage: 'PHONE_LOOKUP',
      chatDetails: d.chatDetails,
      customerNumber: d.customerNumber,
      customerName: null,
      customerAddress: null,
      crmCustomerId: d.matchedCustomerIds.length === 1 ? d.matchedCustomerIds[0] : null,
      matchedCustomerIds: d.matchedCustomerIds,
      referer: d.referer,
      appointmentTime: null,
      bookingPayload: null,
      actionId: null,
      actionStatus: null,
      crmBookingId: null,
      endReason: null,
      endedAt: null,
      callStatus: 'PROCESSING',
      callType: null,
      callTypeReason: null,
      summary: [],
      tags: [],
      tagReasons: {},
      transcriptLines: [],
      events: [],
      reviewedAt: null,
      reviewNotes: null,
      createdAt: new Date(d.registeredAt),
      updatedAt: at,
    };
  }
  // A chat's events share its interaction's partition, so WidgetChatRegistered is always seen first.
  if (!state) return null;
  const next = { ...state, updatedAt: at > state.updatedAt ? at : state.updatedAt };
  switch (event.type) {
    case 'WidgetChatSlotsLookedUp':
      return { ...next, stage: furthest(state.stage, 'SCHEDULE_LOOKUP'), chatDetails: details(state.chatDetails, event.data.chatDetails) };
    case 'WidgetChatAddressRecorded':
      return {
        ...next,
        stage: furthest(state.stage, 'NEW_ADDRESS'),
        chatDetails: details(state.chatDetails, event.data.chatDetails),
        customerAddress: event.data.address,
        customerName: event.data.customerName,
        crmCustomerId: event.data.crmCustomerId ?? state.crmCustomerId,
      };
    case 'WidgetChatBookingSubmitted':
      return {
        ...next,
        stage: furthest(state.stage, 'CREATE_BOOKING'),
        chatDetails: details(state.chatDetails, event.data.chatDetails),
        bookingPayload: event.data.bookingPayload,
        appointmentTime: event.data.status === 'COMPLETED' ? event.data.appointmentTime : state.appointmentTime,
        actionId: event.data.actionId,
        actionStatus: event.data.status,
        crmBookingId: event.data.bookingId,
      };
    case 'WidgetChatEnded':
      return state.endedAt ? state : { ...next, endReason: event.data.reason, endedAt: new Date(event.data.endedAt) };
    case 'InteractionTranscribed':
      return { ...next, transcriptLines: event.data.lines };
    case 'InteractionClassified':
      return { ...next, callType: event.data.callType, callStatus: event.data.callStatus, callTypeReason: event.data.reason };
    case 'InteractionSummarized':
      return { ...next, summary: event.data.summary };
    case 'InteractionTagged':
      return { ...next, tags: event.data.tags, tagReasons: event.data.reasons };
    case 'InteractionReclassified':
      return { ...next, ...reclassifiedFields(state, event), callTypeReason: event.data.reason };
    case 'InteractionReviewed':
      return { ...next, ...reviewedFields(state, event) };
    case 'InteractionEventRecorded': {
      const events = withEventRecord(state.events, event);
      return events ? { ...next, events } : state;
    }
  }
}

export const widgetChatsProjection = documentProjection<WidgetChatDoc, WidgetChatEvent>({
  name: 'widget-chats',
  aggregateTypes: [INTERACTION],
  handles: WIDGET_CHAT_EVENT_TYPES,
  documentId: (e) => e.data.interactionId,
  evolve: evolveWidgetChat,
  store: widgetChatsStore,
  // Each row is one chat's interaction (its partition key's).
  concurrentRuns: true,
  // A chat's row is made by its start alone: a call's pipeline events, on the same topic, are passed over.
  chatsStartedBy: ['WidgetChatRegistered'],
});
