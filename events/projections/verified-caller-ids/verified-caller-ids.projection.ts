import type { EventOf } from '../../catalog';
import { VERIFIED_CALLER_ID } from '../../schemas/verified-caller-id.events';
import { documentProjection } from '../projection';
import { verifiedCallerIdsStore, type VerifiedCallerIdDoc } from './verified-caller-ids.repository';

type VerifiedCallerIdEvent =
  | EventOf<'VerifiedCallerIdAdded'>
  | EventOf<'VerifiedCallerIdValidationRequested'>
  | EventOf<'VerifiedCallerIdVerified'>
  | EventOf<'VerifiedCallerIdEdited'>
  | EventOf<'VerifiedCallerIdRemoved'>;

export function evolveVerifiedCallerId(state: VerifiedCallerIdDoc | null, event: VerifiedCallerIdEvent): VerifiedCallerIdDoc | null {
  const at = new Date(event.occurredAt);
  // A caller ID belongs to the org that added it; an event naming another org is not applied.
  if (state && state.orgId !== event.data.orgId) return state;
  if (event.type === 'VerifiedCallerIdAdded') {
    if (state) return state; // added once: a redelivery (or a late one after removal) changes nothing
    const d = event.data;
    return {
      id: d.callerIdId,
      orgId: d.orgId,
      phoneNumber: d.phoneNumber,
      friendlyName: d.friendlyName,
      provider: d.provider,
      providerId: null,
      verified: false,
      validationCode: d.validationCode,
      callSid: d.callSid,
      createdAt: at,
      updatedAt: at,
      deletedAt: null,
    };
  }
  if (!state || state.deletedAt) return state;
  switch (event.type) {
    case 'VerifiedCallerIdValidationRequested':
      if (state.verified || (state.validationCode === event.data.validationCode && state.callSid === event.data.callSid)) return state;
      return { ...state, validationCode: event.data.validationCode, callSid: event.data.callSid, updatedAt: at };
    case 'VerifiedCallerIdVerified':
      if (state.verified && state.providerId === event.data.providerId) return state;
      return { ...state, verified: true, providerId: event.data.providerId, updatedAt: at };
    case 'VerifiedCallerIdEdited':
      if (state.friendlyName === event.data.friendlyName) return state;
      return { ...state, friendlyName: event.data.friendlyName, updatedAt: at };
    case 'VerifiedCallerIdRemoved':
      return { ...state, deletedAt: at, updatedAt: at };
  }
}

export const verifiedCallerIdsProjection = documentProjection<VerifiedCallerIdDoc, VerifiedCallerIdEvent>({
  name: 'verified-caller-ids',
  aggregateTypes: [VERIFIED_CALLER_ID],
  handles: ['VerifiedCallerIdAdded', 'VerifiedCallerIdValidationRequested', 'VerifiedCallerIdVerified', 'VerifiedCallerIdEdited', 'VerifiedCallerIdRemoved'],
  documentId: (e) => e.data.callerIdId,
  evolve: evolveVerifiedCallerId,
  store: verifiedCallerIdsStore,
});
