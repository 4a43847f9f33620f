import type { EventOf } from '../../catalog';
import { STAFF_USER } from '../../schemas/staff-user.events';
import { documentProjection } from '../projection';
import { staffDirectoryStore, type StaffDoc } from './staff-directory.repository';

type StaffEvent =
  | EventOf<'StaffUserRegistered'>
  | EventOf<'StaffUserJoinedOrganization'>
  | EventOf<'StaffUserPasswordRehashed'>
  | EventOf<'StaffUserPasswordReset'>
  | EventOf<'StaffInvitationAccepted'>
  | EventOf<'StaffRoleChanged'>
  | EventOf<'StaffRemovedFromOrganization'>;

function join(state: StaffDoc | null, orgId: string, role: string, at: Date): StaffDoc | null {
  const memberships = state?.memberships ?? [];
  if (memberships.some((m) => m.orgId === orgId && m.role === role)) return state;
  return { user: state?.user ?? null, memberships: [...memberships.filter((m) => m.orgId !== orgId), { orgId, role, joinedAt: at }] };
}

export function evolveStaff(state: StaffDoc | null, event: StaffEvent): StaffDoc | null {
  const at = new Date(event.occurredAt);
  switch (event.type) {
    case 'StaffUserRegistered': {
      const d = event.data;
      if (state?.user) return state;
      return {
        user: { id: d.userId, email: d.email.toLowerCase(), name: d.name, passwordHash: d.passwordHash, isOperator: d.isOperator, createdAt: at },
        memberships: state?.memberships ?? [],
      };
    }
    case 'StaffUserPasswordRehashed':
    case 'StaffUserPasswordReset': {
      // A new hash for a user not registered yet has nothing to change (registration always comes first in the user's stream).
      if (!state?.user || state.user.passwordHash === event.data.passwordHash) return state;
      return { ...state, user: { ...state.user, passwordHash: event.data.passwordHash } };
    }
    case 'StaffUserJoinedOrganization':
    case 'StaffInvitationAccepted':
      return join(state, event.data.orgId, event.data.role, at);
    case 'StaffRoleChanged': {
      const d = event.data;
      const current = state?.memberships.find((m) => m.orgId === d.orgId);
      // A role change for an organization the user has left changes nothing; the join date stays.
      if (!state || !current || current.role === d.role) return state;
      return { ...state, memberships: state.memberships.map((m) => (m.orgId === d.orgId ? { ...m, role: d.role } : m)) };
    }
    case 'StaffRemovedFromOrganization': {
      if (!state?.memberships.some((m) => m.orgId === event.data.orgId)) return state;
      return { ...state, memberships: state.memberships.filter((m) => m.orgId !== event.data.orgId) };
    }
  }
}

export const staffDirectoryProjection = documentProjection<StaffDoc, StaffEvent>({
  name: 'staff-directory',
  aggregateTypes: [STAFF_USER],
  handles: [
    'StaffUserRegistered',
    'StaffUserJoinedOrganization',
    'StaffUserPasswordRehashed',
    'StaffUserPasswordReset',
    'StaffInvitationAccepted',
    'StaffRoleChanged',
    'StaffRemovedFromOrganization',
  ],
  documentId: (e) => e.data.userId,
  evolve: evolveStaff,
  store: staffDirectoryStore,
});
