import { describe, expect, it } from '@jest/globals';
import { z } from 'zod';
import { OnboardingRequestSchema } from './organizations.schema';

const form = {
  name: ' Acme Plumbing ',
  slug: '',
  admin_email: 'owner@acme.example',
  office_email: 'office@acme.example ',
  password: '',
  timezone: 'America/Chicago',
  trades_offered: ['Plumbing', 'Drains'],
  crm_name: 'NONE' as const,
};

describe('onboarding form', () => {
  it('trims the input and leaves blank optional fields out of the request', () => {
    const request = OnboardingRequestSchema.parse(form);
    expect(request).toEqual({
      name: 'Acme Plumbing',
      admin_email: 'owner@acme.example',
      office_email: 'office@acme.example',
      timezone: 'America/Chicago',
      trades_offered: ['Plumbing', 'Drains'],
      crm_name: 'NONE',
    });
    expect(JSON.stringify(request)).not.toContain('slug');
  });

  it('names each field that needs fixing', () => {
    const result = OnboardingRequestSchema.safeParse({ ...form, name: ' ', admin_email: 'nope', timezone: '', trades_offered: [] });
    expect(result.success).toBe(false);
    const errors = z.flattenError(result.error!).fieldErrors;
    expect(errors.name).toEqual(['Enter the business name']);
    expect(errors.admin_email).toEqual(['Enter a valid e-mail address']);
    expect(errors.timezone).toEqual(['Pick a timezone']);
    expect(errors.trades_offered).toEqual(['Pick at least one trade']);
    expect(errors.office_email).toBeUndefined();
  });
});
