import { describe, expect, it } from '@jest/globals';
import {
  addHoliday,
  addRange,
  cellLook,
  copyToWeekdays,
  formatPairs,
  formatSlots,
  parsePairs,
  parseSlots,
  removeRange,
  setRange,
  totals,
} from './availability-form';

describe('the availability grid', () => {
  it.each([
    [{ date: 'd', shiftHours: 0, bookedHours: 0, openHours: 0 }, 'gray.200', 'Off'],
    [{ date: 'd', shiftHours: 8, bookedHours: 0, openHours: 8 }, 'green.500', '8h open of 8h'],
    [{ date: 'd', shiftHours: 8, bookedHours: 4, openHours: 4 }, 'green.300', '4h open of 8h'],
    [{ date: 'd', shiftHours: 8, bookedHours: 6.5, openHours: 1.5 }, 'orange.400', '1.5h open of 8h'],
    [{ date: 'd', shiftHours: 8, bookedHours: 8, openHours: 0 }, 'red.400', '0h open of 8h'],
  ])('%j is %s', (day, color, label) => {
    expect(cellLook(day)).toMatchObject({ color, label });
  });

  it('totals a row', () => {
    expect(
      totals([
        { date: 'a', shiftHours: 8, bookedHours: 2, openHours: 6 },
        { date: 'b', shiftHours: 4, bookedHours: 0, openHours: 4 },
      ]),
    ).toEqual({ shiftHours: 12, openHours: 10 });
  });
});

describe('editing hours and holidays', () => {
  it('adds, changes, removes and copies ranges', () => {
    let hours = addRange({}, 'Monday');
    expect(hours).toEqual({ Monday: [{ start: '09:00', end: '17:00' }] });
    hours = setRange(hours, 'Monday', 0, { start: '08:00', end: '12:00' });
    hours = addRange(hours, 'Monday');
    expect(hours.Monday).toEqual([
      { start: '08:00', end: '12:00' },
      { start: '12:00', end: '12:00' },
    ]);
    hours = removeRange(hours, 'Monday', 1);
    const week = copyToWeekdays(hours, 'Monday');
    expect(Object.keys(week)).toEqual(['Monday', 'Tuesday', 'Wednesday', 'Thursday', 'Friday']);
    expect(week.Friday).toEqual([{ start: '08:00', end: '12:00' }]);
  });

  it('keeps holidays sorted and unique, ignoring a half-typed date', () => {
    expect(addHoliday(['2026-12-25'], '2026-07-04')).toEqual(['2026-07-04', '2026-12-25']);
    expect(addHoliday(['2026-12-25'], '2026-12-25')).toEqual(['2026-12-25']);
    expect(addHoliday(['2026-12-25'], '2026-12')).toEqual(['2026-12-25']);
  });

  it('reads and writes slot lists and trade pairs', () => {
    expect(parseSlots('8-10, 13:30-15')).toEqual([
      [8, 10],
      [13.5, 15],
    ]);
    expect(parseSlots('8-')).toBeNull();
    expect(
      formatSlots([
        [8, 10],
        [13.5, 15],
      ]),
    ).toBe('8-10, 13:30-15');
    expect(parsePairs('HVAC=9001, Plumbing = 9002, junk')).toEqual({ HVAC: '9001', Plumbing: '9002' });
    expect(formatPairs({ HVAC: '9001' })).toBe('HVAC=9001');
  });
});
