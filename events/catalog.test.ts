import { createEvent, InvalidEventError, latestVersionOf, parseEvent } from './catalog';
import type { OrganizationCreatedV1 } from './schemas/organization.events';

const ORG_ID = '0b6f4c1e-6a51-4f0e-9d0c-8a4f1c2b3d4e';
const EVENT_ID = '7d3c2b1a-0f9e-4d8c-b7a6-5f4e3d2c1b0a';

const organization: OrganizationCreatedV1 = {
  orgId: ORG_ID,
  name: 'Acme Air',
  slug: 'acme-air',
  timezone: 'America/Denver',
  crmName: 'servicetitan',
  officeEmail: 'office@acme-air.test',
  adminEmails: ['owner@acme-air.test'],
  tradesOffered: ['HVAC'],
  enterpriseId: null,
  regularHours: { Monday: [{ start: '08:00', end: '16:00' }] },
  emergencyHours: null,
};

function organizationCreated() {
  return createEvent({
    eventId: EVENT_ID,
    type: 'OrganizationCreated',
    aggregateId: ORG_ID,
    orgId: ORG_ID,
    data: organization,
    correlationId: 'request-0001',
    causationId: 'workflow:onboarding/acme-air',
    occurredAt: new Date('2025-03-01T12:00:00.000Z'),
  });
}

/** The event as a consumer reads it off the log, with one field changed. */
function rawWith(changes: Record<string, unknown>): unknown {
  return { ...JSON.parse(JSON.stringify(organizationCreated())), ...changes };
}

function rejection(raw: unknown): InvalidEventError {
  try {
    parseEvent(raw);
  } catch (err) {
    if (err instanceof InvalidEventError) return err;
    throw err;
  }
  throw new Error('expected the event to be rejected');
}

describe('createEvent', () => {
  it('builds the full envelope at the latest version of the type', () => {
    expect(organizationCreated()).toEqual({
      eventId: EVENT_ID,
      type: 'OrganizationCreated',
      version: latestVersionOf('OrganizationCreated'),
      aggregateType: 'organization',
      aggregateId: ORG_ID,
      orgId: ORG_ID,
      occurredAt: '2025-03-01T12:00:00.000Z',
      correlationId: 'request-0001',
      causationId: 'workflow:onboarding/acme-air',
      data: organization,
    });
  });

  it('files staff events under the staff-user aggregate', () => {
    const userId = '9a8b7c6d-5e4f-4a3b-8c2d-1e0f9a8b7c6d';
    const event = createEvent({
      eventId: EVENT_ID,
      type: 'StaffUserJoinedOrganization',
      aggregateId: userId,
      orgId: ORG_ID,
      data: { userId, orgId: ORG_ID, role: 'admin' },
      correlationId: 'request-0001',
      causationId: null,
    });

    expect(event.aggregateType).toBe('staff-user');
  });

  it('stamps the current time when none is given', () => {
    const before = Date.now();
    const event = createEvent({
      eventId: EVENT_ID,
      type: 'OrganizationWentLive',
      aggregateId: ORG_ID,
      orgId: ORG_ID,
      data: { orgId: ORG_ID },
      correlationId: 'request-0001',
      causationId: null,
    });

    expect(Date.parse(event.occurredAt)).toBeGreaterThanOrEqual(before);
    expect(Date.parse(event.occurredAt)).toBeLessThanOrEqual(Date.now());
  });

  it('refuses to build an event whose data breaks its schema', () => {
    expect(() =>
      createEvent({
        eventId: EVENT_ID,
        type: 'OrganizationCreated',
        aggregateId: ORG_ID,
        orgId: ORG_ID,
        data: { ...organization, tradesOffered: ['Landscaping' as 'HVAC'] },
        correlationId: 'request-0001',
        causationId: null,
      }),
    ).toThrow(InvalidEventError);
  });
});

describe('parseEvent', () => {
  it('reads back an event that went through JSON unchanged', () => {
    const event = organizationCreated();

    expect(parseEvent(JSON.parse(JSON.stringify(event)))).toEqual(event);
  });

  it('rejects an event type the catalog does not describe', () => {
    expect(rejection(rawWith({ type: 'OrganizationDeleted' })).message).toMatch(/unknown event type OrganizationDeleted/);
  });

  it('rejects a version that was never published', () => {
    expect(rejection(rawWith({ version: 2 })).message).toMatch(/unknown version 2 of OrganizationCreated/);
  });

  it('rejects an event filed under the wrong aggregate', () => {
    expect(rejection(rawWith({ aggregateType: 'staff-user' })).message).toMatch(/OrganizationCreated belongs to organization, not staff-user/);
  });

  it('rejects data that breaks the schema of its version', () => {
    const err = rejection(rawWith({ data: { ...organization, timezone: 'Mars/Olympus_Mons' } }));

    expect(err.message).toMatch(/invalid OrganizationCreated v1 data/);
    expect(err.message).toContain('timezone');
  });

  it.each([
    ['a non-uuid event id', { eventId: 'event-1' }],
    ['a non-uuid org id', { orgId: 'acme' }],
    ['a missing correlation id', { correlationId: undefined }],
    ['an occurred-at that is not an ISO time', { occurredAt: 'yesterday' }],
    ['a version that is not a positive integer', { version: 0 }],
  ])('rejects an envelope with %s', (_label, changes) => {
    expect(rejection(rawWith(changes)).message).toMatch(/^invalid envelope/);
  });

  it.each([null, 'OrganizationCreated', 42, []])('rejects %p as an envelope', (raw) => {
    expect(rejection(raw).message).toMatch(/^invalid envelope/);
  });
});
