import { describe, expect, it } from '@jest/globals';
import { UpdateCompanyProfileBodySchema } from './company-profile.schema';
import { SaveCustomInstructionsBodySchema } from './custom-instructions.schema';

const orgId = '0b6f4c1e-6a51-4f0e-9d0c-8a4f1c2b3d4e';
const messageOf = (result: { success: boolean; error?: { issues: { message: string }[] } }) => result.error?.issues.map((i) => i.message);

describe('company profile request', () => {
  it('accepts changed fields, null to clear one, and trims names', () => {
    const parsed = UpdateCompanyProfileBodySchema.parse({ orgId, legal_name: '  Acme LLC ', ein: null, contact_number: '+15125550100' });
    expect(parsed).toEqual({ orgId, legal_name: 'Acme LLC', ein: null, contact_number: '+15125550100' });
  });

  it.each([
    [{ orgId: 'acme', legal_name: 'x' }, 'orgId must be a UUID'],
    [{ orgId, ein: '12-345678' }, 'EIN must be in format XX-XXXXXXX'],
    [{ orgId, ein: '123456789' }, 'EIN must be in format XX-XXXXXXX'],
    [{ orgId, contact_email: 'office@' }, 'Invalid email format'],
    [{ orgId, contact_number: '5125550100' }, 'Phone number must be in format +1XXXXXXXXXX'],
    [{ orgId, website: 'ftp://acme.test' }, 'Invalid URL format'],
    [{ orgId, privacy_policy: 'acme.test/privacy' }, 'Invalid URL format'],
    [{ orgId, address: { street: '1 Main', city: '', state: 'TX', zip: '78701', country: 'US' } }, 'City is required'],
    [{ orgId }, 'Nothing to save'],
  ])('refuses %j with "%s"', (body, message) => {
    expect(messageOf(UpdateCompanyProfileBodySchema.safeParse(body))).toEqual([message]);
  });
});

describe('custom instructions request', () => {
  it('fills every section left out with its empty default (enabled_csr false), keeping regular_job_to_dispatch absent', () => {
    expect(SaveCustomInstructionsBodySchema.parse({ orgId, custom_instructions: { booked_summary: { enabled: true } } })).toEqual({
      orgId,
      custom_instructions: {
        call_reasons: { instructions: [] },
        is_lead: { enabled_csr: false, instructions: [] },
        booked_summary: { enabled: true, instructions: [] },
        job_tagging: { enabled: false, defaultTag: null, defaultAfterHoursTag: null, tags: {} },
      },
    });
  });

  it.each([
    [{ orgId: 'x', custom_instructions: {} }, 'orgId must be a UUID'],
    [{ orgId, custom_instructions: { call_reasons: { instructions: [{ call_reason_id: '', instruction: 'x' }] } } }, 'Call reason id is required'],
    [{ orgId, custom_instructions: { booked_summary: { instructions: [{ title: 'Equipment', instruction: ' ' }] } } }, 'Instruction is required'],
    [{ orgId, custom_instructions: { job_tagging: { defaultTag: { name: 'A', id: 1.5 } } } }, 'Tag id must be a number'],
    [{ orgId, regular_job_to_dispatch: 5 }, 'regular_job_to_dispatch must be a string or null'],
  ])('refuses %j with "%s"', (body, message) => {
    expect(messageOf(SaveCustomInstructionsBodySchema.safeParse(body))).toEqual([message]);
  });
});
