import { addDays, isWeekendDate } from './calendar';
import { toZonedParts, zonedTimeToInstant } from './zoned-time';

/**
 * Moves a YYYY-MM-DD date by `n` business days, skipping Saturday and Sunday (spec 000 §9).
 * Only the days stepped onto count, so from a Saturday one business day forward is Monday and one back is Friday.
 * n = 0 returns the date unchanged, even on a weekend.
 */
export function addBusinessDaysToDate(date: string, n: number): string {
  if (!Number.isInteger(n)) throw new RangeError(`Business days must be a whole number, got ${n}`);
  const step = Math.sign(n);
  let current = date;
  for (let left = Math.abs(n); left > 0;) {
    current = addDays(current, step);
    if (!isWeekendDate(current)) left -= 1;
  }
  return current;
}

/**
 * The instant `n` business days after `instant` in the zone's calendar, at the same local wall-clock time
 * (a time that does not exist on the target day moves forward, see zonedTimeToInstant).
 */
export function addBusinessDays(instant: Date, n: number, timeZone: string): Date {
  if (n === 0) return new Date(instant.getTime());
  const p = toZonedParts(instant, timeZone);
  const second = String(p.second).padStart(2, '0');
  const target = zonedTimeToInstant(addBusinessDaysToDate(p.date, n), `${p.time}:${second}`, timeZone);
  return new Date(target.getTime() + instant.getUTCMilliseconds());
}

/** Whether the instant falls on a Saturday or Sunday in the zone. */
export function isWeekend(instant: Date, timeZone: string): boolean {
  return isWeekendDate(toZonedParts(instant, timeZone).date);
}
