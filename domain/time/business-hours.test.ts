import { DEFAULT_REGULAR_HOURS, type WeeklyHours } from '../organization/organization-settings.schema';
import { RECIPIENT_TIMES, classifyTimeWindow, isRecipientTimeOpen, isWithinHours } from './business-hours';
import { zonedTimeToInstant } from './zoned-time';

const NY = 'America/New_York';
const local = (date: string, time: string, zone = NY) => zonedTimeToInstant(date, time, zone);

describe('isWithinHours', () => {
  it.each([
    ['Monday 08:59', '2026-03-09', '08:59', false],
    ['Monday 09:00 (start included)', '2026-03-09', '09:00', true],
    ['Monday 16:59', '2026-03-09', '16:59', true],
    ['Monday 17:00 (end excluded)', '2026-03-09', '17:00', false],
    ['Saturday noon', '2026-03-07', '12:00', false],
    ['Sunday noon', '2026-03-08', '12:00', false],
  ])('default Monday–Friday 09:00–17:00: %s', (_label, date, time, open) => {
    expect(isWithinHours(local(date, time), NY, DEFAULT_REGULAR_HOURS)).toBe(open);
  });

  it('reads the hours on the zone wall clock, half-hour offsets included', () => {
    const nineInStJohns = new Date('2026-01-12T12:30:00Z');
    expect(isWithinHours(nineInStJohns, 'Canada/Newfoundland', DEFAULT_REGULAR_HOURS)).toBe(true);
    expect(isWithinHours(new Date('2026-01-12T12:29:00Z'), 'Canada/Newfoundland', DEFAULT_REGULAR_HOURS)).toBe(false);
    expect(isWithinHours(nineInStJohns, 'America/Los_Angeles', DEFAULT_REGULAR_HOURS)).toBe(false);
  });

  it('closes the whole of a holiday', () => {
    const christmas = ['2026-12-25'];
    expect(isWithinHours(local('2026-12-25', '12:00'), NY, DEFAULT_REGULAR_HOURS, christmas)).toBe(false);
    expect(isWithinHours(local('2026-12-24', '12:00'), NY, DEFAULT_REGULAR_HOURS, christmas)).toBe(true);
  });

  it('reads holidays on the organization local date', () => {
    const hours: WeeklyHours = { Thursday: [{ start: '09:00', end: '21:00' }], Friday: [{ start: '09:00', end: '21:00' }] };
    const instant = new Date('2026-07-02T23:30:00Z'); // Thursday 19:30 in New York, Friday 09:30 in Melbourne
    expect(isWithinHours(instant, NY, hours, ['2026-07-03'])).toBe(true);
    expect(isWithinHours(instant, 'Australia/Melbourne', hours, ['2026-07-03'])).toBe(false);
    expect(isWithinHours(instant, 'Australia/Melbourne', hours)).toBe(true);
  });

  describe('a range whose end is not after its start crosses midnight', () => {
    const lateFriday: WeeklyHours = { Friday: [{ start: '22:00', end: '02:00' }] };
    it.each([
      ['Friday 21:59', '2026-03-06', '21:59', false],
      ['Friday 22:00', '2026-03-06', '22:00', true],
      ['Friday 23:59', '2026-03-06', '23:59', true],
      ['Saturday 00:00', '2026-03-07', '00:00', true],
      ['Saturday 01:59', '2026-03-07', '01:59', true],
      ['Saturday 02:00', '2026-03-07', '02:00', false],
      ['Friday 01:00 (Thursday has no range)', '2026-03-06', '01:00', false],
    ])('%s', (_label, date, time, open) => {
      expect(isWithinHours(local(date, time), NY, lateFriday)).toBe(open);
    });

    it('a holiday on the start day cancels the night after it', () => {
      expect(isWithinHours(local('2026-03-07', '01:00'), NY, lateFriday, ['2026-03-06'])).toBe(false);
    });

    it('a holiday on the next day closes the part after midnight only', () => {
      expect(isWithinHours(local('2026-03-06', '23:00'), NY, lateFriday, ['2026-03-07'])).toBe(true);
      expect(isWithinHours(local('2026-03-07', '01:00'), NY, lateFriday, ['2026-03-07'])).toBe(false);
    });

    it('an equal start and end is open for 24 hours', () => {
      const tuesday: WeeklyHours = { Tuesday: [{ start: '00:00', end: '00:00' }] };
      expect(isWithinHours(local('2026-03-10', '00:00'), NY, tuesday)).toBe(true);
      expect(isWithinHours(local('2026-03-10', '23:59'), NY, tuesday)).toBe(true);
      expect(isWithinHours(local('2026-03-11', '00:00'), NY, tuesday)).toBe(false);
      const fromSix: WeeklyHours = { Tuesday: [{ start: '06:00', end: '06:00' }] };
      expect(isWithinHours(local('2026-03-11', '05:59'), NY, fromSix)).toBe(true);
      expect(isWithinHours(local('2026-03-11', '06:00'), NY, fromSix)).toBe(false);
    });
  });

  it('honours every range of a day', () => {
    const split: WeeklyHours = {
      Monday: [
        { start: '08:00', end: '12:00' },
        { start: '13:00', end: '17:00' },
      ],
    };
    expect(['11:59', '12:00', '12:59', '13:00'].map((t) => isWithinHours(local('2026-03-09', t), NY, split))).toEqual([true, false, false, true]);
  });

  it('follows wall-clock time on a DST day', () => {
    const sundayNight: WeeklyHours = { Sunday: [{ start: '00:00', end: '04:00' }] };
    expect(isWithinHours(new Date('2026-03-08T06:59:00Z'), NY, sundayNight)).toBe(true); // 01:59 EST
    expect(isWithinHours(new Date('2026-03-08T07:00:00Z'), NY, sundayNight)).toBe(true); // 03:00 EDT
    expect(isWithinHours(new Date('2026-03-08T08:00:00Z'), NY, sundayNight)).toBe(false); // 04:00 EDT
  });

  it('is always closed without hours', () => {
    expect(isWithinHours(local('2026-03-09', '12:00'), NY, {})).toBe(false);
  });
});

