import type { WeeklyHours } from '../organization/organization-settings.schema';
import { addDays, weekdayOf } from '../time/calendar';
import { zonedTimeToInstant } from '../time/zoned-time';
import type { Appointment, Technician, TechnicianShift, Zone } from '../crm/crm-records';

const HOUR_MS = 3_600_000;
type Interval = [number, number];

export interface DayLoad {
  date: string;
  /** Shift hours inside the open hours. */
  shiftHours: number;
  bookedHours: number;
  openHours: number;
}

export interface WeekCapacity {
  days: { date: string; weekday: string; closed: boolean; holiday: boolean }[];
  technicians: { id: string; name: string; businessUnitIds: string[]; zoneIds: string[]; days: DayLoad[] }[];
  zones: { id: string; name: string; days: DayLoad[] }[];
}

/** The open hours of one local date as instants (a range crossing midnight belongs to the day it starts on). */
export function openIntervals(date: string, timeZone: string, hours: WeeklyHours, holidays: readonly string[]): Interval[] {
  if (holidays.includes(date)) return [];
  return (hours[weekdayOf(date)] ?? []).map(({ start, end }) => {
    const s = zonedTimeToInstant(date, start, timeZone).getTime();
    const e = zonedTimeToInstant(end > start ? date : addDays(date, 1), end, timeZone).getTime();
    return [s, e] as Interval;
  });
}

const intersect = (a: readonly Interval[], b: readonly Interval[]): Interval[] =>
  a.flatMap(([as, ae]) => b.map(([bs, be]) => [Math.max(as, bs), Math.min(ae, be)] as Interval)).filter(([s, e]) => e > s);
const length = (xs: readonly Interval[]) => xs.reduce((sum, [s, e]) => sum + (e - s), 0);
const round = (hours: number) => Math.round(hours * 10) / 10;

/**
 * Open capacity per technician and zone for seven local days from `start` (the availability grid):
 * shift time inside the open hours, the part of it already booked, and what is left.
 */
export function weekCapacity(input: {
  start: string;
  timeZone: string;
  regularHours: WeeklyHours;
  holidays: readonly string[];
  technicians: readonly Technician[];
  shifts: readonly TechnicianShift[];
  appointments: readonly Appointment[];
  zones: readonly Zone[];
  /** Placeholder technicians (defaultDummyTechs) are not capacity. */
  excludeTechnicianIds?: readonly string[];
}): WeekCapacity {
  const dates = Array.from({ length: 7 }, (_, i) => addDays(input.start, i));
  const open = new Map(dates.map((d) => [d, openIntervals(d, input.timeZone, input.regularHours, input.holidays)]));
  const crew = input.technicians.filter((t) => t.active && !(input.excludeTechnicianIds ?? []).includes(t.id));
  const technicians = crew.map((t) => {
    const shifts: Interval[] = input.shifts
      .filter((s) => s.active && s.technicianId === t.id && s.shiftType !== 'TimeOff')
      .map((s) => [s.start.getTime(), s.end.getTime()]);
    const booked: Interval[] = input.appointments
      .filter((a) => a.status !== 'Canceled' && a.technicianIds.includes(t.id))
      .map((a) => [a.start.getTime(), a.end.getTime()]);
    const days = dates.map((date) => {
      const working = intersect(shifts, open.get(date)!);
      const shiftMs = length(working);
      const bookedMs = Math.min(shiftMs, length(intersect(booked, working)));
      return { date, shiftHours: round(shiftMs / HOUR_MS), bookedHours: round(bookedMs / HOUR_MS), openHours: round((shiftMs - bookedMs) / HOUR_MS) };
    });
    const zoneIds = input.zones.filter((z) => z.technicianIds.includes(t.id)).map((z) => z.id);
    return { id: t.id, name: t.name, businessUnitIds: t.businessUnitIds, zoneIds, days };
  });
  const zones = input.zones.map((z) => ({
    id: z.id,
    name: z.name,
    days: dates.map((date, i) => {
      const members = technicians.filter((t) => t.zoneIds.includes(z.id));
      const sum = (k: 'shiftHours' | 'bookedHours' | 'openHours') => round(members.reduce((acc, t) => acc + t.days[i][k], 0));
      return { date, shiftHours: sum('shiftHours'), bookedHours: sum('bookedHours'), openHours: sum('openHours') };
    }),
  }));
  return {
    days: dates.map((date) => ({ date, weekday: weekdayOf(date), closed: open.get(date)!.length === 0, holiday: input.holidays.includes(date) })),
    technicians,
    zones,
  };
}
