import { z } from 'zod';

export const ORGANIZATION_PHONE_MESSAGE = 'Phone number must be in format +1XXXXXXXXXX';
export const E164_PHONE_MESSAGE = 'Phone number must be in E.164 format (+1XXXXXXXXXX)';

/** Organization phones such as cc_phone_numbers: +1 and 10 digits (spec 000 §5, §9). */
export const OrganizationPhoneNumberSchema = z.string(ORGANIZATION_PHONE_MESSAGE).regex(/^\+1\d{10}$/, ORGANIZATION_PHONE_MESSAGE);

/** A transfer_call destination: E.164, a + and up to 15 digits with no leading zero (spec 000 §5). */
export const TransferDestinationNumberSchema = z.string(E164_PHONE_MESSAGE).regex(/^\+[1-9]\d{1,14}$/, E164_PHONE_MESSAGE);

/**
 * Normalizes a phone number as typed or spoken to +<digits> (spec 000 §5). Every non-digit is dropped first,
 * so "(555) 123-4567" and "555.123.4567" both become +15551234567. Input without any digit gives "".
 */
export function normalizePhoneNumber(input: string, country: string = 'US'): string {
  const digits = input.replace(/\D/g, '');
  if (digits === '') return '';
  const code = country.trim().toUpperCase();
  if (code === 'US' || code === 'CA') {
    if (digits.length === 10) return `+1${digits}`;
    if (digits.length === 11 && digits.startsWith('1')) return `+${digits}`;
  }
  if (code === 'AU' && digits.length <= 10) return `+61${digits.replace(/^0/, '')}`;
  return digits.length > 10 ? `+${digits}` : `+1${digits}`;
}

export interface PhoneDisplayOptions {
  /** false gives "(555) 123-4567" instead of "+1 (555) 123-4567" for North American numbers. */
  withCountryCode?: boolean;
  extension?: string | number | null;
}

/** Formats a phone number for people to read (spec 000 §5); a number it does not recognise is shown as given. */
export function formatPhoneNumberForDisplay(phone: string, options: PhoneDisplayOptions = {}): string {
  const { withCountryCode = true, extension } = options;
  const ext = extension === undefined || extension === null ? '' : String(extension).trim();
  const suffix = ext === '' ? '' : ` ext. ${ext}`;
  const digits = phone.replace(/\D/g, '');

  const national = digits.length === 10 ? digits : digits.length === 11 && digits.startsWith('1') ? digits.slice(1) : null;
  if (national) {
    const local = `(${national.slice(0, 3)}) ${national.slice(3, 6)}-${national.slice(6)}`;
    return `${withCountryCode ? '+1 ' : ''}${local}${suffix}`;
  }
  if (digits.length > 10 && digits.startsWith('61')) {
    const rest = digits.slice(2);
    return `+61 ${rest.slice(0, 3)} ${rest.slice(3, 6)} ${rest.slice(6)}${suffix}`;
  }
  return `${phone}${suffix}`;
}
