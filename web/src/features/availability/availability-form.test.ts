import { describe, expect, it } from '@jest/globals';
import type { AvailabilityView } from './api/availability.schema';
import { HolidaysFormSchema, OfficeHoursFormSchema, ScheduleFormSchema, withAvailability } from './section-schemas';
import { addHoliday, addRange, cellLook, copyToWeekdays, hourOfTime, rangesOutOfOrder, removeRange, setRange, timeOfHour, totals } from './availability-form';

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

  it('edits window hours as times and finds ranges that end before they start', () => {
    expect(timeOfHour(13.5)).toBe('13:30');
    expect(timeOfHour(8)).toBe('08:00');
    expect(hourOfTime('13:30')).toBe(13.5);
    expect(hourOfTime('')).toBeNaN();
    expect(rangesOutOfOrder({ Monday: [{ start: '09:00', end: '17:00' }], Sunday: [{ start: '18:00', end: '06:00' }] })).toEqual([{ day: 'Sunday', index: 0 }]);
  });
});

describe('a section of the page', () => {
  const view = {
    availability: {
      regularHours: { Monday: [{ start: '09:00', end: '17:00' }] },
      emergencyHours: {},
      holidays: ['2026-12-25'],
      availabilityMessage: 'Hi',
      lastUpdatedAt: '2026-11-01T00:00:00Z',
    },
  } as unknown as AvailabilityView;

  it('is checked by its part of the API request schema, with the API message', () => {
    const bad = OfficeHoursFormSchema.safeParse({ availability: { regularHours: { Sunday: [{ start: '18:00', end: '06:00' }] } } });
    expect(bad.success).toBe(false);
    expect(bad.error?.issues.map((i) => [i.path.join('.'), i.message])).toEqual([
      ['availability.regularHours.Sunday.0.end', 'Sunday: the hours must end after they start'],
    ]);
    const buffer = ScheduleFormSchema.safeParse({ schedule: { strategy: { defaultTimeBuffer: 9000 } } });
    expect(buffer.error?.issues[0].message).toBe('Time buffer cannot exceed 8760 hours (1 year)');
    expect(HolidaysFormSchema.safeParse({ availability: { holidays: ['2026-02-30'], availabilityMessage: null } }).error?.issues[0].message).toBe(
      'Must be YYYY-MM-DD format',
    );
  });

  it('sends the stored rest of the availability block with its own part, without lastUpdatedAt', () => {
    expect(withAvailability(view, { holidays: [] })).toEqual({
      availability: { regularHours: { Monday: [{ start: '09:00', end: '17:00' }] }, emergencyHours: {}, holidays: [], availabilityMessage: 'Hi' },
    });
  });
});
