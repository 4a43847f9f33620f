import fc from 'fast-check';
import { TIMEZONES, WEEKDAYS, type WeeklyHours } from '../../../../../domain/organization/organization-settings.schema';
import { addDays } from '../../../../../domain/time/calendar';
import { isWithinHours } from '../../../../../domain/time/business-hours';
import { toZonedParts, zonedTimeToInstant } from '../../../../../domain/time/zoned-time';
import { slotsForDate, type CapacityInput } from '../../../../../domain/capacity/capacity';
import { AppointmentScheduleConfigSchema, type TimeBuffer } from '../../../../../domain/capacity/capacity-settings';
import { SANDBOX_ARRIVAL_WINDOWS } from '../sandbox-seed';
import { TECHNICIANS } from './sandbox-capacity.fixtures';
import { earliestBookableStart } from '../../../../../domain/capacity/time-buffer';
import type { Appointment, TechnicianShift } from '../../../../../domain/crm/crm-records';

// Properties of the engine's time arithmetic in every zone of spec §9, on dates around each hemisphere's
// 2026 DST changes (US/Canada 03-08 and 11-01, Melbourne 04-05 and 10-04). Hours, windows and durations
// are on the quarter hour, so sampling each quarter hour of a slot sees every boundary.

const MINUTE = 60_000;
const DST_DATES = ['2026-03-08', '2026-11-01', '2026-04-05', '2026-10-04'];
const quarter = (max: number) =>
  fc.integer({ min: 0, max: max * 4 }).map((q) => `${String(Math.floor(q / 4)).padStart(2, '0')}:${String((q % 4) * 15).padStart(2, '0')}`);

const rangeArb = fc
  .tuple(quarter(23), quarter(23))
  .filter(([s, e]) => s !== e)
  .map(([start, end]) => ({ start, end }));
const hoursArb: fc.Arbitrary<WeeklyHours> = fc
  .tuple(...WEEKDAYS.map(() => fc.array(rangeArb, { maxLength: 2 })))
  .map((days) => Object.fromEntries(WEEKDAYS.map((d, i) => [d, days[i]])) as WeeklyHours);
const bufferArb: fc.Arbitrary<TimeBuffer> = fc.oneof(
  fc.integer({ min: 0, max: 72 }).map((value) => ({ value, unit: 'hours' as const })),
  fc.integer({ min: 0, max: 3 }).map((value) => ({ value, unit: 'days' as const })),
);
const modeArb = fc.constantFrom('arrival', 'fallback', 'acp', 'adaptive');

const scenarioArb = fc.record({
  timeZone: fc.constantFrom(...TIMEZONES),
  date: fc.tuple(fc.constantFrom(...DST_DATES), fc.integer({ min: -2, max: 2 })).map(([d, o]) => addDays(d, o)),
  nowOffsetMinutes: fc.integer({ min: -36 * 60, max: 12 * 60 }),
  regularHours: hoursArb,
  holiday: fc.boolean(),
  buffer: bufferArb,
  mode: modeArb,
  durationQuarters: fc.integer({ min: 2, max: 16 }),
  busy: fc.array(
    fc.record({ tech: fc.constantFrom('1001', '1002'), startQuarter: fc.integer({ min: -8, max: 100 }), quarters: fc.integer({ min: 1, max: 16 }) }),
    { maxLength: 4 },
  ),
  picks: fc.array(fc.nat(), { minLength: 1, maxLength: 6 }),
});

type Scenario = typeof scenarioArb extends fc.Arbitrary<infer S> ? S : never;