describe('classifyTimeWindow', () => {
  it('is OFFICE_HOURS inside the regular hours and AFTER_HOURS otherwise', () => {
    expect(classifyTimeWindow(local('2026-03-09', '10:00'), NY, DEFAULT_REGULAR_HOURS)).toBe('OFFICE_HOURS');
    expect(classifyTimeWindow(local('2026-03-09', '18:00'), NY, DEFAULT_REGULAR_HOURS)).toBe('AFTER_HOURS');
    expect(classifyTimeWindow(local('2026-03-07', '10:00'), NY, DEFAULT_REGULAR_HOURS)).toBe('AFTER_HOURS');
    expect(classifyTimeWindow(local('2026-12-25', '10:00'), NY, DEFAULT_REGULAR_HOURS, ['2026-12-25'])).toBe('AFTER_HOURS');
  });
});

describe('isRecipientTimeOpen', () => {
  const holidays = ['2026-12-25'];
  it.each([
    ['Monday 10:00, open', '2026-03-09', '10:00', [true, false, true, false]],
    ['Monday 07:00, before opening', '2026-03-09', '07:00', [true, true, false, true]],
    ['Monday 18:00, after closing', '2026-03-09', '18:00', [true, true, false, true]],
    ['Saturday 10:00, no hours that day', '2026-03-07', '10:00', [true, false, false, true]],
    ['Friday 10:00 on a holiday', '2026-12-25', '10:00', [true, false, false, true]],
    ['Friday 20:00 on a holiday', '2026-12-25', '20:00', [true, false, false, true]],
  ])('%s', (_label, date, time, expected) => {
    const instant = local(date, time);
    expect(RECIPIENT_TIMES).toEqual(['ALWAYS', 'AFTER_HOURS', 'OFFICE_HOURS', 'NON_OFFICE_HOURS']);
    expect(RECIPIENT_TIMES.map((setting) => isRecipientTimeOpen(setting, instant, NY, DEFAULT_REGULAR_HOURS, holidays))).toEqual(expected);
  });
});
