import { DEFAULT_REGULAR_HOURS } from '../../../../../domain/organization/organization-settings.schema';
import { zonedTimeToInstant } from '../../../../../domain/time/zoned-time';
import { appointment, crmData, TZ } from './sandbox-capacity.fixtures';
import { emergencySlot, emergencyState, qualifiesAsEmergency, type EmergencySlotInput } from '../../../../../domain/capacity/emergency';
import type { TechnicianShift } from '../../../../../domain/crm/crm-records';

const at = (date: string, time: string) => zonedTimeToInstant(date, time, TZ);
const MONDAY = '2026-03-02';

describe('emergencyState', () => {
  it.each([
    [{ enabled: false, snoozedTill: null }, 'off'],
    [{ enabled: true, snoozedTill: null }, 'on'],
    [{ enabled: true, snoozedTill: '2026-03-02T23:00:00Z' }, 'snoozed'],
    [{ enabled: true, snoozedTill: '2026-03-02T12:00:00Z' }, 'on'],
  ] as const)('%j → %s', (config, expected) => expect(emergencyState(config, new Date('2026-03-02T20:00:00Z'))).toBe(expected));
});

describe('qualifiesAsEmergency', () => {
  const ctx = (time: string, over = {}) => ({
    now: at(MONDAY, time),
    timeZone: TZ,
    regularHours: DEFAULT_REGULAR_HOURS,
    holidays: [],
    priority: 4,
    businessUnitId: '2',
    jobTypeId: '202',
    ...over,
  });
  it.each([
    ['no groups', [], ctx('20:00'), false],
    ['an empty group', [[]], ctx('20:00'), false],
    ['after hours', [[{ type: 'after_hours_buffer' as const, value: 0 }]], ctx('20:00'), true],
    ['office hours', [[{ type: 'after_hours_buffer' as const, value: 0 }]], ctx('12:00'), false],
    ['within 60 minutes of closing', [[{ type: 'after_hours_buffer' as const, value: 60 }]], ctx('16:30'), true],
    [
      'all rules of a group must hold',
      [
        [
          { type: 'priority' as const, value: [4, 5] },
          { type: 'business_unit' as const, value: ['1'] },
        ],
      ],
      ctx('12:00'),
      false,
    ],
    ['any group may qualify', [[{ type: 'business_unit' as const, value: ['1'] }], [{ type: 'job_type' as const, value: ['202'] }]], ctx('12:00'), true],
    ['members only, caller not identified', [[{ type: 'membership' as const, value: true }]], ctx('12:00'), false],
    ['members only, a member', [[{ type: 'membership' as const, value: true }]], ctx('12:00', { isMember: true }), true],
  ])('%s', (_n, strategy, context, expected) => expect(qualifiesAsEmergency(strategy, context)).toBe(expected));
});

describe('emergencySlot', () => {
  const crm = crmData();
  const input = (over: Partial<EmergencySlotInput> = {}): EmergencySlotInput => ({
    now: at(MONDAY, '20:05'),
    timeZone: TZ,
    emergencyHours: {},
    technicians: crm.technicians,
    shifts: crm.shifts,
    appointments: [],
    businessUnitId: '1',
    jobDurationSeconds: 7200,
    ...over,
  });
  const onCall: TechnicianShift = {
    id: 'oc',
    technicianId: '1002',
    start: at(MONDAY, '21:00'),
    end: at('2026-03-03', '07:00'),
    shiftType: 'OnCall',
    active: true,
  };

  it('earliest: the next quarter hour after the buffer with a free technician', () => {
    expect(emergencySlot({ name: 'earliest', args: { bufferMinutes: 30, durationHours: 2 } }, input())).toEqual({
      start: at(MONDAY, '20:45'),
      end: at(MONDAY, '22:45'),
      technicianId: '1001',
      strategy: 'earliest',
    });
    const busy = [appointment(MONDAY, '20:00', 3, ['1001'])];
    expect(emergencySlot({ name: 'earliest', args: { bufferMinutes: 0, durationHours: 1 } }, input({ appointments: busy }))?.technicianId).toBe('1002');
  });

  it('earliest: inside the emergency hours when they are set', () => {
    const emergencyHours = { Monday: [{ start: '22:00', end: '23:30' }] };
    expect(emergencySlot({ name: 'earliest', args: { bufferMinutes: 0, durationHours: 1 } }, input({ emergencyHours }))?.start).toEqual(at(MONDAY, '22:00'));
  });

  it("acp_emergency: the day's first emergency window that has not started", () => {
    const args = {
      Monday: [
        [18, 20],
        [21, 23],
      ] as [number, number][],
      Tuesday: [[7.5, 9]] as [number, number][],
    };
    expect(emergencySlot({ name: 'acp_emergency', args }, input())).toMatchObject({ start: at(MONDAY, '21:00'), end: at(MONDAY, '23:00') });
    expect(emergencySlot({ name: 'acp_emergency', args }, input({ now: at(MONDAY, '21:30') }))).toMatchObject({
      start: at('2026-03-03', '07:30'),
      end: at('2026-03-03', '09:00'),
    });
  });

  it('oncall_technician_availability: only technicians on an on-call shift covering the job', () => {
    expect(emergencySlot({ name: 'oncall_technician_availability' }, input())).toBeNull();
    expect(emergencySlot({ name: 'oncall_technician_availability' }, input({ shifts: [onCall] }))).toEqual({
      start: at(MONDAY, '21:00'),
      end: at(MONDAY, '23:00'),
      technicianId: '1002',
      strategy: 'oncall_technician_availability',
    });
  });
});
