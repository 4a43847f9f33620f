/** Countries of spec 000 §9. */
export const COUNTRIES = ['US', 'CA', 'AU', 'GB'] as const;
export type Country = (typeof COUNTRIES)[number];

/**
 * The spec's zones are the `Canada/...` aliases, but the IANA canonical names of Canadian locations
 * (Canada/Eastern is America/Toronto) are Canadian too, so they also give CA.
 */
const CANADIAN_AMERICA_ZONES = new Set([
  'America/St_Johns',
  'America/Halifax',
  'America/Glace_Bay',
  'America/Moncton',
  'America/Goose_Bay',
  'America/Blanc-Sablon',
  'America/Toronto',
  'America/Montreal',
  'America/Nipigon',
  'America/Thunder_Bay',
  'America/Iqaluit',
  'America/Pangnirtung',
  'America/Atikokan',
  'America/Coral_Harbour',
  'America/Winnipeg',
  'America/Rainy_River',
  'America/Rankin_Inlet',
  'America/Resolute',
  'America/Regina',
  'America/Swift_Current',
  'America/Edmonton',
  'America/Cambridge_Bay',
  'America/Yellowknife',
  'America/Inuvik',
  'America/Creston',
  'America/Dawson_Creek',
  'America/Fort_Nelson',
  'America/Vancouver',
  'America/Whitehorse',
  'America/Dawson',
]);

/** Spec 000 §5: a Canadian zone gives CA, an Australian zone AU, anything else (or nothing) US. */
export function countryFromTimezone(timeZone: string | null | undefined): Country {
  const zone = timeZone?.trim() ?? '';
  if (zone.startsWith('Canada/') || CANADIAN_AMERICA_ZONES.has(zone)) return 'CA';
  if (zone.startsWith('Australia/')) return 'AU';
  return 'US';
}
