import { zonedTimeToInstant } from '../../../../../domain/time/zoned-time';
import { slotsForDate } from '../../../../../domain/capacity/capacity';
import { checkCapacity, type CapacityCheckRequest } from '../../../../../domain/capacity/capacity-check';
import { AppointmentScheduleConfigSchema } from '../../../../../domain/capacity/capacity-settings';
import { appointment, capacityInput, crmData, TZ, view } from './sandbox-capacity.fixtures';
import type { SchedulingRule } from '../../../../../domain/capacity/scheduling-rules';

const TUESDAY = '2026-03-03';
const rule = (over: Partial<SchedulingRule>): SchedulingRule => ({
  id: 'r1',
  name: 'Cap',
  conditions: [],
  activation_period: { type: 'ongoing' },
  threshold: 50,
  status: true,
  ...over,
});
const open = (slots: ReturnType<typeof slotsForDate>) => slots.filter((s) => s.isAvailable).map((s) => s.localStart);
// Maria (08–17) has 4 of the unit's 18 shift hours booked on Tuesday; James (10–19) has none.
const mariaBusy = [appointment(TUESDAY, '10:00', 4, ['1001'])];

describe('where slots lie', () => {
  it('uses the ACP slots of appointment_schedule_config instead of the CRM arrival windows', () => {
    const schedule = AppointmentScheduleConfigSchema.parse({
      isAcp: true,
      strategy: {
        defaultTimeBuffer: 0,
        slots: [
          [9, 11],
          [11, 13],
          [14, 17],
        ],
      },
    });
    const slots = slotsForDate(TUESDAY, capacityInput({ schedule }));
    expect(slots.map((s) => `${s.localStart}-${s.localEnd}`)).toEqual(['09:00-11:00', '11:00-13:00', '14:00-17:00']);
    expect(open(slots)).toEqual(['09:00', '11:00', '14:00']);
  });

  it('lays job-length slots through the open hours with adaptive capacity', () => {
    const schedule = AppointmentScheduleConfigSchema.parse({ useAdaptiveCapacity: true });
    const slots = slotsForDate(TUESDAY, capacityInput({ schedule, jobDurationSeconds: 5400 }));
    expect(slots.map((s) => s.localStart)).toEqual(['09:00', '10:30', '12:00', '13:30', '15:00']);
    expect(slots.every((s) => s.end.getTime() - s.start.getTime() === 5400 * 1000)).toBe(true);
  });

  it('offers a window only when all of it is inside the regular hours', () => {
    const regularHours = { Tuesday: [{ start: '09:00', end: '16:00' }] };
    expect(slotsForDate(TUESDAY, capacityInput({ regularHours })).map((s) => s.localStart)).toEqual(['10:00', '13:00']);
    // A quarter-hour break at 11:00 falls inside the 10:00–12:00 window.
    const split = {
      Tuesday: [
        { start: '09:00', end: '11:00' },
        { start: '11:15', end: '17:00' },
      ],
    };
    expect(slotsForDate(TUESDAY, capacityInput({ regularHours: split })).map((s) => s.localStart)).toEqual(['13:00', '15:00']);
  });
});

