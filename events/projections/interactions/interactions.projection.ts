import type { EventOf } from '../../catalog';
import { INTERACTION } from '../../schemas/interaction.events';
import { documentProjection } from '../projection';
import { interactionsStore, type InteractionDoc } from './interactions.repository';
import { notifyInteractionChanged, notifyInteractionsChanged, type InteractionChange } from './interaction-changes';

export const INTERACTION_EVENT_TYPES = [
  'CallStarted',
  'CallEnded',
  'InteractionTranscribed',
  'CustomerIdentified',
  'InteractionClassified',
  'InteractionSummarized',
  'InteractionTagged',
  'CallScored',
  'VoicemailDetected',
  'InteractionReclassified',
  'InteractionReviewed',
  'InteractionEventRecorded',
  'DemoFollowUpRequested',
] as const;

export type InteractionEvent = EventOf<(typeof INTERACTION_EVENT_TYPES)[number]>;

/** The name of a demo visitor's follow-up request among an interaction's event records. */
export const DEMO_FOLLOW_UP_EVENT_NAME = 'demo_follow_up_requested';

const date = (iso: string | null) => (iso ? new Date(iso) : null);

/** The §4 status a call has when it ends, before (or instead of) classification. */
export function statusWhenEnded(event: EventOf<'CallEnded'>): string {
  const { record, timedOut } = event.data;
  if (timedOut || record.status === 'error') return 'ERROR';
  if (record.status === 'not-connected') return 'NO_ANSWER';
  if (record.endedReason === 'voicemail') return 'VOICEMAIL';
  return 'PROCESSING';
}

type InteractionIdentity = Pick<
  InteractionDoc,
  'id' | 'callId' | 'orgId' | 'provider' | 'providerCallId' | 'agentType' | 'voiceAgentId' | 'direction' | 'startedAt' | 'customerNumber'
>;

/** A call's row as it first enters the read model: who placed it and where, nothing yet of how it went. */
export function newInteractionDoc(identity: InteractionIdentity, at: Date): InteractionDoc {
  return {
    ...identity,
    callStatus: 'STARTED',
    callType: null,
    classificationReason: null,
    analysedBy: null,
    endedReason: null,
    endedAt: null,
    durationSeconds: null,
    recordingUrl: null,
    customerName: null,
    customerAddress: null,
    crmCustomerId: null,
    isLead: null,
    subject: null,
    tags: [],
    tagReasons: {},
    summary: [],
    summaryKind: null,
    transcriptObject: [],
    transcriptLines: [],
    callAnalysis: { call_summary: null, metadata: {} },
    scoreParams: null,
    reachedVoicemail: null,
    events: [],
    reviewedAt: null,
    reviewNotes: null,
    createdAt: identity.startedAt ?? at,
    updatedAt: at,
  };
}

