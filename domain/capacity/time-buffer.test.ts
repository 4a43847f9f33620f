import { TIMEZONES } from '../organization/organization-settings.schema';
import { toZonedParts, zonedTimeToInstant } from '../time/zoned-time';
import { AppointmentScheduleConfigSchema } from './capacity-settings';
import { bufferFor, earliestBookableStart } from './time-buffer';

const TZ = 'America/New_York';
const schedule = AppointmentScheduleConfigSchema.parse({
  strategy: { defaultTimeBuffer: 3, priorityBasedTimeBuffer: { 5: { value: 0, unit: 'hours' }, 1: { value: 2, unit: 'days' } } },
});

describe('bufferFor', () => {
  it.each([
    [0, { value: 3, unit: 'hours' }],
    [3, { value: 3, unit: 'hours' }],
    [5, { value: 0, unit: 'hours' }],
    [1, { value: 2, unit: 'days' }],
  ])('priority %d → %j', (priority, expected) => expect(bufferFor(schedule, priority)).toEqual(expected));
});

describe('earliestBookableStart', () => {
  const now = zonedTimeToInstant('2026-03-06', '15:20', TZ);
  it.each([
    ['hours are elapsed time', { value: 3, unit: 'hours' as const }, '2026-03-06 18:20'],
    ['zero days is now', { value: 0, unit: 'days' as const }, '2026-03-06 15:20'],
    ['days are whole local days: midnight two days on, across the spring-forward change', { value: 2, unit: 'days' as const }, '2026-03-08 00:00'],
    ['hours across the DST change stay elapsed hours', { value: 48, unit: 'hours' as const }, '2026-03-08 16:20'],
  ])('%s', (_n, buffer, expected) => {
    const at = toZonedParts(earliestBookableStart(now, TZ, buffer), TZ);
    expect(`${at.date} ${at.time}`).toBe(expected);
  });

  it('never goes past 8760 hours, in any zone', () => {
    for (const tz of TIMEZONES) {
      const start = earliestBookableStart(now, tz, { value: 365, unit: 'days' });
      expect(start.getTime() - now.getTime()).toBeLessThanOrEqual(8760 * 3_600_000);
      expect(earliestBookableStart(now, tz, { value: 9000, unit: 'hours' }).getTime() - now.getTime()).toBe(8760 * 3_600_000);
    }
  });
});
