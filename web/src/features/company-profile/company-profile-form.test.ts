import { describe, expect, it } from '@jest/globals';
import { UpdateCompanyProfileBodySchema } from '@contracts/company-profile.contract';
import { requestResolver } from '../../lib/form-errors';
import { changesOf, formFrom, PROFILE_FORM_FIELDS, type ProfileForm } from './company-profile-form';

const ORG = '0b6f4c1e-6a51-4f0e-9d0c-8a4f1c2b3d4e';
const saved = {
  legal_name: 'Acme Air LLC',
  dba_name: null,
  website: 'https://acme.test',
  privacy_policy: null,
  contact_number: '+15125550100',
  ein: '12-3456789',
  contact_email: 'office@acme.test',
  address: { street: '1 Main St', unit: null, city: 'Austin', state: 'TX', zip: '78701', country: 'US' },
};

describe('company profile form', () => {
  it('starts empty (country US) for an org without a profile, and sends nothing until something changes', () => {
    const empty = formFrom(null);
    expect(empty.legal_name).toBe('');
    expect(empty.address.country).toBe('US');
    expect(changesOf(ORG, empty, null)).toBeNull();
    expect(changesOf(ORG, formFrom(saved), saved)).toBeNull();
  });

  it('sends only the changed fields, trimmed, and an emptied field as null', () => {
    const form = { ...formFrom(saved), dba_name: '  Acme  ', ein: '', legal_name: 'Acme Air LLC ' };
    expect(changesOf(ORG, form, saved)).toEqual({ orgId: ORG, dba_name: 'Acme', ein: null });
  });

  it('sends the whole address when a part changes, and null when every part is emptied', () => {
    const moved = formFrom(saved);
    moved.address.zip = '78702';
    expect(changesOf(ORG, moved, saved)).toEqual({ orgId: ORG, address: { ...saved.address, zip: '78702' } });
    const cleared = formFrom(saved);
    cleared.address = { street: '', unit: '', city: '', state: '', zip: '', country: 'US' };
    expect(changesOf(ORG, cleared, saved)).toEqual({ orgId: ORG, address: null });
  });

  it("marks the fields the API's own schema refuses in the PATCH the form would send, by their paths", async () => {
    const resolve = requestResolver<ProfileForm>(
      UpdateCompanyProfileBodySchema,
      (values) => changesOf(ORG, values, saved) ?? { orgId: ORG },
      PROFILE_FORM_FIELDS,
    );
    const form = formFrom(saved);
    const bad = { ...form, ein: '123456789', contact_number: '512-555-0100', address: { ...form.address, city: ' ' } };
    const { errors } = await resolve(bad, undefined, { fields: {}, shouldUseNativeValidation: false });
    expect(errors.ein?.message).toBe('EIN must be in format XX-XXXXXXX');
    expect(errors.contact_number?.message).toBe('Phone number must be in format +1XXXXXXXXXX');
    expect(errors.address?.city?.message).toBe('City is required');
    expect(Object.keys(errors).sort()).toEqual(['address', 'contact_number', 'ein']);
    expect((await resolve({ ...form, ein: '98-7654321' }, undefined, { fields: {}, shouldUseNativeValidation: false })).errors).toEqual({});
  });
});
