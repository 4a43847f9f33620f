import { addDays } from '../time/calendar';
import { toZonedParts, zonedTimeToInstant } from '../time/zoned-time';
import { MAX_TIME_BUFFER_HOURS, type AppointmentScheduleConfig, type TimeBuffer } from './capacity-settings';

const HOUR_MS = 3_600_000;

/** The buffer that applies to a job of this priority (1–5; 0 is none): its own, else the default in hours. */
export function bufferFor(schedule: AppointmentScheduleConfig, priority: number): TimeBuffer {
  const own = priority > 0 ? schedule.strategy.priorityBasedTimeBuffer[String(priority)] : undefined;
  return own ?? { value: schedule.strategy.defaultTimeBuffer, unit: 'hours' };
}

/**
 * The first instant a job may start. Hours are elapsed time from now; days are whole local days, so a
 * 1-day buffer offers nothing today and everything from tomorrow's midnight on, whatever the DST change.
 * Either way the buffer is capped at 8760 hours (spec 000 §9).
 */
export function earliestBookableStart(now: Date, timeZone: string, buffer: TimeBuffer): Date {
  const cap = now.getTime() + MAX_TIME_BUFFER_HOURS * HOUR_MS;
  if (buffer.unit === 'hours') return new Date(Math.min(cap, now.getTime() + Math.max(0, buffer.value) * HOUR_MS));
  const days = Math.floor(Math.max(0, buffer.value));
  if (days === 0) return now;
  const start = zonedTimeToInstant(addDays(toZonedParts(now, timeZone).date, days), '00:00', timeZone);
  return new Date(Math.min(cap, start.getTime()));
}
