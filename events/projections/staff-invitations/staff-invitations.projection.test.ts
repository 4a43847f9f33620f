import { createEvent } from '../../catalog';
import { evolveInvitation } from './staff-invitations.projection';
import type { StaffInvitationDoc } from './staff-invitations.repository';

const INVITATION = '9a8b7c6d-5e4f-4a3b-8c2d-1e0f9a8b7c6d';
const ORG = '0b6f4c1e-6a51-4f0e-9d0c-8a4f1c2b3d4e';
const ADMIN = '5c4d3e2f-1a0b-4c9d-8e7f-6a5b4c3d2e1f';
const USER = '1f2e3d4c-5b6a-4789-8a7b-6c5d4e3f2a1b';

const envelope = (eventId: string, occurredAt: string, aggregateId = INVITATION) => ({
  eventId,
  aggregateId,
  orgId: ORG,
  correlationId: 'request-0001',
  causationId: null,
  occurredAt: new Date(occurredAt),
});

const invited = createEvent({
  ...envelope('11111111-1111-4111-8111-111111111111', '2026-01-01T10:00:00.000Z'),
  type: 'StaffInvited',
  data: {
    invitationId: INVITATION,
    orgId: ORG,
    email: 'Sam@Acme.test',
    name: 'Sam',
    role: 'member',
    invitedByUserId: ADMIN,
    expiresAt: '2026-01-08T10:00:00.000Z',
  },
});
const resent = createEvent({
  ...envelope('22222222-2222-4222-8222-222222222222', '2026-01-05T10:00:00.000Z'),
  type: 'StaffInvitationResent',
  data: { invitationId: INVITATION, orgId: ORG, expiresAt: '2026-01-12T10:00:00.000Z' },
});
const cancelled = createEvent({
  ...envelope('33333333-3333-4333-8333-333333333333', '2026-01-06T10:00:00.000Z'),
  type: 'StaffInvitationCancelled',
  data: { invitationId: INVITATION, orgId: ORG },
});
const accepted = createEvent({
  ...envelope('44444444-4444-4444-8444-444444444444', '2026-01-07T10:00:00.000Z', USER),
  type: 'StaffInvitationAccepted',
  data: { invitationId: INVITATION, orgId: ORG, userId: USER, role: 'member' },
});

const pending: StaffInvitationDoc = {
  id: INVITATION,
  orgId: ORG,
  email: 'sam@acme.test',
  name: 'Sam',
  role: 'member',
  status: 'pending',
  invitedBy: ADMIN,
  invitedAt: new Date('2026-01-01T10:00:00.000Z'),
  expiresAt: new Date('2026-01-08T10:00:00.000Z'),
  respondedAt: null,
  acceptedUserId: null,
};

type Event = typeof invited | typeof resent | typeof cancelled | typeof accepted;
const replay = (events: Event[]) => events.reduce<StaffInvitationDoc | null>((s, e) => evolveInvitation(s, e), null);

describe('evolveInvitation', () => {
  it('records a pending invitation with the address in lower case', () => {
    expect(replay([invited])).toEqual(pending);
  });

  it('moves the expiry on a resend', () => {
    expect(replay([invited, resent])).toEqual({ ...pending, expiresAt: new Date('2026-01-12T10:00:00.000Z') });
  });

  it('cancels a pending invitation, and an accepted one stays accepted', () => {
    expect(replay([invited, cancelled])).toEqual({ ...pending, status: 'cancelled', respondedAt: new Date('2026-01-06T10:00:00.000Z') });
    expect(replay([invited, accepted, cancelled])?.status).toBe('accepted');
  });

  it('ignores a resend after a cancellation', () => {
    expect(replay([invited, cancelled, resent])?.expiresAt).toEqual(pending.expiresAt);
  });

  it('records who accepted', () => {
    expect(replay([invited, accepted])).toEqual({ ...pending, status: 'accepted', respondedAt: new Date('2026-01-07T10:00:00.000Z'), acceptedUserId: USER });
  });

  it('ends in the same state when the acceptance (on the user partition) arrives before the invitation', () => {
    expect(replay([accepted, invited])).toEqual(replay([invited, accepted]));
  });

  describe('delivering the same event twice', () => {
    it.each([
      ['StaffInvited', [invited]],
      ['StaffInvitationResent', [invited, resent]],
      ['StaffInvitationCancelled', [invited, cancelled]],
      ['StaffInvitationAccepted', [invited, accepted]],
      ['StaffInvitationAccepted before its invitation', [accepted]],
    ] as [string, Event[]][])('gives the same invitation as once for %s', (_name, events) => {
      const once = replay(events);

      expect(evolveInvitation(once, events[events.length - 1])).toEqual(once);
    });
  });
});
