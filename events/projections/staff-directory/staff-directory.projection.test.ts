import { createEvent, type EventOf } from '../../catalog';
import type { StaffUserJoinedOrganizationV1, StaffUserRegisteredV1 } from '../../schemas/staff-user.events';
import { evolveStaff } from './staff-directory.projection';
import type { StaffDoc } from './staff-directory.repository';

const USER_ID = '9a8b7c6d-5e4f-4a3b-8c2d-1e0f9a8b7c6d';
const ACME = '0b6f4c1e-6a51-4f0e-9d0c-8a4f1c2b3d4e';
const BRAVO = '5c4d3e2f-1a0b-4c9d-8e7f-6a5b4c3d2e1f';
const REGISTERED_AT = '2025-03-01T12:00:00.000Z';
const JOINED_AT = '2025-03-01T12:00:01.000Z';

const envelope = (eventId: string, occurredAt: string) => ({
  eventId,
  aggregateId: USER_ID,
  orgId: ACME,
  correlationId: 'request-0001',
  causationId: null,
  occurredAt: new Date(occurredAt),
});

function registered(data: Partial<StaffUserRegisteredV1> = {}): EventOf<'StaffUserRegistered'> {
  return createEvent({
    ...envelope('11111111-1111-4111-8111-111111111111', REGISTERED_AT),
    type: 'StaffUserRegistered',
    data: { userId: USER_ID, email: 'Owner@Acme-Air.test', name: 'Olivia Owner', passwordHash: 'scrypt$hash', isOperator: false, ...data },
  });
}

function joined(data: Partial<StaffUserJoinedOrganizationV1> = {}, at = JOINED_AT): EventOf<'StaffUserJoinedOrganization'> {
  return createEvent({
    ...envelope('22222222-2222-4222-8222-222222222222', at),
    type: 'StaffUserJoinedOrganization',
    data: { userId: USER_ID, orgId: ACME, role: 'admin', ...data },
  });
}

function rehashed(passwordHash: string): EventOf<'StaffUserPasswordRehashed'> {
  return createEvent({
    ...envelope('33333333-3333-4333-8333-333333333333', '2026-11-25T17:00:00.000Z'),
    type: 'StaffUserPasswordRehashed',
    data: { userId: USER_ID, passwordHash },
  });
}

const user = {
  id: USER_ID,
  email: 'owner@acme-air.test',
  name: 'Olivia Owner',
  passwordHash: 'scrypt$hash',
  isOperator: false,
  createdAt: new Date(REGISTERED_AT),
};
const adminOfAcme = { orgId: ACME, role: 'admin', joinedAt: new Date(JOINED_AT) };

function replay(events: Array<EventOf<'StaffUserRegistered'> | EventOf<'StaffUserJoinedOrganization'>>): StaffDoc | null {
  return events.reduce<StaffDoc | null>((state, event) => evolveStaff(state, event), null);
}

