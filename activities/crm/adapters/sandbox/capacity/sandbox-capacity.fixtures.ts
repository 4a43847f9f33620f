import { DEFAULT_REGULAR_HOURS } from '../../../../../domain/organization/organization-settings.schema';
import { addDays } from '../../../../../domain/time/calendar';
import { zonedTimeToInstant } from '../../../../../domain/time/zoned-time';
import { expandWeeklyShifts } from '../sandbox-crm.adapter';
import { SANDBOX_ARRIVAL_WINDOWS, SANDBOX_BUSINESS_UNITS, SANDBOX_JOB_TYPES, SANDBOX_TECHNICIANS, sandboxZones } from '../sandbox-seed';
import type { CapacityInput } from '../../../../../domain/capacity/capacity';
import type { CapacityCrmData, OrgCapacityView } from '../../../../../domain/capacity/capacity-check';
import { DEFAULT_EMERGENCY_CONFIG, DEFAULT_SCHEDULE } from '../../../../../domain/capacity/capacity-settings';
import type { Appointment, Technician } from '../../../../../domain/crm/crm-records';

// The sandbox contractor as engine input, for the capacity tests.

export const TZ = 'America/New_York';
export const TECHNICIANS: Technician[] = SANDBOX_TECHNICIANS.map(({ weeklyShifts: _w, ...t }) => ({ ...t, role: 'Technician' }));

export function shiftsAround(around: string, days: number, timeZone: string) {
  const from = zonedTimeToInstant(addDays(around, -1), '00:00', timeZone);
  const to = zonedTimeToInstant(addDays(around, days), '00:00', timeZone);
  return SANDBOX_TECHNICIANS.flatMap((t) => expandWeeklyShifts(t, from, to, timeZone));
}

export function capacityInput(overrides: Partial<CapacityInput> = {}, around = '2026-03-02', days = 14): CapacityInput {
  const timeZone = overrides.timeZone ?? TZ;
  return {
    timeZone,
    now: zonedTimeToInstant('2026-03-02', '06:00', timeZone), // a Monday
    regularHours: DEFAULT_REGULAR_HOURS,
    holidays: [],
    arrivalWindows: SANDBOX_ARRIVAL_WINDOWS,
    businessUnitId: '1',
    jobDurationSeconds: 7200,
    requiredSkills: [],
    technicians: TECHNICIANS,
    shifts: shiftsAround(around, days, timeZone),
    appointments: [],
    bufferHours: 0,
    ...overrides,
  };
}

export function appointment(date: string, time: string, hours: number, technicianIds: string[], timeZone = TZ): Appointment {
  const start = zonedTimeToInstant(date, time, timeZone);
  return {
    id: `a-${date}-${time}-${technicianIds.join('.')}`,
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
}

export function view(overrides: Partial<OrgCapacityView> = {}): OrgCapacityView {
  return {
    timezone: TZ,
    crm_name: 'servicetitan',
    availability: { regularHours: DEFAULT_REGULAR_HOURS, emergencyHours: {}, holidays: [], availabilityMessage: null, lastUpdatedAt: null },
    schedule: { ...DEFAULT_SCHEDULE, strategy: { ...DEFAULT_SCHEDULE.strategy, defaultTimeBuffer: 0 } },
    emergency_config: DEFAULT_EMERGENCY_CONFIG,
    adp_config: { useBusinessUnits: true },
    feature_flags: {},
    regular_job_to_dispatch: null,
    autoAssignTech: false,
    assignDummyTech: false,
    defaultDummyTechs: {},
    skillBasedAvailability: false,
    rules: [],
    ...overrides,
  };
}

export function crmData(overrides: Partial<CapacityCrmData> = {}, around = '2026-03-02'): CapacityCrmData {
  return {
    jobTypes: SANDBOX_JOB_TYPES,
    businessUnits: SANDBOX_BUSINESS_UNITS,
    zones: sandboxZones(TZ),
    technicians: TECHNICIANS,
    shifts: shiftsAround(around, 14, TZ),
    appointments: [],
    arrivalWindows: SANDBOX_ARRIVAL_WINDOWS,
    ...overrides,
  };
}
