import { Weekday, addDays, epochDayOf, weekdayOf, weekdayOfEpochDay } from './calendar';

/** Wall-clock reading of an instant in a time zone. Milliseconds are dropped. */
export interface ZonedParts {
  date: string; // YYYY-MM-DD
  weekday: Weekday;
  time: string; // HH:mm
  year: number;
  month: number;
  day: number;
  hour: number;
  minute: number;
  second: number;
}

const MINUTE_MS = 60_000;
const DAY_MS = 86_400_000;
const formatters = new Map<string, Intl.DateTimeFormat>();

function formatterFor(timeZone: string): Intl.DateTimeFormat {
  let formatter = formatters.get(timeZone);
  if (!formatter) {
    // Throws a RangeError for an unknown zone, which is what callers should see.
    formatter = new Intl.DateTimeFormat('en-US', {
      timeZone,
      hourCycle: 'h23',
      year: 'numeric',
      month: '2-digit',
      day: '2-digit',
      hour: '2-digit',
      minute: '2-digit',
      second: '2-digit',
    });
    formatters.set(timeZone, formatter);
  }
  return formatter;
}

const pad = (n: number, width = 2) => String(n).padStart(width, '0');

function requireValidInstant(instant: Date): number {
  const ms = instant.getTime();
  if (Number.isNaN(ms)) throw new RangeError('Invalid Date');
  return ms;
}

function partsFromFields(year: number, month: number, day: number, hour: number, minute: number, second: number): ZonedParts {
  const date = `${pad(year, 4)}-${pad(month)}-${pad(day)}`;
  // Outside years 100–9999 the date string is not one calendar.ts reads, and weekdayOf throws for it.
  const weekday = year >= 100 && year <= 9999 ? weekdayOfEpochDay(Date.UTC(year, month - 1, day) / DAY_MS) : weekdayOf(date);
  return { date, weekday, time: `${pad(hour)}:${pad(minute)}`, year, month, day, hour, minute, second };
}

function formattedParts(ms: number, timeZone: string): ZonedParts {
  const fields: Record<string, number> = {};
  for (const part of formatterFor(timeZone).formatToParts(ms)) {
    if (part.type !== 'literal') fields[part.type] = Number(part.value);
  }
  return partsFromFields(fields.year, fields.month, fields.day, fields.hour, fields.minute, fields.second);
}

// formatToParts is slow and capacity checks read thousands of instants per call. A zone's offset is
// constant between transitions, so it is cached per 15-minute bucket of UTC; a bucket whose two ends
// disagree holds a transition and is always formatted instead.
const BUCKET_MS = 15 * MINUTE_MS;
const MAX_CACHED_BUCKETS = 200_000;
const bucketOffsets = new Map<string, Map<number, number | null>>();
let cachedBuckets = 0;

const floorToSecond = (ms: number) => Math.floor(ms / 1000) * 1000;

function offsetAt(ms: number, timeZone: string): number {
  const p = formattedParts(ms, timeZone);
  return Date.UTC(p.year, p.month - 1, p.day, p.hour, p.minute, p.second) - floorToSecond(ms);
}

function bucketOffset(ms: number, timeZone: string): number | null {
  const bucket = Math.floor(ms / BUCKET_MS);
  let zone = bucketOffsets.get(timeZone);
  let offset = zone?.get(bucket);
  if (offset === undefined) {
    const start = bucket * BUCKET_MS;
    const first = offsetAt(start, timeZone);
    offset = first === offsetAt(start + BUCKET_MS - 1000, timeZone) ? first : null;
    if (cachedBuckets >= MAX_CACHED_BUCKETS) {
      bucketOffsets.clear();
      cachedBuckets = 0;
      zone = undefined;
    }
    if (!zone) bucketOffsets.set(timeZone, (zone = new Map()));
    zone.set(bucket, offset);
    cachedBuckets += 1;
  }
  return offset;
}

export function toZonedParts(instant: Date, timeZone: string): ZonedParts {
  const ms = requireValidInstant(instant);
  const offset = bucketOffset(ms, timeZone);
  if (offset === null) return formattedParts(ms, timeZone);
  const wall = new Date(floorToSecond(ms) + offset);
  return partsFromFields(wall.getUTCFullYear(), wall.getUTCMonth() + 1, wall.getUTCDate(), wall.getUTCHours(), wall.getUTCMinutes(), wall.getUTCSeconds());
}

