import type { EventOf } from '../catalog';

/**
 * The steps every read model of an interaction (call, website chat, chat session) folds the same way from the
 * interaction's stream: a staff reclassification, a review, and an event record (e-mail sent, webhook delivered…).
 */

export function reclassifiedFields(state: { tags: string[] }, event: EventOf<'InteractionReclassified'>) {
  return {
    callStatus: event.data.to,
    callType: event.data.to === 'EXCUSED' ? 'Excused' : 'Unbooked',
    tags: [...new Set([...state.tags, ...event.data.tags])],
  };
}

export function reviewedFields(state: { reviewNotes: string | null }, event: EventOf<'InteractionReviewed'>) {
  return {
    reviewedAt: event.data.reviewedAt ? new Date(event.data.reviewedAt) : null,
    reviewNotes: event.data.reviewNotes === undefined ? state.reviewNotes : event.data.reviewNotes,
  };
}

export interface InteractionEventRecord {
  id: string;
  created_at: string;
  name: string;
  metadata: Record<string, unknown>;
}

/** The records with the event's appended; null when it is already there (a redelivery). */
export function withEventRecord<R extends InteractionEventRecord>(records: R[], event: EventOf<'InteractionEventRecorded'>): InteractionEventRecord[] | null {
  if (records.some((e) => e.id === event.data.recordId)) return null;
  return [...records, { id: event.data.recordId, created_at: event.occurredAt, name: event.data.name, metadata: event.data.metadata }];
}
