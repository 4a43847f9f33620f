import { formatInZone, listRangeInZone, rangeNamesADay, startOfLocalDay, toZonedParts, zoneOffsetMinutes, zonedTimeToInstant } from './zoned-time';

const at = (iso: string) => new Date(iso);

describe('toZonedParts', () => {
  it('reads the wall clock of the zone', () => {
    expect(toZonedParts(at('2026-03-08T07:00:00Z'), 'America/New_York')).toEqual({
      date: '2026-03-08',
      weekday: 'Sunday',
      time: '03:00',
      year: 2026,
      month: 3,
      day: 8,
      hour: 3,
      minute: 0,
      second: 0,
    });
  });

  it.each([
    ['2026-01-15T12:00:00Z', 'Canada/Newfoundland', '2026-01-15', 'Thursday', '08:30'],
    ['2026-07-15T12:00:00Z', 'Canada/Newfoundland', '2026-07-15', 'Wednesday', '09:30'],
    ['2026-03-06T23:30:00Z', 'America/New_York', '2026-03-06', 'Friday', '18:30'],
    ['2026-03-06T23:30:00Z', 'Australia/Melbourne', '2026-03-07', 'Saturday', '10:30'],
    ['2026-04-04T15:59:59Z', 'Australia/Melbourne', '2026-04-05', 'Sunday', '02:59'],
    ['2026-04-04T16:00:00Z', 'Australia/Melbourne', '2026-04-05', 'Sunday', '02:00'],
    ['2027-01-01T04:59:59Z', 'America/New_York', '2026-12-31', 'Thursday', '23:59'],
    ['2026-06-01T06:59:00Z', 'America/Phoenix', '2026-05-31', 'Sunday', '23:59'],
  ])('%s in %s is %s (%s) %s', (iso, zone, date, weekday, time) => {
    expect(toZonedParts(at(iso), zone)).toMatchObject({ date, weekday, time });
  });

  it('reads midnight as 00, not 24', () => {
    expect(toZonedParts(at('2026-05-01T04:00:00Z'), 'America/New_York')).toMatchObject({ date: '2026-05-01', hour: 0, time: '00:00' });
  });

  it('refuses an unknown zone and an invalid date', () => {
    expect(() => toZonedParts(at('2026-01-01T00:00:00Z'), 'Mars/Olympus_Mons')).toThrow(RangeError);
    expect(() => toZonedParts(new Date(Number.NaN), 'America/New_York')).toThrow(RangeError);
  });
});

describe('zoneOffsetMinutes', () => {
  it.each([
    ['2026-01-15T12:00:00Z', 'America/New_York', -300],
    ['2026-07-15T12:00:00Z', 'America/New_York', -240],
    ['2026-01-15T12:00:00Z', 'Canada/Newfoundland', -210],
    ['2026-07-15T12:00:00Z', 'Canada/Newfoundland', -150],
    ['2026-01-15T12:00:00Z', 'Australia/Melbourne', 660],
    ['2026-07-15T12:00:00Z', 'Australia/Melbourne', 600],
    ['2026-01-15T12:00:00Z', 'America/Phoenix', -420],
    ['2026-07-15T12:00:00Z', 'America/Phoenix', -420],
  ])('%s in %s is %d', (iso, zone, offset) => {
    expect(zoneOffsetMinutes(at(iso), zone)).toBe(offset);
  });

  it('is a whole number of minutes for instants with milliseconds, before 1970 too', () => {
    expect(zoneOffsetMinutes(at('2026-01-15T12:00:00.750Z'), 'America/New_York')).toBe(-300);
    expect(zoneOffsetMinutes(at('1969-07-20T20:17:40.500Z'), 'America/New_York')).toBe(-240);
  });
});