describe('evolveStaff', () => {
  it('replaces the password hash on a rehash, the same way when the event comes twice, and keeps the memberships', () => {
    const before = evolveStaff(evolveStaff(null, registered()), joined());
    const once = evolveStaff(before, rehashed('scrypt$131072$8$1$salt$key'));

    expect(once).toEqual({ user: { ...user, passwordHash: 'scrypt$131072$8$1$salt$key' }, memberships: [adminOfAcme] });
    expect(evolveStaff(once, rehashed('scrypt$131072$8$1$salt$key'))).toEqual(once);
  });

  it('ignores a rehash for a user it has not registered', () => {
    expect(evolveStaff(null, rehashed('scrypt$131072$8$1$salt$key'))).toBeNull();
  });

  it('registers a user without memberships, with the e-mail in lower case for login', () => {
    expect(evolveStaff(null, registered())).toEqual({ user, memberships: [] });
  });

  it('adds the organization the user joined', () => {
    expect(replay([registered(), joined()])).toEqual({ user, memberships: [adminOfAcme] });
  });

  it('parks a membership that arrives before its registration and keeps it when the user arrives', () => {
    // Registration and membership can travel on different partitions, so either may come first.
    const parked = evolveStaff(null, joined());

    expect(parked).toEqual({ user: null, memberships: [adminOfAcme] });
    expect(evolveStaff(parked, registered())).toEqual({ user, memberships: [adminOfAcme] });
  });

  it('ends in the same state whichever of registration and membership comes first', () => {
    expect(replay([joined(), registered()])).toEqual(replay([registered(), joined()]));
  });

  it('keeps the first registration of an address', () => {
    const first = evolveStaff(null, registered());

    expect(evolveStaff(first, registered({ name: 'Someone Else', isOperator: true }))).toBe(first);
  });

  it('lists each organization once, with the latest role', () => {
    const state = replay([registered(), joined(), joined({ orgId: BRAVO, role: 'csr' }), joined({ role: 'manager' }, '2025-04-01T00:00:00.000Z')]);

    expect(state?.memberships).toEqual([
      { orgId: BRAVO, role: 'csr', joinedAt: new Date(JOINED_AT) },
      { orgId: ACME, role: 'manager', joinedAt: new Date('2025-04-01T00:00:00.000Z') },
    ]);
  });

  describe('delivering the same event twice', () => {
    it('gives the same user as once for StaffUserRegistered', () => {
      const once = replay([registered()]);

      expect(evolveStaff(once, registered())).toEqual(once);
    });

    it('gives the same memberships as once for StaffUserJoinedOrganization', () => {
      const once = replay([registered(), joined()]);

      expect(evolveStaff(once, joined())).toEqual(once);
    });

    it('gives the same parked membership as once when the user has not arrived yet', () => {
      const once = replay([joined()]);

      expect(evolveStaff(once, joined())).toEqual(once);
    });
  });

  describe('team changes (issue 14)', () => {
    const INVITATION = '44444444-4444-4444-8444-444444444444';
    const at = (eventId: string, occurredAt: string) => envelope(eventId, occurredAt);
    const accepted = (role: 'admin' | 'member' = 'member') =>
      createEvent({
        ...at('55555555-5555-4555-8555-555555555555', '2025-03-02T09:00:00.000Z'),
        type: 'StaffInvitationAccepted',
        data: { invitationId: INVITATION, orgId: BRAVO, userId: USER_ID, role },
      });
    const roleChanged = (role: 'admin' | 'member') =>
      createEvent({
        ...at('66666666-6666-4666-8666-666666666666', '2025-03-03T09:00:00.000Z'),
        type: 'StaffRoleChanged',
        data: { userId: USER_ID, orgId: BRAVO, role },
      });
    const removed = (orgId = BRAVO) =>
      createEvent({
        ...at('77777777-7777-4777-8777-777777777777', '2025-03-04T09:00:00.000Z'),
        type: 'StaffRemovedFromOrganization',
        data: { userId: USER_ID, orgId },
      });
    const reset = createEvent({
      ...at('88888888-8888-4888-8888-888888888888', '2025-03-05T09:00:00.000Z'),
      type: 'StaffUserPasswordReset',
      data: { userId: USER_ID, passwordHash: 'scrypt$new' },
    });
    const member = { orgId: BRAVO, role: 'member', joinedAt: new Date('2025-03-02T09:00:00.000Z') };

    it('makes an accepted invitation a membership with its role, the same when delivered twice', () => {
      const once = evolveStaff(replay([registered(), joined()]), accepted());

      expect(once?.memberships).toEqual([adminOfAcme, member]);
      expect(evolveStaff(once, accepted())).toEqual(once);
    });

    it('changes the role of one membership and keeps its join date, the same when delivered twice', () => {
      const once = evolveStaff(evolveStaff(replay([registered(), joined()]), accepted()), roleChanged('admin'));

      expect(once?.memberships).toEqual([adminOfAcme, { ...member, role: 'admin' }]);
      expect(evolveStaff(once, roleChanged('admin'))).toEqual(once);
    });

    it('ignores a role change for an organization the user is not in', () => {
      const state = replay([registered(), joined()]);

      expect(evolveStaff(state, roleChanged('admin'))).toBe(state);
    });

    it('removes only the named organization, the same when delivered twice, and keeps the user', () => {
      const once = evolveStaff(evolveStaff(replay([registered(), joined()]), accepted()), removed());

      expect(once).toEqual({ user, memberships: [adminOfAcme] });
      expect(evolveStaff(once, removed())).toEqual(once);
    });

    it('stores the new hash of a password reset, the same when delivered twice', () => {
      const once = evolveStaff(replay([registered(), joined()]), reset);

      expect(once?.user?.passwordHash).toBe('scrypt$new');
      expect(evolveStaff(once, reset)).toEqual(once);
    });
  });
});
