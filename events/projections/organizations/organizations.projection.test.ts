import { createEvent, type EventOf } from '../../catalog';
import type { OrganizationCreatedV1 } from '../../schemas/organization.events';
import { evolveOrganization } from './organizations.projection';

const ORG_ID = '0b6f4c1e-6a51-4f0e-9d0c-8a4f1c2b3d4e';
const CREATED_AT = '2025-03-01T12:00:00.000Z';
const LIVE_AT = '2025-03-08T09:30:00.000Z';

const organization: OrganizationCreatedV1 = {
  orgId: ORG_ID,
  name: 'Acme Air',
  slug: 'acme-air',
  timezone: 'America/Denver',
  crmName: 'servicetitan',
  officeEmail: 'office@acme-air.test',
  adminEmails: ['owner@acme-air.test'],
  tradesOffered: ['HVAC', 'Plumbing'],
  enterpriseId: null,
  regularHours: { Monday: [{ start: '08:00', end: '16:00' }] },
  emergencyHours: null,
};

const envelope = (eventId: string, occurredAt: string) => ({
  eventId,
  aggregateId: ORG_ID,
  orgId: ORG_ID,
  correlationId: 'request-0001',
  causationId: null,
  occurredAt: new Date(occurredAt),
});

function created(data: Partial<OrganizationCreatedV1> = {}): EventOf<'OrganizationCreated'> {
  return createEvent({
    ...envelope('11111111-1111-4111-8111-111111111111', CREATED_AT),
    type: 'OrganizationCreated',
    data: { ...organization, ...data },
  });
}

function wentLive(): EventOf<'OrganizationWentLive'> {
  return createEvent({ ...envelope('22222222-2222-4222-8222-222222222222', LIVE_AT), type: 'OrganizationWentLive', data: { orgId: ORG_ID } });
}

describe('evolveOrganization', () => {
  it('creates an active organization in TESTING from OrganizationCreated', () => {
    expect(evolveOrganization(null, created())).toEqual({
      id: ORG_ID,
      name: 'Acme Air',
      slug: 'acme-air',
      timezone: 'America/Denver',
      crmName: 'servicetitan',
      isActive: true,
      onboardingStatus: 'TESTING',
      enterpriseId: null,
      officeEmail: 'office@acme-air.test',
      adminEmails: ['owner@acme-air.test'],
      tradesOffered: ['HVAC', 'Plumbing'],
      availabilityConfig: { regularHours: { Monday: [{ start: '08:00', end: '16:00' }] }, emergencyHours: {}, holidays: [] },
      notificationSettings: [],
      oncallSchedule: {},
      ccEmails: [],
      ccPhoneNumbers: [],
      spamNumbers: [],
      zipcodes: [],
      serviceAreaActive: false,
      featureFlags: {},
      companyProfileId: null,
      customInstructions: null,
      avgJobRevenue: null,
      stripeBillingId: null,
      streamVersion: 1,
      createdAt: new Date(CREATED_AT),
      updatedAt: new Date(CREATED_AT),
    });
  });

  it('keeps the emergency hours the organization was created with', () => {
    const emergencyHours = { Saturday: [{ start: '10:00', end: '14:00' }] };

    expect(evolveOrganization(null, created({ emergencyHours }))?.availabilityConfig.emergencyHours).toEqual(emergencyHours);
  });

  it('marks the organization LIVE when it went live, keeping its creation time', () => {
    const live = evolveOrganization(evolveOrganization(null, created()), wentLive());

    expect(live).toMatchObject({
      onboardingStatus: 'LIVE',
      streamVersion: 2,
      createdAt: new Date(CREATED_AT),
      updatedAt: new Date(LIVE_AT),
    });
  });

  it('takes the CRM the organization was connected to, and a repeat changes nothing', () => {
    const connected = (crmName: 'servicetitan' | 'housecallpro') =>
      createEvent({ ...envelope('33333333-3333-4333-8333-333333333333', LIVE_AT), type: 'OrganizationCrmConnected', data: { orgId: ORG_ID, crmName } });
    const onHcp = evolveOrganization(evolveOrganization(null, created()), connected('housecallpro'));

    expect(onHcp).toMatchObject({ crmName: 'housecallpro', streamVersion: 2, updatedAt: new Date(LIVE_AT) });
    expect(evolveOrganization(onHcp, connected('housecallpro'))).toBe(onHcp);
    expect(evolveOrganization(null, connected('servicetitan'))).toBeNull();
  });

  it('ignores a went-live for an organization it has not seen created', () => {
    expect(evolveOrganization(null, wentLive())).toBeNull();
  });

  it('keeps the first creation when another OrganizationCreated arrives for the same id', () => {
    const first = evolveOrganization(null, created());

    expect(evolveOrganization(first, created({ name: 'Renamed Air' }))).toBe(first);
  });

  describe('delivering the same event twice', () => {
    it('gives the same organization as once for OrganizationCreated', () => {
      const once = evolveOrganization(null, created());

      expect(evolveOrganization(once, created())).toEqual(once);
    });

    it('gives the same organization as once for OrganizationWentLive', () => {
      const once = evolveOrganization(evolveOrganization(null, created()), wentLive());

      expect(evolveOrganization(once, wentLive())).toEqual(once);
    });
  });

  describe('notification settings and the on-call schedule', () => {
    const settingsChanged = () =>
      createEvent({
        ...envelope('33333333-3333-4333-8333-333333333333', LIVE_AT),
        type: 'OrganizationNotificationSettingsChanged',
        data: {
          orgId: ORG_ID,
          notificationSettings: [{ rule_id: 'EmergencyJobRule', recipients: [{ group: 'oncall_tech', channel: 'call', time: 'AFTER_HOURS' }] }],
          ccEmails: ['owner@acme-air.test'],
          ccPhoneNumbers: ['+15550001111'],
        },
      });
    const scheduleChanged = (phoneNumber = '5552000001') =>
      createEvent({
        ...envelope('44444444-4444-4444-8444-444444444444', LIVE_AT),
        type: 'OncallScheduleChanged',
        data: {
          orgId: ORG_ID,
          month: '2025-03',
          days: [{ date: '2025-03-08', people: [{ role: 'Technician', employeeId: 7, phoneNumber, name: 'Tom', department: 'HVAC' }] }],
          cachedEmployeeDetails: { '7': 'Tom' },
        },
      });

    it('stores the settings and cc contacts, once even when delivered twice', () => {
      const once = evolveOrganization(evolveOrganization(null, created()), settingsChanged());
      expect(once).toMatchObject({ ccPhoneNumbers: ['+15550001111'], ccEmails: ['owner@acme-air.test'], streamVersion: 2 });
      expect(once?.notificationSettings).toHaveLength(1);
      expect(evolveOrganization(once, settingsChanged())).toEqual(once);
    });

    it('replaces one month of the schedule, once even when delivered twice', () => {
      const once = evolveOrganization(evolveOrganization(null, created()), scheduleChanged());
      expect(Object.keys(once!.oncallSchedule)).toEqual(['2025-03']);
      expect(evolveOrganization(once, scheduleChanged())).toEqual(once);
      const changed = evolveOrganization(once, scheduleChanged('5552000002'));
      expect(changed!.oncallSchedule['2025-03']).toEqual([expect.objectContaining({ people: [expect.objectContaining({ phoneNumber: '5552000002' })] })]);
      expect(changed!.streamVersion).toBe(3);
    });

    it('rejects a schedule whose month key is not YYYY-MM', () => {
      expect(() =>
        createEvent({
          ...envelope('55555555-5555-4555-8555-555555555555', LIVE_AT),
          type: 'OncallScheduleChanged',
          data: { orgId: ORG_ID, month: '2025-3', days: [], cachedEmployeeDetails: {} },
        }),
      ).toThrow('Must be YYYY-MM format');
    });
  });
});

