import type { EventOf } from '../../catalog';
import { STAFF_USER } from '../../schemas/staff-user.events';
import { documentProjection } from '../projection';
import { staffInvitationsStore, type StaffInvitationDoc } from './staff-invitations.repository';

type InvitationEvent = EventOf<'StaffInvited'> | EventOf<'StaffInvitationResent'> | EventOf<'StaffInvitationCancelled'> | EventOf<'StaffInvitationAccepted'>;

export function evolveInvitation(state: StaffInvitationDoc | null, event: InvitationEvent): StaffInvitationDoc | null {
  const at = new Date(event.occurredAt);
  switch (event.type) {
    case 'StaffInvited': {
      const d = event.data;
      if (state?.email) return state; // a repeated delivery
      const details = {
        orgId: d.orgId,
        email: d.email.toLowerCase(),
        name: d.name,
        invitedBy: d.invitedByUserId,
        invitedAt: at,
        expiresAt: new Date(d.expiresAt),
      };
      // An acceptance that came first (it travels on the user's partition) keeps its status and role.
      if (state) return { ...state, ...details };
      return { id: d.invitationId, ...details, role: d.role, status: 'pending', respondedAt: null, acceptedUserId: null };
    }
    case 'StaffInvitationResent': {
      if (state?.status !== 'pending') return state;
      const expiresAt = new Date(event.data.expiresAt);
      if (state.expiresAt?.getTime() === expiresAt.getTime()) return state;
      return { ...state, expiresAt };
    }
    case 'StaffInvitationCancelled': {
      if (state?.status !== 'pending') return state;
      return { ...state, status: 'cancelled', respondedAt: at };
    }
    case 'StaffInvitationAccepted': {
      const d = event.data;
      if (state?.status === 'accepted') return state;
      const base: StaffInvitationDoc = state ?? {
        id: d.invitationId,
        orgId: d.orgId,
        email: null,
        name: null,
        role: d.role,
        status: 'pending',
        invitedBy: null,
        invitedAt: null,
        expiresAt: null,
        respondedAt: null,
        acceptedUserId: null,
      };
      return { ...base, role: d.role, status: 'accepted', respondedAt: at, acceptedUserId: d.userId };
    }
  }
}

export const staffInvitationsProjection = documentProjection<StaffInvitationDoc, InvitationEvent>({
  name: 'staff-invitations',
  aggregateTypes: [STAFF_USER],
  handles: ['StaffInvited', 'StaffInvitationResent', 'StaffInvitationCancelled', 'StaffInvitationAccepted'],
  documentId: (e) => e.data.invitationId,
  evolve: evolveInvitation,
  store: staffInvitationsStore,
});
