import type { WeeklyHours } from '../../../lib/domain';
import { addDays, weekdayOf } from '../../../lib/time/calendar';
import { isWithinHours } from '../../../lib/time/business-hours';
import { toZonedParts, zonedTimeToInstant } from '../../../lib/time/zoned-time';
import type { Appointment, ArrivalWindow, Technician, TechnicianShift } from '../crm.port';

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
}

export interface CapacitySlot {
  start: Date;
  end: Date;
  /** Local date and HH:mm of the window in the org's zone. */
  date: string;
  localStart: string;
  localEnd: string;
  technicians: { id: string; name: string; status: 'Available' | 'Unavailable'; hasRequiredSkills: boolean }[];
  isAvailable: boolean;
  /** Hours of technician time left for the job across the window. */
  openAvailability: number;
  totalAvailability: number;
}

const minutesOf = (hhmm: string) => Number(hhmm.slice(0, 2)) * 60 + Number(hhmm.slice(3, 5));
const hhmm = (minutes: number) => `${String(Math.floor(minutes / 60) % 24).padStart(2, '0')}:${String(minutes % 60).padStart(2, '0')}`;

/** The arrival windows (start HH:mm, minutes long) of one local date, before any availability check. */
function windowsFor(date: string, input: CapacityInput): { start: string; minutes: number }[] {
  const active = input.arrivalWindows.filter((w) => w.active);
  const forUnit = active.filter((w) => w.businessUnitIds.length === 0 || w.businessUnitIds.includes(input.businessUnitId));
  if (forUnit.length > 0) return forUnit.map((w) => ({ start: w.start, minutes: minutesOf(w.duration) }));
  return (input.regularHours[weekdayOf(date)] ?? []).flatMap(({ start, end }) => {
    const out: { start: string; minutes: number }[] = [];
    const close = minutesOf(end) > minutesOf(start) ? minutesOf(end) : minutesOf(end) + 24 * 60;
    for (let m = minutesOf(start); m + FALLBACK_WINDOW_MINUTES <= close; m += FALLBACK_WINDOW_MINUTES) out.push({ start: hhmm(m), minutes: FALLBACK_WINDOW_MINUTES });
    return out;
  });
}

const overlaps = (aStart: number, aEnd: number, bStart: number, bEnd: number) => aStart < bEnd && bStart < aEnd;

/**
 * The slots of one local date (spec 000 §3 "Capacity slot", 001 §2.12): a window is offered when it opens
 * inside the regular hours (holidays closed), no sooner than now + buffer, and a technician of the business
 * unit with the required skills has a shift covering the whole job and no appointment overlapping it.
 */
export function slotsForDate(date: string, input: CapacityInput): CapacitySlot[] {
  if (input.holidays.includes(date)) return [];
  const earliest = input.now.getTime() + input.bufferHours * HOUR_MS;
  const jobMs = input.jobDurationSeconds * 1000;
  const crew = input.technicians.filter((t) => t.active && t.businessUnitIds.includes(input.businessUnitId));
  const slots: CapacitySlot[] = [];
  for (const w of windowsFor(date, input)) {
    const start = zonedTimeToInstant(date, w.start, input.timeZone);
    // A window whose wall-clock start falls in a DST gap does not exist that day.
    if (toZonedParts(start, input.timeZone).time !== w.start) continue;
    if (!isWithinHours(start, input.timeZone, input.regularHours, input.holidays)) continue;
    const end = new Date(start.getTime() + w.minutes * MINUTE_MS);
    const [jobStart, jobEnd] = [start.getTime(), start.getTime() + jobMs];
    const technicians = crew.map((t) => {
      const hasRequiredSkills = input.requiredSkills.every((s) => t.skills.includes(s));
      const onShift = input.shifts.some((s) => s.active && s.shiftType !== 'TimeOff' && s.technicianId === t.id && s.start.getTime() <= jobStart && jobEnd <= s.end.getTime());
      const busy = input.appointments.some(
        (a) => a.status !== 'Canceled' && a.technicianIds.includes(t.id) && overlaps(jobStart, jobEnd, a.start.getTime(), a.end.getTime()),
      );
      const status: 'Available' | 'Unavailable' = hasRequiredSkills && onShift && !busy ? 'Available' : 'Unavailable';
      return { id: t.id, name: t.name, status, hasRequiredSkills };
    });
    const available = technicians.filter((t) => t.status === 'Available').length;
    const hours = input.jobDurationSeconds / 3600;
    slots.push({
      start,
      end,
      date,
      localStart: w.start,
      localEnd: toZonedParts(end, input.timeZone).time,
      technicians,
      isAvailable: available > 0 && jobStart >= earliest,
      openAvailability: jobStart >= earliest ? available * hours : 0,
      totalAvailability: technicians.filter((t) => t.hasRequiredSkills).length * hours,
    });
  }
  return slots.sort((a, b) => a.start.getTime() - b.start.getTime());
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
