const REPLACEMENTS: ReadonlyArray<[RegExp, string | ((ch: string) => string)]> = [
  [/[\u2018\u2019\u201A\u201B\u2032\u2039\u203A]/g, "'"],
  [/[\u201C\u201D\u201E\u201F\u2033\u00AB\u00BB]/g, '"'],
  [/[\u2010-\u2015\u2212\uFE58\uFE63]/g, '-'],
  [/[\u00A0\u1680\u2000-\u200A\u202F\u205F\u3000]/g, ' '],
  [/[\u2028\u2029]/g, '\n'],
  // Zero-width joiners (U+200C, U+200D) stay: emoji sequences and some scripts need them.
  [/[\u200B\u2060\uFEFF]/g, ''],
  [/[\u2022\u2023\u2043\u2219\u25AA\u25CF\u25E6]/g, '-'],
  // Full-width ASCII (U+FF01..U+FF5E) sits at a fixed distance from ASCII.
  [/[\uFF01-\uFF5E]/g, (ch) => String.fromCharCode(ch.charCodeAt(0) - 0xfee0)],
];

/**
 * Maps the typographic characters LLMs and speech-to-text produce (smart quotes, full-width characters,
 * dashes, odd spaces, bullets) to ASCII (spec 000 §9 "Text handling"), so CRM fields stay plain text.
 */
export function normalizeUnicode(text: string): string {
  return REPLACEMENTS.reduce(
    (out, [pattern, replacement]) => (typeof replacement === 'string' ? out.replace(pattern, replacement) : out.replace(pattern, replacement)),
    text,
  );
}

/**
 * normalizeUnicode applied to every string inside arrays and plain objects (values, not keys).
 * Other values (numbers, null, Dates, class instances) are returned as they are; the input is not mutated.
 */
export function normalizeUnicodeDeep<T>(value: T): T {
  if (typeof value === 'string') return normalizeUnicode(value) as T;
  if (Array.isArray(value)) return value.map((item) => normalizeUnicodeDeep(item)) as T;
  if (isPlainObject(value)) {
    return Object.fromEntries(Object.entries(value).map(([key, item]) => [key, normalizeUnicodeDeep(item)])) as T;
  }
  return value;
}

function isPlainObject(value: unknown): value is Record<string, unknown> {
  if (value === null || typeof value !== 'object') return false;
  const proto = Object.getPrototypeOf(value);
  return proto === Object.prototype || proto === null;
}

/**
 * Shows an enum value to people (spec 001 §9): underscores become spaces, camelCase is split and every
 * word is title-cased, so NON_OFFICE_HOURS → "Non Office Hours" and onCallTechnician → "On Call Technician".
 */
export function prettifyEnum(value: string): string {
  return value
    .replace(/_+/g, ' ')
    .replace(/([a-z\d])([A-Z])/g, '$1 $2')
    .replace(/([A-Z]+)([A-Z][a-z])/g, '$1 $2')
    .trim()
    .split(/\s+/)
    .filter(Boolean)
    .map((word) => word.charAt(0).toUpperCase() + word.slice(1).toLowerCase())
    .join(' ');
}
