import { ZIP_CODE_MESSAGE, normalizeZipCode, zipCodeSchema } from './zip-code';

describe('normalizeZipCode (spec 000 §5)', () => {
  it.each([
    ['US', '90210', '90210'],
    ['US', '  02139 ', '02139'],
    ['CA', 'K1A 0B1', 'K1A'],
    ['CA', 'k1a0b1', 'K1A'],
    ['CA', ' m5v ', 'M5V'],
    ['AU', '3000', '3000'],
    ['GB', 'SW1A 1AA', 'SW1A 1AA'],
    ['GB', 'ec1a1bb', 'EC1A1BB'],
    ['GB', 'M1 1AE', 'M1 1AE'],
    ['GB', 'B33 8TH', 'B33 8TH'],
    ['GB', 'CR2 6XH', 'CR2 6XH'],
    ['GB', 'DN55 1PT', 'DN55 1PT'],
    ['GB', 'W1A 0AX', 'W1A 0AX'],
    ['GB', 'gir 0aa', 'GIR 0AA'],
    ['DE', ' 10115 ', '10115'],
    ['NZ', 'anything at all', 'ANYTHING AT ALL'],
    ['us', '10001', '10001'],
  ])('accepts %s %j as %j', (country, input, value) => {
    expect(normalizeZipCode(input, country)).toEqual({ ok: true, value });
  });

  it.each([
    ['US', '9021'],
    ['US', '902101'],
    ['US', '90210-1234'],
    ['US', 'ABCDE'],
    ['CA', 'K1'],
    ['CA', '1A1 A1A'],
    ['CA', 'K1A 0B'],
    ['CA', 'K1A  0B1'],
    ['CA', 'K1A-0B1'],
    ['AU', '300'],
    ['AU', '30000'],
    ['GB', 'SW1A'],
    ['GB', '12345'],
    ['GB', 'SW1A 1A'],
    ['US', ''],
    ['US', '   '],
    ['DE', ' '],
  ])('refuses %s %j with the spec message', (country, input) => {
    expect(normalizeZipCode(input, country)).toEqual({ ok: false, message: 'Please ask the customer for their zip code.' });
  });

  it('refuses a missing value', () => {
    expect(normalizeZipCode(undefined, 'US')).toEqual({ ok: false, message: ZIP_CODE_MESSAGE });
    expect(normalizeZipCode(null, 'CA')).toEqual({ ok: false, message: ZIP_CODE_MESSAGE });
  });

  it('lets the caller override the message', () => {
    expect(normalizeZipCode('123', 'US', 'Ask for the postcode.')).toEqual({ ok: false, message: 'Ask for the postcode.' });
  });
});

describe('zipCodeSchema', () => {
  it('outputs the normalized value', () => {
    expect(zipCodeSchema('CA').parse(' h2x 1y4 ')).toBe('H2X');
  });

  it('reports the spec message, or the override, for bad and missing input', () => {
    for (const input of ['12', undefined, 42]) {
      expect(
        zipCodeSchema('US')
          .safeParse(input)
          .error?.issues.map((i) => i.message),
      ).toEqual([ZIP_CODE_MESSAGE]);
    }
    expect(zipCodeSchema('AU', 'Postcode please').safeParse('12').error?.issues[0].message).toBe('Postcode please');
  });
});
