import type { EventOf } from '../../catalog';
import { ACTION } from '../../schemas/action.events';
import { documentProjection } from '../projection';
import { interactionActionsStore, type InteractionActionDoc } from './interaction-actions.repository';

type ActionEvent = EventOf<'ActionCreated'> | EventOf<'ActionCompleted'> | EventOf<'ActionDropped'>;

/**
 * The CRM actions of each interaction, so the post-call pipeline can follow up on the jobs a call booked.
 * A completion seen before its creation (a rebuild across partitions) still records the outcome; the
 * creation then fills in the rest without undoing it.
 */
export function evolveInteractionAction(state: InteractionActionDoc | null, event: ActionEvent): InteractionActionDoc | null {
  const at = new Date(event.occurredAt);
  const base: InteractionActionDoc = state ?? {
    actionId: event.data.actionId,
    orgId: event.data.orgId,
    interactionId: null,
    actionType: event.data.actionType,
    businessKey: '',
    payload: {},
    status: 'NEW',
    result: {},
    reason: null,
    createdAt: at,
    updatedAt: at,
  };
  switch (event.type) {
    case 'ActionCreated':
      if (state?.businessKey) return state; // a redelivery
      return { ...base, interactionId: event.data.interactionId, businessKey: event.data.businessKey, payload: event.data.payload, createdAt: at };
    case 'ActionCompleted':
      if (state?.status === 'COMPLETED') return state;
      return { ...base, status: 'COMPLETED', result: event.data.result, updatedAt: at };
    case 'ActionDropped':
      if (state?.status === 'DROPPED' || state?.status === 'COMPLETED') return state;
      return { ...base, status: 'DROPPED', reason: event.data.reason, updatedAt: at };
  }
}

export const interactionActionsProjection = documentProjection<InteractionActionDoc, ActionEvent>({
  name: 'interaction-actions',
  aggregateTypes: [ACTION],
  handles: ['ActionCreated', 'ActionCompleted', 'ActionDropped'],
  documentId: (e) => e.data.actionId,
  evolve: evolveInteractionAction,
  store: interactionActionsStore,
});
