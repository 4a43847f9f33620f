import type { WeeklyHours } from '../organization/organization-settings.schema';
import { addDays, weekdayOf } from '../time/calendar';
import { isWithinHours } from '../time/business-hours';
import { toZonedParts, zonedTimeToInstant } from '../time/zoned-time';
import type { EmergencyConfig, QualifyRule } from './capacity-settings';
import type { Appointment, Technician, TechnicianShift } from '../crm/crm-records';

const MINUTE_MS = 60_000;
const STEP_MS = 15 * MINUTE_MS;
/** How far ahead an emergency slot is searched for. */
const HORIZON_DAYS = 7;

/** Off, snoozed until a time that has not passed yet, or on. */
export function emergencyState(config: Pick<EmergencyConfig, 'enabled' | 'snoozedTill'>, now: Date): 'off' | 'snoozed' | 'on' {
  if (!config.enabled) return 'off';
  if (config.snoozedTill && new Date(config.snoozedTill).getTime() > now.getTime()) return 'snoozed';
  return 'on';
}

export interface QualifyContext {
  now: Date;
  timeZone: string;
  regularHours: WeeklyHours;
  holidays: readonly string[];
  priority: number;
  businessUnitId: string;
  jobTypeId: string | null;
  /** Whether the customer holds a membership; unknown when the caller is not identified yet. */
  isMember?: boolean;
}

function ruleHolds(rule: QualifyRule, ctx: QualifyContext): boolean {
  switch (rule.type) {
    case 'after_hours_buffer': {
      // After hours, or open now but closing within the buffer.
      const soon = new Date(ctx.now.getTime() + rule.value * MINUTE_MS);
      return !isWithinHours(ctx.now, ctx.timeZone, ctx.regularHours, ctx.holidays) || !isWithinHours(soon, ctx.timeZone, ctx.regularHours, ctx.holidays);
    }
    case 'priority':
      return rule.value.includes(ctx.priority);
    case 'business_unit':
      return rule.value.includes(ctx.businessUnitId);
    case 'membership':
      return ctx.isMember === rule.value;
    case 'job_type':
      return ctx.jobTypeId !== null && rule.value.includes(ctx.jobTypeId);
  }
}

/** qualifyStrategy is a list of alternatives: the job is an emergency when every rule of any one holds. */
export function qualifiesAsEmergency(qualifyStrategy: readonly (readonly QualifyRule[])[], ctx: QualifyContext): boolean {
  return qualifyStrategy.some((group) => group.length > 0 && group.every((rule) => ruleHolds(rule, ctx)));
}

export interface EmergencySlotInput {
  now: Date;
  timeZone: string;
  /** Emergency hours; none set means emergencies are taken around the clock. */
  emergencyHours: WeeklyHours;
  technicians: readonly Technician[];
  shifts: readonly TechnicianShift[];
  appointments: readonly Appointment[];
  businessUnitId: string;
  jobDurationSeconds: number;
}

export interface EmergencySlot {
  start: Date;
  end: Date;
  technicianId: string;
  strategy: EmergencyConfig['slotStrategy']['name'];
}

const hasHours = (hours: WeeklyHours) => Object.values(hours).some((ranges) => (ranges ?? []).length > 0);
const hhmm = (hours: number) => `${String(Math.floor(hours) % 24).padStart(2, '0')}:${String(Math.round((hours % 1) * 60)).padStart(2, '0')}`;

function freeTechnician(input: EmergencySlotInput, start: number, end: number, onCallOnly: boolean): Technician | undefined {
  return input.technicians.find(
    (t) =>
      t.active &&
      t.businessUnitIds.includes(input.businessUnitId) &&
      (!onCallOnly ||
        input.shifts.some((s) => s.active && s.shiftType === 'OnCall' && s.technicianId === t.id && s.start.getTime() <= start && end <= s.end.getTime())) &&
      !input.appointments.some((a) => a.status !== 'Canceled' && a.technicianIds.includes(t.id) && a.start.getTime() < end && start < a.end.getTime()),
  );
}

/** The emergency slot the slot strategy promises (spec 000 §3 emergency_config.slotStrategy), or null. */
export function emergencySlot(strategy: EmergencyConfig['slotStrategy'], input: EmergencySlotInput): EmergencySlot | null {
  const { now, timeZone } = input;
  const open = (at: Date) => !hasHours(input.emergencyHours) || isWithinHours(at, timeZone, input.emergencyHours);
  const horizon = now.getTime() + HORIZON_DAYS * 24 * 60 * MINUTE_MS;

  if (strategy.name === 'acp_emergency') {
    const today = toZonedParts(now, timeZone).date;
    for (let i = 0; i <= HORIZON_DAYS; i += 1) {
      const date = addDays(today, i);
      const windows = [...(strategy.args[weekdayOf(date)] ?? [])].sort((a, b) => a[0] - b[0]);
      for (const [s, e] of windows) {
        const start = zonedTimeToInstant(date, hhmm(s), timeZone);
        if (toZonedParts(start, timeZone).time !== hhmm(s) || start.getTime() < now.getTime()) continue;
        const end = new Date(start.getTime() + (e - s) * 60 * MINUTE_MS);
        const tech = freeTechnician(input, start.getTime(), start.getTime() + input.jobDurationSeconds * 1000, false);
        if (tech) return { start, end, technicianId: tech.id, strategy: strategy.name };
      }
    }
    return null;
  }

  const bufferMs = strategy.name === 'earliest' ? strategy.args.bufferMinutes * MINUTE_MS : 0;
  const durationMs = strategy.name === 'earliest' ? strategy.args.durationHours * 60 * MINUTE_MS : input.jobDurationSeconds * 1000;
  // Starts fall on the quarter hour, counted in UTC so half-hour zones still land on :00/:15/:30/:45 local.
  for (let t = Math.ceil((now.getTime() + bufferMs) / STEP_MS) * STEP_MS; t <= horizon; t += STEP_MS) {
    if (!open(new Date(t))) continue;
    const tech = freeTechnician(input, t, t + durationMs, strategy.name === 'oncall_technician_availability');
    if (tech) return { start: new Date(t), end: new Date(t + durationMs), technicianId: tech.id, strategy: strategy.name };
  }
  return null;
}
