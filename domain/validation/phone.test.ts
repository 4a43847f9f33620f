import { OrganizationPhoneNumberSchema, TransferDestinationNumberSchema, formatPhoneNumberForDisplay, normalizePhoneNumber } from './phone';

describe('normalizePhoneNumber (spec 000 §5)', () => {
  it.each([
    ['(555) 123-4567', undefined, '+15551234567'],
    ['555.123.4567', 'US', '+15551234567'],
    ['1 555 123 4567', 'US', '+15551234567'],
    ['+1 (555) 123-4567', 'US', '+15551234567'],
    ['416-555-0199', 'CA', '+14165550199'],
    ['14165550199', 'CA', '+14165550199'],
    ['0412 345 678', 'AU', '+61412345678'],
    ['412 345 678', 'AU', '+61412345678'],
    ['(03) 9123 4567', 'AU', '+61391234567'],
    ['+61 412 345 678', 'AU', '+61412345678'],
    ['+44 20 7946 0958', 'US', '+442079460958'],
    ['+44 20 7946 0958', 'GB', '+442079460958'],
    ['020 7946 095', 'GB', '+10207946095'],
    ['+61 412 345 678', 'US', '+61412345678'],
    ['555-0199', 'US', '+15550199'],
  ])('%j (%s) → %s', (input, country, expected) => {
    expect(normalizePhoneNumber(input, country)).toBe(expected);
  });

  it('gives an empty string when there is no digit at all', () => {
    expect(normalizePhoneNumber('')).toBe('');
    expect(normalizePhoneNumber('n/a')).toBe('');
  });
});

describe('formatPhoneNumberForDisplay (spec 000 §5)', () => {
  it.each([
    ['5551234567', {}, '+1 (555) 123-4567'],
    ['+15551234567', {}, '+1 (555) 123-4567'],
    ['15551234567', { withCountryCode: false }, '(555) 123-4567'],
    ['555-123-4567', { withCountryCode: false }, '(555) 123-4567'],
    ['+61412345678', {}, '+61 412 345 678'],
    ['61 3 9123 4567', {}, '+61 391 234 567'],
    ['+442079460958', {}, '+442079460958'],
    ['555-0199', {}, '555-0199'],
    ['', {}, ''],
    ['+15551234567', { extension: 42 }, '+1 (555) 123-4567 ext. 42'],
    ['5551234567', { withCountryCode: false, extension: '7' }, '(555) 123-4567 ext. 7'],
    ['+61412345678', { extension: '12' }, '+61 412 345 678 ext. 12'],
    ['unknown', { extension: '3' }, 'unknown ext. 3'],
    ['5551234567', { extension: '' }, '+1 (555) 123-4567'],
    ['5551234567', { extension: null }, '+1 (555) 123-4567'],
  ])('%j %j → %j', (input, options, expected) => {
    expect(formatPhoneNumberForDisplay(input, options)).toBe(expected);
  });
});

describe('phone number schemas', () => {
  it('accepts organization phones of +1 and 10 digits only', () => {
    expect(OrganizationPhoneNumberSchema.parse('+15551234567')).toBe('+15551234567');
    for (const bad of ['5551234567', '+1555123456', '+155512345678', '+1 555 123 4567', '+445551234567', 15551234567]) {
      expect(OrganizationPhoneNumberSchema.safeParse(bad).error?.issues.map((i) => i.message)).toEqual(['Phone number must be in format +1XXXXXXXXXX']);
    }
  });

  it('accepts E.164 transfer destinations from any country', () => {
    for (const good of ['+15551234567', '+61412345678', '+442079460958', '+861012345678901']) {
      expect(TransferDestinationNumberSchema.parse(good)).toBe(good);
    }
    for (const bad of ['15551234567', '+0123456789', '+1 555 123 4567', '+1234567890123456', '+', '']) {
      expect(TransferDestinationNumberSchema.safeParse(bad).error?.issues.map((i) => i.message)).toEqual([
        'Phone number must be in E.164 format (+1XXXXXXXXXX)',
      ]);
    }
  });
});