export function evolveInteraction(state: InteractionDoc | null, event: InteractionEvent): InteractionDoc | null {
  const at = new Date(event.occurredAt);
  if (event.type === 'CallStarted') {
    if (state) return state;
    const d = event.data;
    return newInteractionDoc(
      {
        id: d.interactionId,
        callId: d.callId,
        orgId: d.orgId,
        provider: d.provider,
        providerCallId: d.providerCallId,
        agentType: d.agentType,
        voiceAgentId: d.voiceAgentId,
        direction: d.direction,
        startedAt: date(d.startedAt),
        customerNumber: d.customerNumber,
      },
      at,
    );
  }
  // Every interaction's events share one partition key, so CallStarted is always seen first.
  if (!state) return null;
  const next = { ...state, updatedAt: at > state.updatedAt ? at : state.updatedAt };
  switch (event.type) {
    case 'CallEnded': {
      const r = event.data.record;
      return {
        ...next,
        callStatus: statusWhenEnded(event),
        // A call started by a tool request may not have known these yet (Bland and Synthflow name only the call).
        direction: state.direction ?? r.direction,
        voiceAgentId: state.voiceAgentId ?? r.voiceAgentId,
        endedReason: r.endedReason,
        startedAt: date(r.startedAt) ?? state.startedAt,
        endedAt: date(r.endedAt),
        durationSeconds: r.durationSeconds,
        recordingUrl: r.recordingUrl,
        customerNumber: r.receiverId ?? state.customerNumber,
        transcriptObject: r.transcriptObject,
        callAnalysis: { call_summary: r.summary, metadata: r.metadata },
      };
    }
    case 'InteractionTranscribed':
      return { ...next, transcriptLines: event.data.lines };
    case 'CustomerIdentified': {
      const d = event.data;
      return {
        ...next,
        customerName: d.customerName,
        customerAddress: d.customerAddress,
        crmCustomerId: d.crmCustomerId,
        isLead: d.isLead,
        subject: d.subject,
      };
    }
    case 'InteractionClassified':
      return {
        ...next,
        callType: event.data.callType,
        callStatus: event.data.callStatus,
        classificationReason: event.data.reason,
        analysedBy: event.data.engine ?? state.analysedBy,
      };
    case 'InteractionSummarized':
      return { ...next, summary: event.data.summary, summaryKind: event.data.kind };
    case 'InteractionTagged':
      return { ...next, tags: event.data.tags, tagReasons: event.data.reasons };
    case 'CallScored':
      return { ...next, scoreParams: { ...event.data.flags, standout_summary: event.data.standoutSummary } };
    case 'VoicemailDetected': {
      const voicemail = event.data.reachedVoicemail && state.direction === 'outbound';
      return { ...next, reachedVoicemail: event.data.reachedVoicemail, callStatus: voicemail ? 'VOICEMAIL' : state.callStatus };
    }
    case 'InteractionReclassified': {
      const tags = [...new Set([...state.tags, ...event.data.tags])];
      return {
        ...next,
        callStatus: event.data.to,
        callType: event.data.to === 'EXCUSED' ? 'Excused' : 'Unbooked',
        tags,
        classificationReason: event.data.reason || state.classificationReason,
      };
    }
    case 'InteractionReviewed':
      return {
        ...next,
        reviewedAt: date(event.data.reviewedAt),
        reviewNotes: event.data.reviewNotes === undefined ? state.reviewNotes : event.data.reviewNotes,
      };
    case 'InteractionEventRecorded': {
      if (state.events.some((e) => e.id === event.data.recordId)) return state;
      const record = { id: event.data.recordId, created_at: event.occurredAt, name: event.data.name, metadata: event.data.metadata };
      return { ...next, events: [...state.events, record] };
    }
    case 'DemoFollowUpRequested': {
      // The call details show it among the call's events; a repeated request is the same event (its id is derived).
      if (state.events.some((e) => e.id === event.eventId)) return state;
      const record = {
        id: event.eventId,
        created_at: event.occurredAt,
        name: DEMO_FOLLOW_UP_EVENT_NAME,
        metadata: { email: event.data.email, phone: event.data.phone },
      };
      return { ...next, events: [...state.events, record] };
    }
  }
}

const interactionChange = (before: InteractionDoc | null, after: InteractionDoc): InteractionChange => ({
  interactionId: after.id,
  orgId: after.orgId,
  callStatus: after.callStatus,
  ended: after.endedAt !== null,
  justEnded: after.endedAt !== null && (before?.endedAt ?? null) === null,
});

export const interactionsProjection = documentProjection<InteractionDoc, InteractionEvent>({
  name: 'interactions',
  aggregateTypes: [INTERACTION],
  handles: INTERACTION_EVENT_TYPES,
  documentId: (e) => e.data.interactionId,
  evolve: evolveInteraction,
  store: interactionsStore,
  // Each row is one call's (its partition key's); the status counts partitions share are moved in key order.
  concurrentRuns: true,
  // Live calls (issue 13): the API's event streams hear of the change once this transaction commits.
  afterSave: (tx, before, after) => notifyInteractionChanged(tx, interactionChange(before, after)),
  afterSaveMany: (tx, changes) =>
    notifyInteractionsChanged(
      tx,
      changes.map((c) => interactionChange(c.before, c.after)),
    ),
});
