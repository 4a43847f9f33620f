import { addDays, epochDayOf, isValidCalendarDate, isWeekendDate, weekdayOf } from './calendar';

describe('calendar dates', () => {
  it.each([
    ['2026-03-08', 'Sunday'],
    ['2026-03-09', 'Monday'],
    ['1970-01-01', 'Thursday'],
    ['1969-12-31', 'Wednesday'],
    ['2024-02-29', 'Thursday'],
    ['2027-12-31', 'Friday'],
  ])('%s is a %s', (date, weekday) => {
    expect(weekdayOf(date)).toBe(weekday);
  });

  it.each([
    ['2026-12-31', 1, '2027-01-01'],
    ['2024-02-28', 1, '2024-02-29'],
    ['2026-02-28', 1, '2026-03-01'],
    ['2026-03-01', -1, '2026-02-28'],
    ['2026-03-08', 0, '2026-03-08'],
  ])('%s %+d days is %s', (date, days, expected) => {
    expect(addDays(date, days)).toBe(expected);
  });

  it('knows real calendar dates', () => {
    expect(isValidCalendarDate('2024-02-29')).toBe(true);
    expect(isValidCalendarDate('2026-02-29')).toBe(false);
    expect(isValidCalendarDate('2026-04-31')).toBe(false);
    expect(isValidCalendarDate('2026-4-1')).toBe(false);
    expect(epochDayOf('1970-01-02')).toBe(1);
    expect(() => weekdayOf('2026-02-30')).toThrow(RangeError);
  });

  it('treats Saturday and Sunday as the weekend', () => {
    expect(['2026-03-06', '2026-03-07', '2026-03-08', '2026-03-09'].map(isWeekendDate)).toEqual([false, true, true, false]);
  });
});