describe('organization settings update (PUT /org)', () => {
  const update = (eventId: string, data: Omit<EventOf<'OrganizationSettingsUpdated'>['data'], 'orgId'>) =>
    createEvent({ ...envelope(eventId, LIVE_AT), type: 'OrganizationSettingsUpdated', data: { orgId: ORG_ID, ...data } });

  it('replaces the sections sent, merges the flags, and takes a redelivery as a no-op', () => {
    const start = evolveOrganization(null, created())!;
    const first = update('33333333-3333-4333-8333-333333333333', {
      zipcodes: ['80202'],
      serviceAreaActive: true,
      spamNumbers: [{ phoneNumber: '+15550009999', dateAdded: '2025-03-02T00:00:00.000Z' }],
      featureFlags: { skip_email_summary: true },
    });
    const once = evolveOrganization(start, first)!;
    expect(once).toMatchObject({ zipcodes: ['80202'], serviceAreaActive: true, featureFlags: { skip_email_summary: true }, ccEmails: [], streamVersion: 2 });
    expect(evolveOrganization(once, first)).toBe(once);

    const flags = evolveOrganization(
      once,
      update('44444444-4444-4444-8444-444444444444', { featureFlags: { force_secondary_sms_provider: true }, ccEmails: ['gm@acme-air.test'] }),
    )!;
    expect(flags).toMatchObject({
      zipcodes: ['80202'],
      ccEmails: ['gm@acme-air.test'],
      featureFlags: { skip_email_summary: true, force_secondary_sms_provider: true },
      streamVersion: 3,
    });
  });
});

