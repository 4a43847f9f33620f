import { createEvent } from '../../catalog';
import { evolveCapacitySettings } from './capacity-settings.projection';
import { evolveOrganization } from '../organizations/organizations.projection';

const ORG_ID = '0b6f4c1e-6a51-4f0e-9d0c-8a4f1c2b3d4e';
const changed = (eventId: string, settings: object, occurredAt = '2026-03-01T12:00:00.000Z') =>
  createEvent({
    eventId,
    type: 'OrganizationAvailabilityChanged',
    aggregateId: ORG_ID,
    orgId: ORG_ID,
    correlationId: 'c',
    causationId: null,
    occurredAt: new Date(occurredAt),
    data: { orgId: ORG_ID, settings },
  });

describe('capacity settings read model', () => {
  const availability = {
    regularHours: { Monday: [{ start: '08:00', end: '12:00' }] },
    emergencyHours: {},
    holidays: ['2026-12-25'],
    availabilityMessage: 'Closed on Christmas',
    lastUpdatedAt: '2026-03-01T12:00:00.000Z',
  };

  it('merges the sections saved and ignores the same event twice', () => {
    const first = changed('11111111-1111-4111-8111-111111111111', { schedule: { isAcp: true }, autoAssignTech: true, availability });
    const once = evolveCapacitySettings(null, first)!;
    expect(once.settings).toEqual({
      schedule: { isAcp: true, useAdaptiveCapacity: false, strategy: { defaultTimeBuffer: 2, priorityBasedTimeBuffer: {}, slots: [] } },
      autoAssignTech: true,
    });
    expect(evolveCapacitySettings(once, first)).toBe(once);
    const second = evolveCapacitySettings(
      once,
      changed('22222222-2222-4222-8222-222222222222', { emergency_config: { enabled: true } }, '2026-03-02T12:00:00.000Z'),
    )!;
    expect(second.settings).toMatchObject({ autoAssignTech: true, emergency_config: { enabled: true, offerSlotStrategy: 'callbacks' } });
    expect(second.streamVersion).toBe(2);
  });

  it('puts availability_config on the organization, once', () => {
    const org = { availabilityConfig: { regularHours: {}, emergencyHours: {}, holidays: [] }, streamVersion: 1 } as unknown as Parameters<
      typeof evolveOrganization
    >[0];
    const event = changed('33333333-3333-4333-8333-333333333333', { availability });
    const next = evolveOrganization(org, event)!;
    expect(next.availabilityConfig).toEqual(availability);
    expect(evolveOrganization(next, event)).toBe(next);
    expect(evolveOrganization(next, changed('44444444-4444-4444-8444-444444444444', { autoAssignTech: false }))).toBe(next);
  });
});
