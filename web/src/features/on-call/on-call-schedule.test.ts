import { describe, expect, it } from '@jest/globals';
import { assign, assigned, employeeNames, isCalendarDate, isMonthKey, monthDays } from './on-call-schedule';

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
