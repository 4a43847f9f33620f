import { normalizeUnicode, normalizeUnicodeDeep, prettifyEnum } from './text';

describe('normalizeUnicode (spec 000 §9)', () => {
  it.each([
    ['smart single quotes', '\u2018Don\u2019t\u2019', "'Don't'"],
    ['smart double quotes', '\u201CHi\u201D \u201Elow\u201F', '"Hi" "low"'],
    ['guillemets', '\u00ABoui\u00BB \u2039non\u203A', '"oui" \'non\''],
    ['primes', '5\u2032 11\u2033', '5\' 11"'],
    ['en and em dashes', '9\u201317 \u2014 weekdays', '9-17 - weekdays'],
    ['hyphens and minus', 'A\u2010B\u2011C \u22125 \u2015', 'A-B-C -5 -'],
    ['no-break and thin spaces', '123\u00A0Main\u2009St\u202FN\u3000E', '123 Main St N E'],
    ['zero-width characters', 'zip\u200B code\uFEFF\u2060', 'zip code'],
    ['line separators', 'one\u2028two\u2029three', 'one\ntwo\nthree'],
    ['bullets', '\u2022 one \u25E6 two \u2023 three \u2043 four \u25CF five', '- one - two - three - four - five'],
    ['full-width letters, digits and signs', '\uFF2A\uFF4F\uFF48\uFF4E \uFF11\uFF12\uFF13\uFF01\uFF1F\uFF08\uFF20\uFF09\uFF5E', 'John 123!?(@)~'],
    ['plain ASCII is untouched', 'Plain text, 100% ASCII - "ok"', 'Plain text, 100% ASCII - "ok"'],
    ['other letters are untouched', 'Café Zoë ✓ 日本', 'Café Zoë ✓ 日本'],
  ])('%s', (_label, input, expected) => {
    expect(normalizeUnicode(input)).toBe(expected);
  });

  it('keeps zero-width joiners inside emoji sequences', () => {
    const family = '\u{1F468}\u200D\u{1F469}\u200D\u{1F467}';
    expect(normalizeUnicode(family)).toBe(family);
  });
});

describe('normalizeUnicodeDeep', () => {
  it('normalizes every string in nested objects and arrays and leaves other values alone', () => {
    const when = new Date('2026-03-08T07:00:00Z');
    const input = {
      name: 'O\u2019Brien',
      count: 3,
      ok: true,
      none: null,
      missing: undefined,
      when,
      address: { street: '12\u00A0High St', tags: ['\u201Cvip\u201D', 7, ['\u2014']] },
    };

    const output = normalizeUnicodeDeep(input);

    expect(output).toEqual({
      name: "O'Brien",
      count: 3,
      ok: true,
      none: null,
      missing: undefined,
      when,
      address: { street: '12 High St', tags: ['"vip"', 7, ['-']] },
    });
    expect(output.when).toBe(when);
    expect(input.name).toBe('O\u2019Brien');
    expect(input.address.tags[0]).toBe('\u201Cvip\u201D');
  });

  it('handles bare strings, arrays and non-strings at the top', () => {
    expect(normalizeUnicodeDeep('\u2018a\u2019')).toBe("'a'");
    expect(normalizeUnicodeDeep(['\u2013', 1])).toEqual(['-', 1]);
    expect(normalizeUnicodeDeep(42)).toBe(42);
    expect(normalizeUnicodeDeep(null)).toBeNull();
  });

  it('leaves object keys as they are', () => {
    expect(normalizeUnicodeDeep({ 'caf\u2019e': '\u2019' })).toEqual({ 'caf\u2019e': "'" });
  });
});

describe('prettifyEnum (spec 001 §9)', () => {
  it.each([
    ['NON_OFFICE_HOURS', 'Non Office Hours'],
    ['onCallTechnician', 'On Call Technician'],
    ['AFTER_HOURS', 'After Hours'],
    ['ALWAYS', 'Always'],
    ['Garage_Door', 'Garage Door'],
    ['dispatch_fee_issue', 'Dispatch Fee Issue'],
    ['oncall_tech', 'Oncall Tech'],
    ['CsrManager', 'Csr Manager'],
    ['HTTPServerError', 'Http Server Error'],
    ['inboundPhoneCall', 'Inbound Phone Call'],
    ['__leading__and__trailing__', 'Leading And Trailing'],
    ['HVAC', 'Hvac'],
    ['', ''],
  ])('%j → %j', (input, expected) => {
    expect(prettifyEnum(input)).toBe(expected);
  });
});