describe('scheduling rules on slots', () => {
  it.each([
    ['a job-type cap the booking would exceed closes every slot', [rule({ conditions: [{ type: 'JobType', values: ['101'] }], threshold: 30 })], [], true],
    [
      'the same cap with room left (33% ≤ 40%)',
      [rule({ conditions: [{ type: 'JobType', values: ['101'] }], threshold: 40 })],
      ['10:00', '13:00', '15:00'],
      false,
    ],
    ['a rule for another job type', [rule({ conditions: [{ type: 'JobType', values: ['102'] }], threshold: 0 })], ['10:00', '13:00', '15:00'], false],
    ['a rule switched off', [rule({ status: false, threshold: 0 })], ['10:00', '13:00', '15:00'], false],
    ['a rule for Wednesdays', [rule({ conditions: [{ type: 'Weekday', values: ['Wednesday'] }], threshold: 0 })], ['10:00', '13:00', '15:00'], false],
    [
      'a rule whose date range has not begun',
      [rule({ activation_period: { type: 'dateRange', start_date: '2026-03-04', end_date: '2026-03-31' }, threshold: 0 })],
      ['10:00', '13:00', '15:00'],
      false,
    ],
    [
      'a rule for tomorrow only (today is Monday)',
      [rule({ activation_period: { type: 'relativeRange', relative_range_type: 'tomorrow' }, threshold: 0 })],
      [],
      true,
    ],
    ['a rule from 12:00 on', [rule({ day_start: '12:00', threshold: 0 })], ['10:00'], true],
    ['a zone rule without a zone', [rule({ conditions: [{ type: 'Zone', values: ['701'] }], threshold: 0 })], ['10:00', '13:00', '15:00'], false],
  ])('%s', (_name, rules, expected, capped) => {
    const slots = slotsForDate(TUESDAY, capacityInput({ rules, jobTypeId: '101', appointments: mariaBusy }));
    expect(open(slots)).toEqual(expected);
    expect(slots.some((s) => s.isExceedingIdealBookingPercentage)).toBe(capped);
  });

  it('caps only the technicians a technician-side rule measures', () => {
    // Maria: (4 + 2) / 9 hours = 67% > 50%, so she is closed; James still takes every window.
    const slots = slotsForDate(
      TUESDAY,
      capacityInput({ rules: [rule({ conditions: [{ type: 'Technician', values: ['1001'] }] })], jobTypeId: '101', appointments: mariaBusy }),
    );
    expect(open(slots)).toEqual(['10:00', '13:00', '15:00']);
    for (const s of slots) expect(s.technicians.find((t) => t.id === '1001')?.status).toBe('Unavailable');
    expect(slots[0].cappedBy).toEqual(['r1']);
  });

  it('reports how full the day is', () => {
    expect(slotsForDate(TUESDAY, capacityInput({ appointments: mariaBusy }))[0].percentageFull).toBe(22.2);
  });
});

describe('who the booking goes to', () => {
  it('auto-assigns the least-booked free technician', () => {
    const slots = slotsForDate(
      TUESDAY,
      capacityInput({
        appointments: [appointment(TUESDAY, '13:00', 1, ['1001'])],
        crmSettings: { autoAssignTech: true, assignDummyTech: false, defaultDummyTechs: {} },
      }),
    );
    expect(slots.find((s) => s.localStart === '15:00')?.assignedTechnicianId).toBe('1002');
    // At 10:00 both are free; the one with fewer booked hours that day (James) is chosen.
    expect(slots.find((s) => s.localStart === '10:00')?.assignedTechnicianId).toBe('1002');
  });

  it("assigns the trade's dummy technician, who is never counted as capacity", () => {
    const crmSettings = { autoAssignTech: false, assignDummyTech: true, defaultDummyTechs: { HVAC: '1002' } };
    const slots = slotsForDate(TUESDAY, capacityInput({ crmSettings, trade: 'HVAC' }));
    expect(slots.every((s) => s.technicians.every((t) => t.id !== '1002'))).toBe(true);
    expect(slots.filter((s) => s.isAvailable).map((s) => s.assignedTechnicianId)).toEqual(['1002', '1002', '1002']);
    expect(slotsForDate(TUESDAY, capacityInput({ crmSettings, trade: 'Roofing' })).find((s) => s.isAvailable)?.assignedTechnicianId).toBeNull();
  });
});