function build(s: Scenario): CapacityInput {
  const dayStart = zonedTimeToInstant(s.date, '00:00', s.timeZone).getTime();
  // Everyone is on a shift around the clock, so the hours, buffer and bookings are what limit the slots.
  const shifts: TechnicianShift[] = TECHNICIANS.map((t) => ({
    id: `s${t.id}`,
    technicianId: t.id,
    start: new Date(dayStart - 2 * 86_400_000),
    end: new Date(dayStart + 4 * 86_400_000),
    shiftType: 'Normal',
    active: true,
  }));
  const appointments: Appointment[] = s.busy.map((b, i) => {
    const start = new Date(dayStart + b.startQuarter * 15 * MINUTE);
    return {
      id: `b${i}`,
      jobId: 'j',
      customerId: 'c',
      start,
      end: new Date(start.getTime() + b.quarters * 15 * MINUTE),
      arrivalWindowStart: null,
      arrivalWindowEnd: null,
      technicianIds: [b.tech],
      status: 'Scheduled',
      isConfirmed: false,
    };
  });
  const now = new Date(dayStart + s.nowOffsetMinutes * MINUTE);
  const schedule = AppointmentScheduleConfigSchema.parse({
    isAcp: s.mode === 'acp',
    useAdaptiveCapacity: s.mode === 'adaptive',
    strategy: {
      defaultTimeBuffer: 0,
      slots: [
        [0, 2],
        [1.5, 3.5],
        [8, 10],
        [13.25, 17],
      ],
    },
  });
  return {
    timeZone: s.timeZone,
    now,
    regularHours: s.regularHours,
    holidays: s.holiday ? [addDays(s.date, 1)] : [],
    arrivalWindows:
      s.mode === 'arrival' ? [...SANDBOX_ARRIVAL_WINDOWS, { id: 'night', start: '01:00', duration: '02:30', businessUnitIds: [], active: true }] : [],
    businessUnitId: '1',
    jobDurationSeconds: s.durationQuarters * 15 * 60,
    requiredSkills: [],
    technicians: TECHNICIANS,
    shifts,
    appointments,
    bufferHours: 0,
    earliestStart: earliestBookableStart(now, s.timeZone, s.buffer),
    schedule,
    crmSettings: { autoAssignTech: true, assignDummyTech: false, defaultDummyTechs: {} },
  };
}

const RUNS = { numRuns: 150, seed: 4_2026 };

describe('capacity slots in all twelve time zones across DST changes', () => {
  it('never offers a slot in a closed minute, in the past or inside the buffer, and starts each at its local time', () => {
    fc.assert(
      fc.property(scenarioArb, (s) => {
        const input = build(s);
        for (const date of [s.date, addDays(s.date, 1)]) {
          for (const slot of slotsForDate(date, input)) {
            const local = toZonedParts(slot.start, s.timeZone);
            if (local.date !== date || local.time !== slot.localStart) return false;
            for (let t = slot.start.getTime(); t < slot.end.getTime(); t += 15 * MINUTE) {
              if (!isWithinHours(new Date(t), s.timeZone, input.regularHours, input.holidays)) return false;
            }
            if (!isWithinHours(new Date(slot.end.getTime() - MINUTE), s.timeZone, input.regularHours, input.holidays)) return false;
            if (!slot.isAvailable) continue;
            if (slot.start.getTime() < input.now.getTime()) return false;
            if (s.buffer.unit === 'hours' && slot.start.getTime() < input.now.getTime() + s.buffer.value * 3_600_000) return false;
            if (s.buffer.unit === 'days' && local.date < addDays(toZonedParts(input.now, s.timeZone).date, s.buffer.value)) return false;
          }
        }
        return true;
      }),
      RUNS,
    );
  });

  it('makes adaptive slots exactly as long as the job', () => {
    fc.assert(
      fc.property(scenarioArb, (s) => {
        const input = build({ ...s, mode: 'adaptive' });
        return slotsForDate(s.date, input).every((slot) => slot.end.getTime() - slot.start.getTime() === input.jobDurationSeconds * 1000);
      }),
      RUNS,
    );
  });

  it('never double-books a technician when slots are booked one after another', () => {
    fc.assert(
      fc.property(scenarioArb, (s) => {
        const input = build(s);
        const booked = [...input.appointments];
        for (const pick of s.picks) {
          const open = slotsForDate(s.date, { ...input, appointments: booked }).filter((x) => x.isAvailable);
          if (open.length === 0) break;
          const slot = open[pick % open.length];
          const tech = slot.assignedTechnicianId!;
          const end = new Date(slot.start.getTime() + input.jobDurationSeconds * 1000);
          // The assignee is free for the whole job before it is booked.
          if (booked.some((a) => a.technicianIds.includes(tech) && a.start < end && slot.start < a.end)) return false;
          booked.push({
            id: `p${booked.length}`,
            jobId: 'j',
            customerId: 'c',
            start: slot.start,
            end,
            arrivalWindowStart: null,
            arrivalWindowEnd: null,
            technicianIds: [tech],
            status: 'Scheduled',
            isConfirmed: false,
          });
        }
        return true;
      }),
      RUNS,
    );
  });
});
