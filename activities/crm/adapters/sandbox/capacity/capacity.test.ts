import fc from 'fast-check';
import { TIMEZONES } from '../../../../../domain/organization/organization-settings.schema';
import { addDays } from '../../../../../domain/time/calendar';
import { isWithinHours } from '../../../../../domain/time/business-hours';
import { toZonedParts, zonedTimeToInstant } from '../../../../../domain/time/zoned-time';
import { capacityInput, TZ } from './sandbox-capacity.fixtures';
import { nextAvailableSlots, slotContaining, slotsForDate, type CapacityInput } from '../../../../../domain/capacity/capacity';
import type { Appointment } from '../../../../../domain/crm/crm-records';

const appointment = (date: string, time: string, hours: number, technicianIds: string[]): Appointment => {
  const start = zonedTimeToInstant(date, time, TZ);
  return {
    id: 'a',
    jobId: 'j',
    customerId: 'c',
    start,
    end: new Date(start.getTime() + hours * 3_600_000),
    arrivalWindowStart: null,
    arrivalWindowEnd: null,
    technicianIds,
    status: 'Scheduled',
    isConfirmed: false,
  };
};

const available = (date: string, i: CapacityInput) =>
  slotsForDate(date, i)
    .filter((s) => s.isAvailable)
    .map((s) => s.localStart);

describe('slotsForDate', () => {
  it.each([
    ['a weekday with both HVAC technicians free', capacityInput(), '2026-03-03', ['10:00', '13:00', '15:00']],
    // 08:00 opens before the 09:00 regular hours; 15:00 fits Maria's shift (to 17:00) and James's (to 19:00).
    ['a Saturday (no regular hours)', capacityInput(), '2026-03-07', []],
    ['a holiday', capacityInput({ holidays: ['2026-03-03'] }), '2026-03-03', []],
    [
      'both HVAC technicians booked at 10:00',
      capacityInput({ appointments: [appointment('2026-03-03', '10:00', 2, ['1001']), appointment('2026-03-03', '09:30', 2, ['1002'])] }),
      '2026-03-03',
      ['13:00', '15:00'],
    ],
    [
      'a canceled appointment frees its technician',
      capacityInput({ appointments: [{ ...appointment('2026-03-03', '10:00', 8, ['1001', '1002']), status: 'Canceled' }] }),
      '2026-03-03',
      ['10:00', '13:00', '15:00'],
    ],
    [
      'a 4-hour job ends after Maria leaves but within James’s shift',
      capacityInput({ jobDurationSeconds: 4 * 3600, appointments: [appointment('2026-03-03', '08:00', 11, ['1002'])] }),
      '2026-03-03',
      ['10:00', '13:00'],
    ],
    [
      'the Sales skill only Maria has',
      capacityInput({ requiredSkills: ['Sales'], appointments: [appointment('2026-03-03', '13:00', 2, ['1001'])] }),
      '2026-03-03',
      ['10:00', '15:00'],
    ],
    ['a 30-hour default time buffer', capacityInput({ bufferHours: 30 }), '2026-03-03', ['13:00', '15:00']],
    ['the electrical unit (Tom works 07:00–15:00, so 15:00 is out)', capacityInput({ businessUnitId: '3' }), '2026-03-03', ['10:00', '13:00']],
    ['a unit without technicians', capacityInput({ businessUnitId: '99' }), '2026-03-03', []],
  ])('%s', (_name, i, date, expected) => {
    expect(available(date, i)).toEqual(expected);
  });

  it('lays 2-hour windows across the regular hours when the CRM has no arrival windows', () => {
    expect(slotsForDate('2026-03-03', capacityInput({ arrivalWindows: [] })).map((s) => `${s.localStart}-${s.localEnd}`)).toEqual([
      '09:00-11:00',
      '11:00-13:00',
      '13:00-15:00',
      '15:00-17:00',
    ]);
  });

  it('finds the next available slots across days and the slot containing a time', () => {
    const next = nextAvailableSlots('2026-03-06', 7, 3, capacityInput({ now: zonedTimeToInstant('2026-03-06', '16:00', TZ) }));
    expect(next.map((s) => `${s.date} ${s.localStart}`)).toEqual(['2026-03-09 10:00', '2026-03-09 13:00', '2026-03-09 15:00']);
    expect(slotContaining(next, zonedTimeToInstant('2026-03-09', '14:30', TZ))?.localStart).toBe('13:00');
    expect(slotContaining(next, zonedTimeToInstant('2026-03-09', '12:30', TZ))).toBeUndefined();
  });
});

describe('capacity in every time zone of spec §9', () => {
  it('offers only windows that open at their local time, inside the regular hours, after now + buffer, with a technician on shift', () => {
    fc.assert(
      fc.property(
        fc.constantFrom(...TIMEZONES),
        fc.integer({ min: 0, max: 280 }),
        fc.integer({ min: 0, max: 48 }),
        fc.integer({ min: 1, max: 6 }),
        (timeZone, dayOffset, bufferHours, durationHours) => {
          const date = addDays('2026-03-02', dayOffset);
          const i = capacityInput(
            { timeZone, bufferHours, jobDurationSeconds: durationHours * 3600, now: zonedTimeToInstant('2026-03-02', '06:00', timeZone) },
            date,
            2,
          );
          for (const slot of slotsForDate(date, i)) {
            const local = toZonedParts(slot.start, timeZone);
            expect(local.date).toBe(date);
            expect(local.time).toBe(slot.localStart);
            expect(slot.end.getTime() - slot.start.getTime()).toBe(2 * 3_600_000);
            expect(isWithinHours(slot.start, timeZone, i.regularHours)).toBe(true);
            if (slot.isAvailable) {
              expect(slot.start.getTime()).toBeGreaterThanOrEqual(i.now.getTime() + bufferHours * 3_600_000);
              const tech = slot.technicians.find((t) => t.status === 'Available')!;
              const jobEnd = slot.start.getTime() + durationHours * 3_600_000;
              expect(i.shifts.some((s) => s.technicianId === tech.id && s.start <= slot.start && jobEnd <= s.end.getTime())).toBe(true);
            }
          }
        },
      ),
      { numRuns: 200 },
    );
  });

  it('keeps a 10:00 window at 10:00 local on both sides of each zone’s DST change', () => {
    for (const timeZone of TIMEZONES) {
      for (const date of ['2026-03-06', '2026-03-09', '2026-03-30', '2026-04-06', '2026-10-30', '2026-11-02']) {
        const slot = slotsForDate(date, capacityInput({ timeZone }, date, 1)).find((s) => s.localStart === '10:00');
        expect(slot && toZonedParts(slot.start, timeZone).time).toBe('10:00');
      }
    }
  });
});
