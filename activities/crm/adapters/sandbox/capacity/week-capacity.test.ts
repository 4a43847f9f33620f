import { DEFAULT_REGULAR_HOURS } from '../../../../../domain/organization/organization-settings.schema';
import { appointment, crmData, TZ } from './sandbox-capacity.fixtures';
import { weekCapacity } from '../../../../../domain/capacity/week-capacity';

describe('weekCapacity', () => {
  const crm = crmData();
  const week = (over = {}) =>
    weekCapacity({
      start: '2026-03-02',
      timeZone: TZ,
      regularHours: DEFAULT_REGULAR_HOURS,
      holidays: ['2026-03-04'],
      technicians: crm.technicians,
      shifts: crm.shifts,
      appointments: [appointment('2026-03-03', '10:00', 4, ['1001'])],
      zones: crm.zones,
      ...over,
    });

  it('counts shift hours inside the open hours, booked hours and what is left, per technician', () => {
    const w = week();
    expect(w.days.map((d) => `${d.weekday}${d.closed ? ' closed' : ''}${d.holiday ? ' holiday' : ''}`)).toEqual([
      'Monday',
      'Tuesday',
      'Wednesday closed holiday',
      'Thursday',
      'Friday',
      'Saturday closed',
      'Sunday closed',
    ]);
    const maria = w.technicians.find((t) => t.id === '1001')!;
    // Maria works 08–17, the office is open 09–17: 8 hours a day.
    expect(maria.days.slice(0, 3)).toEqual([
      { date: '2026-03-02', shiftHours: 8, bookedHours: 0, openHours: 8 },
      { date: '2026-03-03', shiftHours: 8, bookedHours: 4, openHours: 4 },
      { date: '2026-03-04', shiftHours: 0, bookedHours: 0, openHours: 0 },
    ]);
    // James works 10–19 (7 open hours) and Saturday mornings, when the office is closed.
    expect(w.technicians.find((t) => t.id === '1002')!.days.map((d) => d.openHours)).toEqual([7, 7, 0, 7, 7, 0, 0]);
  });

  it('sums zones over their technicians and leaves dummy technicians out', () => {
    const w = week({ excludeTechnicianIds: ['1004'] });
    expect(w.technicians.map((t) => t.id)).toEqual(['1001', '1002', '1003']);
    const north = w.zones.find((z) => z.name === 'North')!;
    expect(north.days[1]).toEqual({ date: '2026-03-03', shiftHours: 16, bookedHours: 4, openHours: 12 });
  });
});
