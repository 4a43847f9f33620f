import { describe, expect, it } from '@jest/globals';
import { changesOf, fieldsNamedIn, formFrom } from './company-profile-form';

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

  it('marks the inputs a server 400 names', () => {
    expect(fieldsNamedIn('EIN must be in format XX-XXXXXXX', null)).toEqual(['ein']);
    expect(fieldsNamedIn('Invalid email format; Phone number must be in format +1XXXXXXXXXX', null)).toEqual(['contact_email', 'contact_number']);
    expect(fieldsNamedIn('Invalid URL format', { orgId: ORG, privacy_policy: 'x' })).toEqual(['privacy_policy']);
    expect(fieldsNamedIn('City is required', null)).toEqual(['address.city']);
  });
});
