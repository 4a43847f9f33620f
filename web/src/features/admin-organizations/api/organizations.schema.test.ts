import { describe, expect, it } from '@jest/globals';
import { z } from 'zod';
import { OnboardingFormSchema } from './organizations.schema';

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
    const request = OnboardingFormSchema.parse(form);
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

  it("names each field that needs fixing, in the API request schema's words", () => {
    const result = OnboardingFormSchema.safeParse({ ...form, name: ' ', admin_email: 'nope', timezone: '', trades_offered: [] });
    expect(result.success).toBe(false);
    const errors = z.flattenError(result.error!).fieldErrors;
    expect(errors.name).toEqual(['Name is required']);
    expect(errors.admin_email).toEqual(['Invalid email format']);
    expect(errors.timezone).toEqual(['Pick a timezone']);
    expect(errors.trades_offered).toEqual(['At least one trade is required']);
    expect(errors.office_email).toBeUndefined();
  });

  it('checks what the API checks: the slug pattern and the password length', () => {
    const result = OnboardingFormSchema.safeParse({ ...form, slug: 'Not A Slug', password: 'short' });
    const errors = z.flattenError(result.error!).fieldErrors;
    expect(errors.slug).toEqual(['Slug may contain lowercase letters, digits and single dashes']);
    expect(errors.password).toEqual(['Password must be at least 8 characters']);
  });
});
