import { describe, expect, it } from '@jest/globals';
import {
  assign,
  assigned,
  assignMany,
  calendarWeeks,
  employeeNames,
  isCalendarDate,
  isMonthKey,
  monthDays,
  monthTitle,
  repeatPreviousWeek,
  shiftMonth,
} from './on-call-schedule';
import { todayIn } from '../../lib/days';

const tom = { id: '1001', name: 'Tom Tech', email: null, phoneNumber: '+15125550201', role: 'Technician' };
const mary = { id: '2004', name: 'Mary Manager', email: 'mary@x.test', phoneNumber: '+15125550304', role: 'Service Manager' };

describe('the on-call month', () => {
  it('lays out a month from its first weekday', () => {
    const feb = monthDays('2025-02');
    expect(feb.dates).toHaveLength(28);
    expect(feb.dates[0]).toBe('2025-02-01');
    expect(feb.leadingBlanks).toBe(5); // 2025-02-01 is a Saturday
    expect(monthDays('2024-02').dates).toHaveLength(29);
    expect(isMonthKey('2025-02')).toBe(true);
    expect(isMonthKey('2025-2')).toBe(false);
  });

  it('assigns per department and role, replaces, clears and keeps the other departments', () => {
    let days = assign([], '2025-02-03', 'HVAC', 'Technician', tom);
    days = assign(days, '2025-02-03', 'HVAC', 'Manager', mary);
    days = assign(days, '2025-02-03', 'Plumbing', 'Technician', { ...tom, id: '1002', name: 'Pete' });
    days = assign(days, '2025-02-01', 'HVAC', 'Technician', tom);
    expect(days.map((d) => d.date)).toEqual(['2025-02-01', '2025-02-03']);
    expect(assigned(days, '2025-02-03', 'HVAC', 'Manager')).toEqual({
      role: 'Manager',
      employeeId: '2004',
      phoneNumber: '+15125550304',
      name: 'Mary Manager',
      department: 'HVAC',
    });
    expect(employeeNames(days)).toEqual({ '1001': 'Tom Tech', '2004': 'Mary Manager', '1002': 'Pete' });

    days = assign(days, '2025-02-03', 'HVAC', 'Technician', null);
    expect(assigned(days, '2025-02-03', 'HVAC', 'Technician')).toBeUndefined();
    expect(assigned(days, '2025-02-03', 'Plumbing', 'Technician')?.name).toBe('Pete');
    days = assign(days, '2025-02-01', 'HVAC', 'Technician', null);
    expect(days.map((d) => d.date)).toEqual(['2025-02-03']);
  });
});

describe('the on-call day', () => {
  it('takes only real calendar days written YYYY-MM-DD', () => {
    expect(isCalendarDate('2031-03-04')).toBe(true);
    expect(isCalendarDate('2032-02-29')).toBe(true);
    expect(isCalendarDate('2031-02-29')).toBe(false);
    expect(isCalendarDate('2031-3-4')).toBe(false);
    expect(isCalendarDate('03/04/2031')).toBe(false);
  });
});

describe('moving about the calendar', () => {
  it('steps months across a year end and names them', () => {
    expect(shiftMonth('2026-12', 1)).toBe('2027-01');
    expect(shiftMonth('2026-01', -1)).toBe('2025-12');
    expect(monthTitle('2026-11')).toBe('November 2026');
  });

  it("tells today's date in the organization's zone, not the browser's", () => {
    const lateEvening = new Date('2026-11-28T03:30:00Z');
    expect(todayIn('America/Chicago', lateEvening)).toBe('2026-11-27');
    expect(todayIn('Europe/Berlin', lateEvening)).toBe('2026-11-28');
  });

  it('cuts a month into Monday-first weeks', () => {
    const weeks = calendarWeeks('2026-11'); // 2026-11-01 is a Sunday
    expect(weeks[0]).toEqual(['2026-11-01']);
    expect(weeks[1][0]).toBe('2026-11-02');
    expect(weeks[1]).toHaveLength(7);
    expect(weeks.flat()).toHaveLength(30);
  });
});

describe('repeat last week', () => {
  const electrician = { ...tom, id: '1002', name: 'Eli Sparks' };

  it('copies every trade of the week before, empties days that had nobody, and counts what changed', () => {
    let days = assign([], '2026-11-09', 'HVAC', 'Technician', tom);
    days = assign(days, '2026-11-09', 'Electrical', 'Technician', electrician);
    days = assign(days, '2026-11-11', 'HVAC', 'Manager', mary);
    days = assign(days, '2026-11-17', 'HVAC', 'Technician', electrician); // nobody on the 10th: the 17th is emptied
    const week = calendarWeeks('2026-11')[3]; // 16th to 22nd
    const { days: next, changed } = repeatPreviousWeek(days, [], week);
    expect(assigned(next, '2026-11-16', 'HVAC', 'Technician')?.name).toBe('Tom Tech');
    expect(assigned(next, '2026-11-16', 'Electrical', 'Technician')?.name).toBe('Eli Sparks');
    expect(assigned(next, '2026-11-18', 'HVAC', 'Manager')?.name).toBe('Mary Manager');
    expect(assigned(next, '2026-11-17', 'HVAC', 'Technician')).toBeUndefined();
    expect(changed).toBe(3);
    // The week copied from is left as it was.
    expect(assigned(next, '2026-11-09', 'HVAC', 'Technician')?.name).toBe('Tom Tech');
    expect(repeatPreviousWeek(next, [], week).changed).toBe(0);
  });

  it("takes the days before the month from the previous month's schedule", () => {
    const october = assign([], '2026-10-26', 'HVAC', 'Technician', tom);
    const week = calendarWeeks('2026-11')[0]; // Sunday the 1st alone; a week earlier is October 25th
    expect(repeatPreviousWeek([], october, week).changed).toBe(0);
    const week2 = calendarWeeks('2026-11')[1]; // Monday the 2nd ← Monday October 26th
    expect(assigned(repeatPreviousWeek([], october, week2).days, '2026-11-02', 'HVAC', 'Technician')?.name).toBe('Tom Tech');
  });

  it('puts one person on several days at once', () => {
    const days = assignMany([], ['2026-11-02', '2026-11-03'], 'HVAC', 'Technician', tom);
    expect(days.map((d) => d.date)).toEqual(['2026-11-02', '2026-11-03']);
    expect(assignMany(days, ['2026-11-02'], 'HVAC', 'Technician', null).map((d) => d.date)).toEqual(['2026-11-03']);
  });
});
