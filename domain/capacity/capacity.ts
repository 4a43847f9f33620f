import type { WeeklyHours } from '../organization/organization-settings.schema';
import { addDays, weekdayOf } from '../time/calendar';
import { isWithinHours } from '../time/business-hours';
import { toZonedParts, zonedTimeToInstant } from '../time/zoned-time';
import type { AppointmentScheduleConfig, CrmCapacitySettings } from './capacity-settings';
import { isRuleInForce, ruleAppliesToJob, ruleCoversTechnician, type SchedulingRule } from './scheduling-rules';
import type { Appointment, ArrivalWindow, Technician, TechnicianShift } from '../crm/crm-records';

const MINUTE_MS = 60_000;
const HOUR_MS = 3_600_000;

/** Without arrival windows in the CRM, slots are this long, laid from each opening time. */
const FALLBACK_WINDOW_MINUTES = 120;

export interface CapacityInput {
  timeZone: string;
  now: Date;
  regularHours: WeeklyHours;
  holidays: readonly string[];
  arrivalWindows: readonly ArrivalWindow[];
  businessUnitId: string;
  jobDurationSeconds: number;
  /** Skills a technician must have (empty when skill-based availability is off). */
  requiredSkills: readonly string[];
  technicians: readonly Technician[];
  shifts: readonly TechnicianShift[];
  appointments: readonly Appointment[];
  /** appointment_schedule_config's defaultTimeBuffer, in hours: nothing is offered sooner than now + buffer. */
  bufferHours: number;
  /** When set, replaces now + bufferHours (a priority buffer, or one in days: see time-buffer.ts). */
  earliestStart?: Date;
  /** appointment_schedule_config: ACP slots and adaptive capacity decide where slots lie. */
  schedule?: Pick<AppointmentScheduleConfig, 'isAcp' | 'useAdaptiveCapacity'> & { strategy: Pick<AppointmentScheduleConfig['strategy'], 'slots'> };
  jobTypeId?: string | null;
  /** The zone of the caller's zip code, for Zone conditions. */
  zoneId?: string | null;
  /** The trade of the business unit, for dummy technicians. */
  trade?: string | null;
  rules?: readonly SchedulingRule[];
  crmSettings?: Pick<CrmCapacitySettings, 'autoAssignTech' | 'assignDummyTech' | 'defaultDummyTechs'>;
}

export interface CapacitySlotTechnician {
  id: string;
  name: string;
  status: 'Available' | 'Unavailable';
  hasRequiredSkills: boolean;
}

export interface CapacitySlot {
  start: Date;
  end: Date;
  /** Local date and HH:mm of the window in the org's zone. */
  date: string;
  localStart: string;
  localEnd: string;
  technicians: CapacitySlotTechnician[];
  isAvailable: boolean;
  /** Hours of technician time left for the job across the window. */
  openAvailability: number;
  totalAvailability: number;
  /** Booked share of the crew's shift hours on the slot's date, 0–100. */
  percentageFull: number;
  /** A switched-on scheduling rule caps this slot. */
  isExceedingIdealBookingPercentage: boolean;
  /** The rules that closed technicians of this slot. */
  cappedBy: string[];
  /** Who the booking goes to: the least-booked free technician (autoAssignTech) or the trade's dummy. */
  assignedTechnicianId: string | null;
  businessUnitIds: string[];
}

const minutesOf = (hhmm: string) => Number(hhmm.slice(0, 2)) * 60 + Number(hhmm.slice(3, 5));
const hhmm = (minutes: number) => `${String(Math.floor(minutes / 60) % 24).padStart(2, '0')}:${String(minutes % 60).padStart(2, '0')}`;
const closeOf = (start: string, end: string) => (minutesOf(end) > minutesOf(start) ? minutesOf(end) : minutesOf(end) + 24 * 60);

/** Windows laid back to back from each opening time, `minutes` long, while they fit before closing. */
function tiled(date: string, hours: WeeklyHours, minutes: number): { start: string; minutes: number }[] {
  if (minutes <= 0) return [];
  return (hours[weekdayOf(date)] ?? []).flatMap(({ start, end }) => {
    const out: { start: string; minutes: number }[] = [];
    const close = closeOf(start, end);
    for (let m = minutesOf(start); m + minutes <= close && m < 24 * 60; m += minutes) out.push({ start: hhmm(m), minutes });
    return out;
  });
}