describe('average job revenue (PUT /avg-job-revenue)', () => {
  const set = (eventId: string, avgJobRevenue: number) =>
    createEvent({ ...envelope(eventId, LIVE_AT), type: 'OrganizationAverageJobRevenueSet', data: { orgId: ORG_ID, avgJobRevenue } });

  it('keeps the last value set, and takes a redelivery or the same value as a no-op', () => {
    const first = set('55555555-5555-4555-8555-555555555555', 425.5);
    const once = evolveOrganization(evolveOrganization(null, created()), first)!;
    expect(once).toMatchObject({ avgJobRevenue: 425.5, streamVersion: 2 });
    expect(evolveOrganization(once, first)).toBe(once);
    expect(evolveOrganization(once, set('66666666-6666-4666-8666-666666666666', 0))).toMatchObject({ avgJobRevenue: 0, streamVersion: 3 });
  });

  it('ignores a value for an organization it has not seen created', () => {
    expect(evolveOrganization(null, set('77777777-7777-4777-8777-777777777777', 300))).toBeNull();
  });
});

describe('billing customer id (PUT /billing)', () => {
  const set = (eventId: string, stripeBillingId: string) =>
    createEvent({ ...envelope(eventId, LIVE_AT), type: 'OrganizationBillingIdSet', data: { orgId: ORG_ID, stripeBillingId } });

  it('starts unset, keeps the last id set, and takes a redelivery or the same id as a no-op', () => {
    const start = evolveOrganization(null, created())!;
    expect(start.stripeBillingId).toBeNull();
    const first = set('88888888-8888-4888-8888-888888888881', 'cus_AAAAAAAAAAAAAA');
    const once = evolveOrganization(start, first)!;
    expect(once).toMatchObject({ stripeBillingId: 'cus_AAAAAAAAAAAAAA', streamVersion: 2, updatedAt: new Date(LIVE_AT) });
    expect(evolveOrganization(once, first)).toBe(once);
    expect(evolveOrganization(once, set('88888888-8888-4888-8888-888888888882', 'cus_AAAAAAAAAAAAAA'))).toBe(once);
    expect(evolveOrganization(once, set('88888888-8888-4888-8888-888888888883', 'cus_BBBBBBBBBBBBBB'))).toMatchObject({
      stripeBillingId: 'cus_BBBBBBBBBBBBBB',
      streamVersion: 3,
    });
  });

  it('ignores an id for an organization it has not seen created', () => {
    expect(evolveOrganization(null, set('88888888-8888-4888-8888-888888888884', 'cus_AAAAAAAAAAAAAA'))).toBeNull();
  });
});

describe('office e-mail (PUT /office-email)', () => {
  const change = (eventId: string, officeEmail: string) =>
    createEvent({ ...envelope(eventId, LIVE_AT), type: 'OrganizationOfficeEmailChanged', data: { orgId: ORG_ID, officeEmail } });

  it('replaces the e-mail onboarding set, and takes a redelivery or the same e-mail as a no-op', () => {
    const start = evolveOrganization(null, created())!;
    const first = change('99999999-9999-4999-8999-999999999991', 'dispatch@acme-air.test');
    const once = evolveOrganization(start, first)!;
    expect(start.officeEmail).not.toBe('dispatch@acme-air.test');
    expect(once).toMatchObject({ officeEmail: 'dispatch@acme-air.test', streamVersion: 2 });
    expect(evolveOrganization(once, first)).toBe(once);
    expect(evolveOrganization(once, change('99999999-9999-4999-8999-999999999992', 'dispatch@acme-air.test'))).toBe(once);
    expect(evolveOrganization(once, change('99999999-9999-4999-8999-999999999993', 'front@acme-air.test'))).toMatchObject({
      officeEmail: 'front@acme-air.test',
      streamVersion: 3,
    });
  });

  it('ignores an e-mail for an organization it has not seen created', () => {
    expect(evolveOrganization(null, change('99999999-9999-4999-8999-999999999994', 'x@acme-air.test'))).toBeNull();
  });
});

describe('enterprise (PUT /enterprise/organizations)', () => {
  const ENTERPRISE = '7e3f4a5b-6c7d-4e8f-9a0b-1c2d3e4f5a6b';
  const OTHER = '8f4a5b6c-7d8e-4f9a-8b1c-2d3e4f5a6b7c';
  const join = (eventId: string, enterpriseId: string) =>
    createEvent({ ...envelope(eventId, LIVE_AT), type: 'OrganizationJoinedEnterprise', data: { orgId: ORG_ID, enterpriseId } });

  it('puts the organization in the enterprise, moves it to another, and takes a redelivery as a no-op', () => {
    const start = evolveOrganization(null, created())!;
    const first = join('aaaaaaaa-aaaa-4aaa-8aaa-aaaaaaaaaaa1', ENTERPRISE);
    const once = evolveOrganization(start, first)!;
    expect(once).toMatchObject({ enterpriseId: ENTERPRISE, streamVersion: 2 });
    expect(evolveOrganization(once, first)).toBe(once);
    expect(evolveOrganization(once, join('aaaaaaaa-aaaa-4aaa-8aaa-aaaaaaaaaaa2', OTHER))).toMatchObject({ enterpriseId: OTHER, streamVersion: 3 });
  });
});
