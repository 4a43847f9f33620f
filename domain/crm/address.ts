import type { Address } from './crm-records';

const US_STATE_ZIP = /^([A-Za-z]{2})\s+(\d{5})(?:-\d{4})?$/;

/**
 * Splits an address as an agent heard it ("120 Oak Street, Springfield, TX 78701") into CRM fields.
 * Missing parts stay empty rather than guessed; an explicit zip wins over one found in the text.
 */
export function parseSpokenAddress(text: string, zip: string | null, country = 'US'): Address {
  const parts = text
    .split(',')
    .map((p) => p.trim())
    .filter(Boolean);
  const [street = text.trim(), city = '', ...rest] = parts;
  let state = '';
  let foundZip = '';
  for (const part of rest) {
    const m = US_STATE_ZIP.exec(part);
    if (m) [state, foundZip] = [m[1].toUpperCase(), m[2]];
    else if (/^[A-Za-z]{2}$/.test(part)) state = part.toUpperCase();
    else if (/^\d{4,5}$/.test(part)) foundZip = part;
  }
  return { street, city, state, zip: zip ?? foundZip, country };
}
