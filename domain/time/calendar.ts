import { WEEKDAYS } from '../organization/organization-settings.schema';

export type Weekday = (typeof WEEKDAYS)[number];

const DATE = /^(\d{4})-(\d{2})-(\d{2})$/;
const DAY_MS = 86_400_000;

/** Days since 1970-01-01 of a YYYY-MM-DD civil date, or undefined when it is not a real calendar date. */
export function epochDayOf(date: string): number | undefined {
  const m = DATE.exec(date);
  if (!m) return undefined;
  const [year, month, day] = [Number(m[1]), Number(m[2]), Number(m[3])];
  const ms = Date.UTC(year, month - 1, day);
  const back = new Date(ms);
  // Date.UTC rolls 2026-02-30 over to March; a real date survives the round trip.
  if (back.getUTCFullYear() !== year || back.getUTCMonth() !== month - 1 || back.getUTCDate() !== day) return undefined;
  return ms / DAY_MS;
}

export function isValidCalendarDate(date: string): boolean {
  return epochDayOf(date) !== undefined;
}

export function dateOfEpochDay(epochDay: number): string {
  return new Date(epochDay * DAY_MS).toISOString().slice(0, 10);
}

function requireEpochDay(date: string): number {
  const day = epochDayOf(date);
  if (day === undefined) throw new RangeError(`Not a YYYY-MM-DD calendar date: ${date}`);
  return day;
}

export function addDays(date: string, days: number): string {
  return dateOfEpochDay(requireEpochDay(date) + days);
}

/** The weekday of a day counted from 1970-01-01, a Thursday (index 3 of WEEKDAYS, Monday first). */
export function weekdayOfEpochDay(epochDay: number): Weekday {
  return WEEKDAYS[(((epochDay + 3) % 7) + 7) % 7];
}

export function weekdayOf(date: string): Weekday {
  return weekdayOfEpochDay(requireEpochDay(date));
}

/** Spec 000 §9: the business-day helper treats Saturday and Sunday as the weekend. */
export function isWeekendDate(date: string): boolean {
  const day = weekdayOf(date);
  return day === 'Saturday' || day === 'Sunday';
}
