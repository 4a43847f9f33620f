import { z } from 'zod';
import type { ValidationResult } from './result';

/** Spec 000 §5 and §8; callers may pass their own message instead. */
export const ZIP_CODE_MESSAGE = 'Please ask the customer for their zip code.';

const US_ZIP = /^\d{5}$/;
// A forward sortation area, optionally followed by the local delivery unit ("A1A 1A1" or "A1A1A1").
const CA_POSTAL_CODE = /^([A-Z]\d[A-Z])(?: ?\d[A-Z]\d)?$/;
const AU_POSTCODE = /^\d{4}$/;
const GB_POSTCODE = /^(?:GIR ?0AA|[A-Z]{1,2}\d[A-Z\d]? ?\d[A-Z]{2})$/;

/**
 * Trims and uppercases a zip or postcode and checks it against the country's pattern (spec 000 §5).
 * A Canadian code is reduced to its FSA ("K1A 0B1" → "K1A"); countries other than US, CA, AU and GB
 * accept any non-empty value.
 */
export function normalizeZipCode(input: string | null | undefined, country: string, message: string = ZIP_CODE_MESSAGE): ValidationResult<string> {
  const zip = (input ?? '').trim().toUpperCase();
  const valid = (value: string): ValidationResult<string> => ({ ok: true, value });
  const invalid: ValidationResult<string> = { ok: false, message };
  if (zip === '') return invalid;
  switch (country.trim().toUpperCase()) {
    case 'US':
      return US_ZIP.test(zip) ? valid(zip) : invalid;
    case 'CA': {
      const match = CA_POSTAL_CODE.exec(zip);
      return match ? valid(match[1]) : invalid;
    }
    case 'AU':
      return AU_POSTCODE.test(zip) ? valid(zip) : invalid;
    case 'GB':
      return GB_POSTCODE.test(zip) ? valid(zip) : invalid;
    default:
      return valid(zip);
  }
}

/** The same rule as a zod schema whose output is the normalized value, e.g. for a CRM tool parameter. */
export function zipCodeSchema(country: string, message: string = ZIP_CODE_MESSAGE) {
  return z.string(message).transform((input, ctx) => {
    const result = normalizeZipCode(input, country, message);
    if (result.ok) return result.value;
    ctx.addIssue({ code: 'custom', message: result.message });
    return z.NEVER;
  });
}
