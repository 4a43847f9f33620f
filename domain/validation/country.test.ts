import { TIMEZONES } from '../organization/organization-settings.schema';
import { countryFromTimezone } from './country';

describe('countryFromTimezone (spec 000 §5)', () => {
  it('maps every zone of the spec', () => {
    expect(Object.fromEntries(TIMEZONES.map((zone) => [zone, countryFromTimezone(zone)]))).toEqual({
      'Australia/Melbourne': 'AU',
      'America/New_York': 'US',
      'America/Chicago': 'US',
      'America/Denver': 'US',
      'America/Phoenix': 'US',
      'America/Los_Angeles': 'US',
      'Canada/Newfoundland': 'CA',
      'Canada/Pacific': 'CA',
      'Canada/Mountain': 'CA',
      'Canada/Central': 'CA',
      'Canada/Eastern': 'CA',
      'Canada/Atlantic': 'CA',
    });
  });

  it.each([
    ['America/Toronto', 'CA'],
    ['America/Vancouver', 'CA'],
    ['America/St_Johns', 'CA'],
    ['America/Halifax', 'CA'],
    ['America/Regina', 'CA'],
    ['Canada/Saskatchewan', 'CA'],
    ['Australia/Sydney', 'AU'],
    ['Australia/Perth', 'AU'],
    ['America/Detroit', 'US'],
    ['Pacific/Honolulu', 'US'],
    ['Europe/London', 'US'],
    ['', 'US'],
  ])('%j → %s', (zone, country) => {
    expect(countryFromTimezone(zone)).toBe(country);
  });

  it('defaults to US when the organization has no zone', () => {
    expect(countryFromTimezone(undefined)).toBe('US');
    expect(countryFromTimezone(null)).toBe('US');
  });
});
