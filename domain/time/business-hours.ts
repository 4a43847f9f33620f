import type { WeeklyHours } from '../organization/organization-settings.schema';
import { addDays, weekdayOf } from './calendar';
import { toZonedParts } from './zoned-time';

/** A notification recipient's time setting (spec 000 §4, "pager times" in §9). */
export const RECIPIENT_TIMES = ['ALWAYS', 'AFTER_HOURS', 'OFFICE_HOURS', 'NON_OFFICE_HOURS'] as const;
export type RecipientTime = (typeof RECIPIENT_TIMES)[number];

export type TimeWindow = 'OFFICE_HOURS' | 'AFTER_HOURS';

const minutesOf = (hhmm: string) => Number(hhmm.slice(0, 2)) * 60 + Number(hhmm.slice(3, 5));

/**
 * Whether `minute` (0..1439) of local `date` is open.
 *
 * - A range includes its start and excludes its end: 09:00–17:00 is closed at 17:00.
 * - A range whose end is not after its start crosses midnight and belongs to the day it starts on:
 *   Friday 22:00–02:00 is open until 02:00 on Saturday, and 00:00–00:00 is open for 24 hours.
 * - A holiday closes every minute of its date and cancels the ranges that start on it, so the night
 *   after a holiday is closed too.
 */
function isOpenAt(date: string, minute: number, weeklyHours: WeeklyHours, holidays: ReadonlySet<string>): boolean {
  if (holidays.has(date)) return false;
  const startedToday = (weeklyHours[weekdayOf(date)] ?? []).some(({ start, end }) => {
    const [s, e] = [minutesOf(start), minutesOf(end)];
    return e > s ? s <= minute && minute < e : s <= minute;
  });
  if (startedToday) return true;
  const yesterday = addDays(date, -1);
  if (holidays.has(yesterday)) return false;
  return (weeklyHours[weekdayOf(yesterday)] ?? []).some(({ start, end }) => {
    const [s, e] = [minutesOf(start), minutesOf(end)];
    return e <= s && minute < e;
  });
}

/** Whether the instant falls inside the weekly hours, read on the zone's wall clock. Holidays are YYYY-MM-DD. */
export function isWithinHours(instant: Date, timeZone: string, weeklyHours: WeeklyHours, holidays: readonly string[] = []): boolean {
  const p = toZonedParts(instant, timeZone);
  return isOpenAt(p.date, p.hour * 60 + p.minute, weeklyHours, new Set(holidays));
}

export function classifyTimeWindow(instant: Date, timeZone: string, regularHours: WeeklyHours, holidays: readonly string[] = []): TimeWindow {
  return isWithinHours(instant, timeZone, regularHours, holidays) ? 'OFFICE_HOURS' : 'AFTER_HOURS';
}

/**
 * Whether a recipient with this time setting should be notified at the instant.
 *
 * - ALWAYS: every instant.
 * - OFFICE_HOURS: inside the regular hours.
 * - NON_OFFICE_HOURS: everything outside them, including holidays and days without hours (weekends).
 * - AFTER_HOURS: outside the regular hours on a business day, i.e. before opening or after closing on a
 *   local date that is not a holiday and whose weekday has regular hours. Holidays and closed days are
 *   left to NON_OFFICE_HOURS, so AFTER_HOURS is a subset of it.
 */
export function isRecipientTimeOpen(
  recipientTime: RecipientTime,
  instant: Date,
  timeZone: string,
  regularHours: WeeklyHours,
  holidays: readonly string[] = [],
): boolean {
  if (recipientTime === 'ALWAYS') return true;
  const office = isWithinHours(instant, timeZone, regularHours, holidays);
  if (recipientTime === 'OFFICE_HOURS') return office;
  if (recipientTime === 'NON_OFFICE_HOURS') return !office;
  const { date, weekday } = toZonedParts(instant, timeZone);
  const businessDay = !holidays.includes(date) && (regularHours[weekday] ?? []).length > 0;
  return !office && businessDay;
}
