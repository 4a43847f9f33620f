import { addBusinessDays, addBusinessDaysToDate, isWeekend } from './business-days';

describe('addBusinessDaysToDate (spec 000 §9: skips Saturday and Sunday)', () => {
  it.each([
    ['Thursday +1', '2026-03-05', 1, '2026-03-06'],
    ['Friday +1', '2026-03-06', 1, '2026-03-09'],
    ['Saturday +1', '2026-03-07', 1, '2026-03-09'],
    ['Sunday +1', '2026-03-08', 1, '2026-03-09'],
    ['Monday +5', '2026-03-09', 5, '2026-03-16'],
    ['Friday +6', '2026-03-06', 6, '2026-03-16'],
    ['over the new year', '2026-12-31', 2, '2027-01-04'],
    ['holidays are not skipped', '2026-12-24', 1, '2026-12-25'],
    ['Monday -1', '2026-03-09', -1, '2026-03-06'],
    ['Saturday -1', '2026-03-07', -1, '2026-03-06'],
    ['Wednesday -3', '2026-03-11', -3, '2026-03-06'],
    ['zero on a weekday', '2026-03-10', 0, '2026-03-10'],
    ['zero on a Saturday', '2026-03-07', 0, '2026-03-07'],
  ])('%s: %s → %s', (_label, date, n, expected) => {
    expect(addBusinessDaysToDate(date, n)).toBe(expected);
  });

  it('refuses fractional days', () => {
    expect(() => addBusinessDaysToDate('2026-03-09', 1.5)).toThrow(RangeError);
  });
});

describe('addBusinessDays', () => {
  it.each([
    ['keeps the local time across spring-forward', '2026-03-06T15:00:00Z', 1, 'America/New_York', '2026-03-09T14:00:00Z'],
    ['keeps the local time across fall-back', '2026-10-30T13:00:00Z', 1, 'America/New_York', '2026-11-02T14:00:00Z'],
    ['Melbourne over its April change', '2026-04-02T22:00:00Z', 1, 'Australia/Melbourne', '2026-04-05T23:00:00Z'],
    ['counts from the local date: Friday evening in New York', '2026-03-06T23:30:00Z', 1, 'America/New_York', '2026-03-09T22:30:00Z'],
    ['counts from the local date: Saturday morning in Melbourne', '2026-03-06T23:30:00Z', 1, 'Australia/Melbourne', '2026-03-08T23:30:00Z'],
    ['Newfoundland', '2026-01-16T12:30:00Z', 1, 'Canada/Newfoundland', '2026-01-19T12:30:00Z'],
    ['keeps milliseconds', '2026-01-14T12:30:00.250Z', 1, 'America/Chicago', '2026-01-15T12:30:00.250Z'],
    ['backwards', '2026-03-09T14:00:00Z', -1, 'America/New_York', '2026-03-06T15:00:00Z'],
    ['zero is the same instant', '2026-03-07T14:00:00Z', 0, 'America/New_York', '2026-03-07T14:00:00Z'],
  ])('%s', (_label, iso, n, zone, expected) => {
    expect(addBusinessDays(new Date(iso), n, zone).toISOString()).toBe(new Date(expected).toISOString());
  });
});

describe('isWeekend', () => {
  it('reads the day in the zone', () => {
    const fridayEveningInNewYork = new Date('2026-03-06T23:30:00Z');
    expect(isWeekend(fridayEveningInNewYork, 'America/New_York')).toBe(false);
    expect(isWeekend(fridayEveningInNewYork, 'Australia/Melbourne')).toBe(true);
  });
});