/** The windows (start HH:mm, minutes long) of one local date, before any availability check. */
function windowsFor(date: string, input: CapacityInput): { start: string; minutes: number }[] {
  const schedule = input.schedule;
  if (schedule?.useAdaptiveCapacity) return tiled(date, input.regularHours, Math.ceil(input.jobDurationSeconds / 60));
  if (schedule?.isAcp && schedule.strategy.slots.length > 0) {
    return schedule.strategy.slots.map(([s, e]) => ({ start: hhmm(Math.round(s * 60)), minutes: Math.round((e - s) * 60) }));
  }
  const active = input.arrivalWindows.filter((w) => w.active);
  const forUnit = active.filter((w) => w.businessUnitIds.length === 0 || w.businessUnitIds.includes(input.businessUnitId));
  if (forUnit.length > 0) return forUnit.map((w) => ({ start: w.start, minutes: minutesOf(w.duration) }));
  return tiled(date, input.regularHours, FALLBACK_WINDOW_MINUTES);
}

const overlaps = (aStart: number, aEnd: number, bStart: number, bEnd: number) => aStart < bEnd && bStart < aEnd;
const overlapMs = (aStart: number, aEnd: number, bStart: number, bEnd: number) => Math.max(0, Math.min(aEnd, bEnd) - Math.max(aStart, bStart));

/**
 * Whether every minute of [start, end) is inside the hours. Openness only changes at a range's start or
 * end or at midnight (holidays), so checking the first and last minute and each such boundary inside
 * the span is exact.
 */
export function isOpenThroughout(start: Date, end: Date, timeZone: string, hours: WeeklyHours, holidays: readonly string[]): boolean {
  const last = new Date(end.getTime() - MINUTE_MS);
  if (!isWithinHours(start, timeZone, hours, holidays) || !isWithinHours(last, timeZone, hours, holidays)) return false;
  const first = toZonedParts(start, timeZone).date;
  const lastDate = toZonedParts(last, timeZone).date;
  for (let date = first; date <= lastDate; date = addDays(date, 1)) {
    const boundaries = new Set(['00:00']);
    for (const d of [date, addDays(date, -1)]) for (const r of hours[weekdayOf(d)] ?? []) boundaries.add(r.start).add(r.end);
    for (const b of boundaries) {
      const at = zonedTimeToInstant(date, b, timeZone);
      if (at > start && at < last && !isWithinHours(at, timeZone, hours, holidays)) return false;
    }
  }
  return true;
}

interface DayLoad {
  shiftMs: number;
  bookedMs: number;
  shiftTypes: string[];
}

/** Each technician's shift hours, booked hours and shift types within the local date. */
function loadsOn(date: string, input: CapacityInput, crew: readonly Technician[]): Map<string, DayLoad> {
  const dayStart = zonedTimeToInstant(date, '00:00', input.timeZone).getTime();
  const dayEnd = zonedTimeToInstant(addDays(date, 1), '00:00', input.timeZone).getTime();
  const loads = new Map<string, DayLoad>();
  for (const t of crew) {
    const shifts = input.shifts.filter((s) => s.active && s.technicianId === t.id && overlaps(s.start.getTime(), s.end.getTime(), dayStart, dayEnd));
    const working = shifts.filter((s) => s.shiftType !== 'TimeOff');
    loads.set(t.id, {
      shiftMs: working.reduce((sum, s) => sum + overlapMs(s.start.getTime(), s.end.getTime(), dayStart, dayEnd), 0),
      bookedMs: input.appointments
        .filter((a) => a.status !== 'Canceled' && a.technicianIds.includes(t.id))
        .reduce((sum, a) => sum + overlapMs(a.start.getTime(), a.end.getTime(), dayStart, dayEnd), 0),
      shiftTypes: [...new Set(working.map((s) => s.shiftType))],
    });
  }
  return loads;
}

/** Technicians who can take work: active, of the business unit, and not a placeholder dummy. */
function crewOf(input: CapacityInput): Technician[] {
  const dummies = new Set(Object.values(input.crmSettings?.defaultDummyTechs ?? {}));
  return input.technicians.filter((t) => t.active && t.businessUnitIds.includes(input.businessUnitId) && !dummies.has(t.id));
}

/**
 * The slots of one local date (spec 000 §3 "Capacity slot", 001 §2.12): a window is offered when all of it
 * lies inside the regular hours (holidays closed), it starts no sooner than the buffer allows, and a
 * technician of the business unit with the required skills has a shift covering the whole job, no
 * appointment overlapping it, and no switched-on scheduling rule capping them.
 */