describe('checkCapacity', () => {
  const now = zonedTimeToInstant('2026-03-02', '06:00', TZ);
  const req = (over: Partial<CapacityCheckRequest> = {}): CapacityCheckRequest => ({
    now,
    date: TUESDAY,
    instant: zonedTimeToInstant(TUESDAY, '10:30', TZ),
    jobTypeId: '101',
    businessUnitId: '1',
    priority: 0,
    ...over,
  });

  it('finds the slot containing the asked time', () => {
    const r = checkCapacity(view(), crmData(), req());
    expect(r.kind === 'available' && r.slot.localStart).toBe('10:00');
  });

  it('answers an unknown job type, and a zip code outside the zones', () => {
    expect(checkCapacity(view(), crmData(), req({ jobTypeId: '999' }))).toEqual({ kind: 'unknown_job_type' });
    expect(checkCapacity(view(), crmData(), req({ zipcode: '90210' }))).toEqual({ kind: 'out_of_area', zipcode: '90210' });
    // South (78704) serves units 1 and 2 only.
    expect(checkCapacity(view(), crmData(), req({ zipcode: '78704', businessUnitId: '3', jobTypeId: '301' }))).toEqual({
      kind: 'out_of_area',
      zipcode: '78704',
    });
  });

  it("restricts the crew to the zone's technicians", () => {
    const r = checkCapacity(view(), crmData(), req({ zipcode: '78704' }));
    expect(r.kind === 'available' && r.slot.technicians.map((t) => t.id)).toEqual(['1002']);
  });

  it("picks the trade's business unit when none is given", () => {
    const r = checkCapacity(view(), crmData(), req({ businessUnitId: undefined, trade: 'plumbing', jobTypeId: '201' }));
    expect(r.kind === 'available' && r.businessUnitId).toBe('2');
    expect(checkCapacity(view(), crmData(), req({ businessUnitId: undefined, trade: 'Roofing' }))).toEqual({ kind: 'unknown_trade' });
  });

  it('needs the skills of the job type with skill-based availability', () => {
    const r = checkCapacity(view({ skillBasedAvailability: true }), crmData(), req({ jobTypeId: '103' }));
    expect(r.kind === 'available' && r.slot.technicians.filter((t) => t.status === 'Available').map((t) => t.id)).toEqual(['1001']);
  });

  it("keeps a priority's buffer: a 2-day buffer moves a Tuesday request to Wednesday", () => {
    const schedule = AppointmentScheduleConfigSchema.parse({ strategy: { defaultTimeBuffer: 0, priorityBasedTimeBuffer: { 1: { value: 2, unit: 'days' } } } });
    const r = checkCapacity(view({ schedule }), crmData(), req({ priority: 1 }));
    expect(r.kind === 'unavailable' && r.alternatives.map((s) => `${s.date} ${s.localStart}`)).toEqual([
      '2026-03-04 10:00',
      '2026-03-04 13:00',
      '2026-03-04 15:00',
    ]);
    expect(checkCapacity(view({ schedule }), crmData(), req({ priority: 3 })).kind).toBe('available');
  });

  describe('emergencies', () => {
    const emergency = (over: object) =>
      view({
        emergency_config: {
          enabled: true,
          snoozedTill: null,
          offerSlotStrategy: 'callbacks',
          slotStrategy: { name: 'earliest', args: { bufferMinutes: 30, durationHours: 2 } },
          qualifyStrategy: [[{ type: 'priority', value: [5] }]],
          ...over,
        },
      });
    const evening = zonedTimeToInstant('2026-03-02', '20:00', TZ);

    it('offers a callback, or promises the earliest slot, when the job qualifies', () => {
      expect(checkCapacity(emergency({}), crmData(), req({ priority: 5 }))).toEqual({ kind: 'emergency_callback' });
      const promised = checkCapacity(emergency({ offerSlotStrategy: 'promise_slot' }), crmData(), req({ priority: 5, now: evening }));
      expect(promised).toEqual({
        kind: 'emergency_slot',
        slot: {
          start: zonedTimeToInstant('2026-03-02', '20:30', TZ),
          end: zonedTimeToInstant('2026-03-02', '22:30', TZ),
          technicianId: '1001',
          strategy: 'earliest',
        },
      });
    });

    it('treats a job that does not qualify, or a snoozed config, as a regular booking', () => {
      expect(checkCapacity(emergency({}), crmData(), req({ priority: 3 })).kind).toBe('available');
      expect(checkCapacity(emergency({ snoozedTill: '2026-03-02T23:00:00Z' }), crmData(), req({ priority: 5 })).kind).toBe('available');
      expect(checkCapacity(emergency({ enabled: false }), crmData(), req({ priority: 5 })).kind).toBe('available');
    });
  });
});