/** The wall-clock reading as if it were UTC, in ms (seconds kept, milliseconds dropped): the zone's offset is (this − instant). */
function wallMs(instantMs: number, timeZone: string): number {
  const offset = bucketOffset(instantMs, timeZone);
  if (offset !== null) return floorToSecond(instantMs) + offset;
  const p = formattedParts(instantMs, timeZone);
  return Date.UTC(p.year, p.month - 1, p.day, p.hour, p.minute, p.second);
}

function offsetMinutesAt(ms: number, timeZone: string): number {
  const second = floorToSecond(ms);
  return (wallMs(second, timeZone) - second) / MINUTE_MS;
}

/** Minutes the zone is ahead of UTC at the instant (New York in winter: −300; Newfoundland: −210). */
export function zoneOffsetMinutes(instant: Date, timeZone: string): number {
  return offsetMinutesAt(requireValidInstant(instant), timeZone);
}

const TIME = /^([01]\d|2[0-3]):([0-5]\d)(?::([0-5]\d))?$/;

/**
 * The instant at which the zone's clocks read `date` `time` (HH:mm or HH:mm:ss).
 *
 * DST is resolved the way java.time and Temporal's "compatible" option do:
 * - a local time that does not exist (spring-forward gap) is moved forward by the length of the gap,
 *   so New York 2026-03-08 02:30 becomes 03:30 EDT;
 * - a local time that happens twice (fall-back overlap) resolves to the earlier instant,
 *   so New York 2026-11-01 01:30 is 01:30 EDT (05:30Z), not 01:30 EST.
 */
export function zonedTimeToInstant(date: string, time: string, timeZone: string): Date {
  const epochDay = epochDayOf(date);
  const t = TIME.exec(time);
  if (epochDay === undefined || !t) throw new RangeError(`Not a local date and time: ${date} ${time}`);
  const wall = epochDay * DAY_MS + (Number(t[1]) * 60 + Number(t[2])) * MINUTE_MS + Number(t[3] ?? 0) * 1000;

  // No zone changes its offset twice within two days, so the offsets a day either side of the wall
  // reading are the only candidates.
  const before = offsetMinutesAt(wall - DAY_MS, timeZone);
  const after = offsetMinutesAt(wall + DAY_MS, timeZone);
  const matches = [wall - before * MINUTE_MS, wall - after * MINUTE_MS].filter((ms) => wallMs(ms, timeZone) === wall);
  if (matches.length > 0) return new Date(Math.min(...matches));
  // In a gap, reading the wall time with the pre-transition offset lands after the jump by the gap's length.
  return new Date(wall - before * MINUTE_MS);
}

/** `YYYY-MM-DD HH:mm:ss` in the zone, as emergency notifications show appointments (spec 000 §4). */
export function formatInZone(instant: Date, timeZone: string): string {
  const p = toZonedParts(instant, timeZone);
  return `${p.date} ${p.time}:${pad(p.second)}`;
}

/** The first instant of the local calendar day that contains `instant`. */
export function startOfLocalDay(instant: Date, timeZone: string): Date {
  return zonedTimeToInstant(toZonedParts(instant, timeZone).date, '00:00', timeZone);
}

const DATE_ONLY = /^\d{4}-\d{2}-\d{2}$/;

/**
 * A range's bound as an instant: a date (YYYY-MM-DD) is that day's first instant in the zone, or with `dayAfter` the
 * next day's (the day's end, exclusive); a date-time is taken as it is.
 */
export function boundInZone(value: string, timeZone: string, dayAfter = false): Date {
  if (!DATE_ONLY.test(value)) return new Date(value);
  return zonedTimeToInstant(dayAfter ? addDays(value, 1) : value, '00:00', timeZone);
}

/**
 * A list's `from`/`to` as instants: a date is a whole day in the organization's zone (`from` its first instant, `to`
 * its last millisecond, as the lists read `created_at <= to`); a date-time is taken as it is.
 */
export function listRangeInZone(range: { from?: string; to?: string }, timeZone: string): { from?: Date; to?: Date } {
  const from = range.from === undefined ? undefined : boundInZone(range.from, timeZone);
  const to = range.to === undefined ? undefined : DATE_ONLY.test(range.to) ? new Date(boundInZone(range.to, timeZone, true).getTime() - 1) : new Date(range.to);
  return { from, to };
}

/** Whether a list's range names a day (so the organization's zone is needed to read it). */
export const rangeNamesADay = (range: { from?: string; to?: string }) =>
  (range.from !== undefined && DATE_ONLY.test(range.from)) || (range.to !== undefined && DATE_ONLY.test(range.to));
