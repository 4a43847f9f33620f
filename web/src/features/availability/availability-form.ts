import type { DayLoad, TimeRange, WeeklyHours, Weekday } from './api/availability.schema';
import { WEEKDAYS } from './api/availability.schema';

/** How a grid cell looks: the share of the shift still open, and a colour that reads at a glance. */
export function cellLook(day: DayLoad): { openShare: number; bookedShare: number; color: string; label: string } {
  if (day.shiftHours <= 0) return { openShare: 0, bookedShare: 0, color: 'gray.200', label: 'Off' };
  const openShare = Math.max(0, Math.min(1, day.openHours / day.shiftHours));
  const color = openShare >= 0.6 ? 'green.500' : openShare >= 0.3 ? 'green.300' : openShare > 0 ? 'orange.400' : 'red.400';
  return { openShare, bookedShare: 1 - openShare, color, label: `${formatHours(day.openHours)} open of ${formatHours(day.shiftHours)}` };
}

export const formatHours = (hours: number) => `${Number.isInteger(hours) ? hours : hours.toFixed(1)}h`;

export function totals(days: DayLoad[]): { shiftHours: number; openHours: number } {
  return days.reduce((t, d) => ({ shiftHours: t.shiftHours + d.shiftHours, openHours: t.openHours + d.openHours }), { shiftHours: 0, openHours: 0 });
}

export function setRange(hours: WeeklyHours, day: Weekday, index: number, range: TimeRange): WeeklyHours {
  return { ...hours, [day]: (hours[day] ?? []).map((r, i) => (i === index ? range : r)) };
}

export function addRange(hours: WeeklyHours, day: Weekday): WeeklyHours {
  const ranges = hours[day] ?? [];
  const last = ranges[ranges.length - 1];
  return { ...hours, [day]: [...ranges, last ? { start: last.end, end: last.end } : { start: '09:00', end: '17:00' }] };
}

export function removeRange(hours: WeeklyHours, day: Weekday, index: number): WeeklyHours {
  return { ...hours, [day]: (hours[day] ?? []).filter((_, i) => i !== index) };
}

/** Copies one day's hours to the other weekdays (Monday to Friday). */
export function copyToWeekdays(hours: WeeklyHours, from: Weekday): WeeklyHours {
  const ranges = hours[from] ?? [];
  return { ...hours, ...Object.fromEntries(WEEKDAYS.slice(0, 5).map((d) => [d, ranges.map((r) => ({ ...r }))])) };
}

export function addHoliday(holidays: string[], date: string): string[] {
  if (!/^\d{4}-\d{2}-\d{2}$/.test(date)) return holidays;
  return [...new Set([...holidays, date])].sort();
}

/** 8.5 → "08:30", for a time input. */
export function timeOfHour(hour: number): string {
  const minutes = Math.round(hour * 60);
  return `${String(Math.floor(minutes / 60)).padStart(2, '0')}:${String(minutes % 60).padStart(2, '0')}`;
}

/** "08:30" → 8.5 (NaN for anything else). */
export function hourOfTime(time: string): number {
  const m = /^(\d{2}):(\d{2})$/.exec(time);
  return m ? Number(m[1]) + Number(m[2]) / 60 : Number.NaN;
}

/** The ranges of a week that do not end after they start. */
export function rangesOutOfOrder(hours: WeeklyHours): { day: Weekday; index: number }[] {
  return WEEKDAYS.flatMap((day) => (hours[day] ?? []).flatMap((r, index) => (r.end <= r.start ? [{ day, index }] : [])));
}
