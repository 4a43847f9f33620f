import type { EventOf } from '../../catalog';
import { STAFF_USER } from '../../schemas/staff-user.events';
import { documentProjection } from '../projection';
import { staffDirectoryStore, type StaffDoc } from './staff-directory.repository';

type StaffEvent = EventOf<'StaffUserRegistered'> | EventOf<'StaffUserJoinedOrganization'> | EventOf<'StaffUserPasswordRehashed'>;

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
    case 'StaffUserPasswordRehashed': {
      // A rehash of a user not registered yet has nothing to change (registration always comes first in the user's stream).
      if (!state?.user) return state;
      return { ...state, user: { ...state.user, passwordHash: event.data.passwordHash } };
    }
    case 'StaffUserJoinedOrganization': {
      const d = event.data;
      const memberships = state?.memberships ?? [];
      if (memberships.some((m) => m.orgId === d.orgId && m.role === d.role)) return state;
      return {
        user: state?.user ?? null,
        memberships: [...memberships.filter((m) => m.orgId !== d.orgId), { orgId: d.orgId, role: d.role, joinedAt: at }],
      };
    }
  }
}

export const staffDirectoryProjection = documentProjection<StaffDoc, StaffEvent>({
  name: 'staff-directory',
  aggregateTypes: [STAFF_USER],
  handles: ['StaffUserRegistered', 'StaffUserJoinedOrganization', 'StaffUserPasswordRehashed'],
  documentId: (e) => e.data.userId,
  evolve: evolveStaff,
  store: staffDirectoryStore,
});
