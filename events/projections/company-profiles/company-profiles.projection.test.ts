import { createEvent } from '../../catalog';
import { evolveOrganization } from '../organizations/organizations.projection';
import type { OrganizationDoc } from '../organizations/organizations.repository';
import { evolveCompanyProfile } from './company-profiles.projection';

const ORG_ID = '0b6f4c1e-6a51-4f0e-9d0c-8a4f1c2b3d4e';
const PROFILE_ID = '5c1d2e3f-4a5b-4c6d-8e7f-9a0b1c2d3e4f';
const OTHER_PROFILE_ID = '6d2e3f4a-5b6c-4d7e-8f9a-0b1c2d3e4f5a';

const changed = (eventId: string, changes: object, profileId = PROFILE_ID, occurredAt = '2026-03-01T12:00:00.000Z') =>
  createEvent({
    eventId,
    type: 'CompanyProfileChanged',
    aggregateId: ORG_ID,
    orgId: ORG_ID,
    correlationId: 'c',
    causationId: null,
    occurredAt: new Date(occurredAt),
    data: { orgId: ORG_ID, profileId, changes },
  });

describe('company profiles read model', () => {
  const first = changed('11111111-1111-4111-8111-111111111111', { legal_name: 'Acme Air LLC', ein: '12-3456789' });

  it('creates the profile from the first save with every other field empty, and ignores the same event twice', () => {
    const once = evolveCompanyProfile(null, first)!;
    expect(once).toMatchObject({ id: PROFILE_ID, orgId: ORG_ID, streamVersion: 1 });
    expect(once.fields).toEqual({
      legal_name: 'Acme Air LLC',
      dba_name: null,
      website: null,
      privacy_policy: null,
      address: null,
      contact_number: null,
      ein: '12-3456789',
      contact_email: null,
      sms_config: null,
    });
    expect(evolveCompanyProfile(once, first)).toBe(once);
  });

  it('applies only the changed fields, clears a field sent as null, and keeps the first profile id and creation time', () => {
    const once = evolveCompanyProfile(null, first)!;
    const next = evolveCompanyProfile(
      once,
      changed('22222222-2222-4222-8222-222222222222', { dba_name: 'Acme', ein: null }, OTHER_PROFILE_ID, '2026-03-02T12:00:00.000Z'),
    )!;
    expect(next.fields).toMatchObject({ legal_name: 'Acme Air LLC', dba_name: 'Acme', ein: null });
    expect(next).toMatchObject({ id: PROFILE_ID, streamVersion: 2, createdAt: once.createdAt, updatedAt: new Date('2026-03-02T12:00:00.000Z') });
    // A save that changes nothing is not a new version.
    expect(evolveCompanyProfile(next, changed('33333333-3333-4333-8333-333333333333', { dba_name: 'Acme' }))).toBe(next);
  });

  it('names the first profile on the organization, once', () => {
    const org = { companyProfileId: null, streamVersion: 1 } as unknown as OrganizationDoc;
    const named = evolveOrganization(org, first)!;
    expect(named.companyProfileId).toBe(PROFILE_ID);
    expect(evolveOrganization(named, first)).toBe(named);
    expect(evolveOrganization(named, changed('44444444-4444-4444-8444-444444444444', { dba_name: 'x' }, OTHER_PROFILE_ID))).toBe(named);
  });
});