describe('zonedTimeToInstant', () => {
  it.each([
    ['ordinary winter time', '2026-01-15', '09:00', 'America/New_York', '2026-01-15T14:00:00Z'],
    ['ordinary summer time', '2026-07-15', '09:00', 'America/New_York', '2026-07-15T13:00:00Z'],
    ['seconds are kept', '2026-07-15', '09:00:42', 'America/Chicago', '2026-07-15T14:00:42Z'],
    ['just before the New York gap', '2026-03-08', '01:59', 'America/New_York', '2026-03-08T06:59:00Z'],
    ['New York 02:00 does not exist: 03:00 EDT', '2026-03-08', '02:00', 'America/New_York', '2026-03-08T07:00:00Z'],
    ['New York 02:30 does not exist: 03:30 EDT', '2026-03-08', '02:30', 'America/New_York', '2026-03-08T07:30:00Z'],
    ['just after the New York gap', '2026-03-08', '03:00', 'America/New_York', '2026-03-08T07:00:00Z'],
    ['New York 01:30 happens twice: the EDT one', '2026-11-01', '01:30', 'America/New_York', '2026-11-01T05:30:00Z'],
    ['New York 2027 overlap', '2027-11-07', '01:00', 'America/New_York', '2027-11-07T05:00:00Z'],
    ['after the New York overlap', '2026-11-01', '02:00', 'America/New_York', '2026-11-01T07:00:00Z'],
    ['Phoenix keeps standard time', '2026-03-08', '02:30', 'America/Phoenix', '2026-03-08T09:30:00Z'],
    ['Melbourne April 02:30 happens twice: the AEDT one', '2026-04-05', '02:30', 'Australia/Melbourne', '2026-04-04T15:30:00Z'],
    ['Melbourne April 03:00 is AEST', '2026-04-05', '03:00', 'Australia/Melbourne', '2026-04-04T17:00:00Z'],
    ['Melbourne October 02:30 does not exist: 03:30 AEDT', '2026-10-04', '02:30', 'Australia/Melbourne', '2026-10-03T16:30:00Z'],
    ['Melbourne 2027 gap', '2027-10-03', '02:00', 'Australia/Melbourne', '2027-10-02T16:00:00Z'],
    ['Newfoundland is 3h30 behind in winter', '2026-01-12', '09:00', 'Canada/Newfoundland', '2026-01-12T12:30:00Z'],
    ['Newfoundland is 2h30 behind in summer', '2026-07-01', '09:00', 'Canada/Newfoundland', '2026-07-01T11:30:00Z'],
    ['Newfoundland 02:30 does not exist: 03:30 NDT', '2026-03-08', '02:30', 'Canada/Newfoundland', '2026-03-08T06:00:00Z'],
    ['Newfoundland 01:30 happens twice: the NDT one', '2026-11-01', '01:30', 'Canada/Newfoundland', '2026-11-01T04:00:00Z'],
    ['Canada/Pacific overlap', '2026-11-01', '01:15', 'Canada/Pacific', '2026-11-01T08:15:00Z'],
  ])('%s (%s %s %s)', (_label, date, time, zone, iso) => {
    expect(zonedTimeToInstant(date, time, zone).toISOString()).toBe(new Date(iso).toISOString());
  });

  it('the later 01:30 of the New York overlap reads the same wall time as the one returned', () => {
    expect(formatInZone(at('2026-11-01T06:30:00Z'), 'America/New_York')).toBe('2026-11-01 01:30:00');
    expect(formatInZone(at('2026-11-01T05:30:00Z'), 'America/New_York')).toBe('2026-11-01 01:30:00');
  });

  it.each([
    ['2026-02-30', '09:00'],
    ['2026-3-8', '09:00'],
    ['2026-03-08', '24:00'],
    ['2026-03-08', '9:00'],
    ['2026-03-08', '09:60'],
    ['2026-03-08', '09:00:60'],
  ])('refuses %s %s', (date, time) => {
    expect(() => zonedTimeToInstant(date, time, 'America/New_York')).toThrow(RangeError);
  });
});

describe('formatInZone (spec 000 §4 emergency job details)', () => {
  it.each([
    ['2026-03-08T07:30:00Z', 'America/New_York', '2026-03-08 03:30:00'],
    ['2026-03-08T07:30:00Z', 'America/Los_Angeles', '2026-03-07 23:30:00'],
    ['2026-03-08T07:30:45.999Z', 'Canada/Newfoundland', '2026-03-08 05:00:45'],
    ['2026-03-08T07:30:00Z', 'Australia/Melbourne', '2026-03-08 18:30:00'],
  ])('%s in %s → %s', (iso, zone, text) => {
    expect(formatInZone(at(iso), zone)).toBe(text);
  });
});

describe('startOfLocalDay', () => {
  it.each([
    ['2026-03-08T15:00:00Z', 'America/New_York', '2026-03-08T05:00:00Z'],
    ['2026-11-01T23:00:00Z', 'America/New_York', '2026-11-01T04:00:00Z'],
    ['2026-03-08T03:00:00Z', 'America/New_York', '2026-03-07T05:00:00Z'],
    ['2026-10-04T02:00:00Z', 'Australia/Melbourne', '2026-10-03T14:00:00Z'],
    ['2026-07-01T12:00:00Z', 'Canada/Newfoundland', '2026-07-01T02:30:00Z'],
    // Chile springs forward at midnight: the day begins at 01:00.
    ['2026-09-06T12:00:00Z', 'America/Santiago', '2026-09-06T04:00:00Z'],
  ])('%s in %s → %s', (iso, zone, start) => {
    expect(startOfLocalDay(at(iso), zone).toISOString()).toBe(new Date(start).toISOString());
  });
});

describe("listRangeInZone (the Calls and Chats lists read dates as days in the organization's zone)", () => {
  it('takes a date as the whole local day: Chicago in November is UTC-6', () => {
    const r = listRangeInZone({ from: '2026-11-28', to: '2026-11-28' }, 'America/Chicago');
    expect(r.from?.toISOString()).toBe('2026-11-28T06:00:00.000Z');
    expect(r.to?.toISOString()).toBe('2026-11-29T05:59:59.999Z');
  });

  it('follows a DST change inside the range (New York 2026-11-01 falls back)', () => {
    const r = listRangeInZone({ from: '2026-10-31', to: '2026-11-01' }, 'America/New_York');
    expect(r.from?.toISOString()).toBe('2026-10-31T04:00:00.000Z');
    expect(r.to?.toISOString()).toBe('2026-11-02T04:59:59.999Z');
  });

  it('takes a date-time as it is, and leaves an absent bound absent', () => {
    expect(listRangeInZone({ from: '2026-11-28T10:00:00+02:00' }, 'America/Chicago')).toEqual({ from: new Date('2026-11-28T08:00:00Z'), to: undefined });
    expect(listRangeInZone({}, 'UTC')).toEqual({ from: undefined, to: undefined });
  });

  it('says whether a range names a day', () => {
    expect(rangeNamesADay({ from: '2026-11-28' })).toBe(true);
    expect(rangeNamesADay({ to: '2026-11-28' })).toBe(true);
    expect(rangeNamesADay({ from: '2026-11-28T00:00:00Z', to: '2026-11-29T00:00:00Z' })).toBe(false);
    expect(rangeNamesADay({})).toBe(false);
  });
});