export function slotsForDate(date: string, input: CapacityInput): CapacitySlot[] {
  if (input.holidays.includes(date)) return [];
  const earliest = Math.max(input.now.getTime(), input.earliestStart?.getTime() ?? input.now.getTime() + input.bufferHours * HOUR_MS);
  const jobMs = input.jobDurationSeconds * 1000;
  const crew = crewOf(input);
  const loads = loadsOn(date, input, crew);
  const totals = [...loads.values()].reduce((acc, l) => ({ shift: acc.shift + l.shiftMs, booked: acc.booked + l.bookedMs }), { shift: 0, booked: 0 });
  const percentageFull = totals.shift > 0 ? Math.min(100, Math.round((totals.booked / totals.shift) * 1000) / 10) : 0;
  const today = toZonedParts(input.now, input.timeZone).date;
  const rules = (input.rules ?? []).filter((r) => isRuleInForce(r, date, today));
  const slots: CapacitySlot[] = [];
  for (const w of windowsFor(date, input)) {
    const start = zonedTimeToInstant(date, w.start, input.timeZone);
    // A window whose wall-clock start falls in a DST gap does not exist that day.
    if (toZonedParts(start, input.timeZone).time !== w.start) continue;
    const end = new Date(start.getTime() + w.minutes * MINUTE_MS);
    if (!isOpenThroughout(start, end, input.timeZone, input.regularHours, input.holidays)) continue;
    const [jobStart, jobEnd] = [start.getTime(), start.getTime() + jobMs];

    const capped = new Set<string>();
    const cappedBy: string[] = [];
    for (const rule of rules) {
      if (
        !ruleAppliesToJob(rule, {
          date,
          localStart: w.start,
          jobTypeId: input.jobTypeId ?? null,
          businessUnitId: input.businessUnitId,
          zoneId: input.zoneId ?? null,
        })
      )
        continue;
      const pool = crew.filter((t) => ruleCoversTechnician(rule, { id: t.id, skills: t.skills, shiftTypes: loads.get(t.id)!.shiftTypes }));
      const shift = pool.reduce((sum, t) => sum + loads.get(t.id)!.shiftMs, 0);
      const booked = pool.reduce((sum, t) => sum + loads.get(t.id)!.bookedMs, 0);
      if (pool.length > 0 && (shift === 0 || ((booked + jobMs) / shift) * 100 > rule.threshold)) {
        pool.forEach((t) => capped.add(t.id));
        cappedBy.push(rule.id);
      }
    }

    const technicians = crew.map((t) => {
      const hasRequiredSkills = input.requiredSkills.every((s) => t.skills.includes(s));
      const onShift = input.shifts.some(
        (s) => s.active && s.shiftType !== 'TimeOff' && s.technicianId === t.id && s.start.getTime() <= jobStart && jobEnd <= s.end.getTime(),
      );
      const busy = input.appointments.some(
        (a) => a.status !== 'Canceled' && a.technicianIds.includes(t.id) && overlaps(jobStart, jobEnd, a.start.getTime(), a.end.getTime()),
      );
      const status: 'Available' | 'Unavailable' = hasRequiredSkills && onShift && !busy && !capped.has(t.id) ? 'Available' : 'Unavailable';
      return { id: t.id, name: t.name, status, hasRequiredSkills };
    });
    const free = technicians.filter((t) => t.status === 'Available');
    const hours = input.jobDurationSeconds / 3600;
    const bookable = jobStart >= earliest;
    const isAvailable = free.length > 0 && bookable;
    slots.push({
      start,
      end,
      date,
      localStart: w.start,
      localEnd: toZonedParts(end, input.timeZone).time,
      technicians,
      isAvailable,
      openAvailability: bookable ? free.length * hours : 0,
      totalAvailability: technicians.filter((t) => t.hasRequiredSkills).length * hours,
      percentageFull,
      isExceedingIdealBookingPercentage: cappedBy.length > 0,
      cappedBy,
      assignedTechnicianId: isAvailable ? assign(free, loads, input) : null,
      businessUnitIds: [input.businessUnitId],
    });
  }
  return slots.sort((a, b) => a.start.getTime() - b.start.getTime());
}

function assign(free: CapacitySlotTechnician[], loads: Map<string, DayLoad>, input: CapacityInput): string | null {
  const settings = input.crmSettings;
  if (settings?.autoAssignTech) {
    // The least-booked technician that day keeps the work spread; ties go to the CRM's order.
    return free.reduce((best, t) => (loads.get(t.id)!.bookedMs < loads.get(best.id)!.bookedMs ? t : best)).id;
  }
  if (settings?.assignDummyTech && input.trade) return settings.defaultDummyTechs[input.trade as keyof typeof settings.defaultDummyTechs] ?? null;
  return null;
}

/** The available slots from a local date on, at most `limit` of them, looking `days` days ahead. */
export function nextAvailableSlots(fromDate: string, days: number, limit: number, input: CapacityInput): CapacitySlot[] {
  const found: CapacitySlot[] = [];
  for (let i = 0; i < days && found.length < limit; i += 1) {
    for (const slot of slotsForDate(addDays(fromDate, i), input)) {
      if (slot.isAvailable && found.length < limit) found.push(slot);
    }
  }
  return found;
}

/** The slot whose window contains the local time asked about (time_to_check is org-local, no offset). */
export function slotContaining(slots: readonly CapacitySlot[], instant: Date): CapacitySlot | undefined {
  return slots.find((s) => s.start.getTime() <= instant.getTime() && instant.getTime() < s.end.getTime());
}
