import { widgetScheduleSlots } from '../../domain/chat/widget-chat';
import { zonedTimeToInstant } from '../../domain/time/zoned-time';
import { appointment, crmData, TECHNICIANS, TZ, view } from '../crm/adapters/sandbox/capacity/sandbox-capacity.fixtures';

// The sandbox contractor's capacity fixtures: 2026-03-02 is a Monday, regular hours Monday–Friday.
const now = zonedTimeToInstant('2026-03-02', '06:00', TZ);

describe('widgetScheduleSlots (001 §2.6 Schedule) on the capacity engine', () => {
  it('answers open windows from startsOnOrAfter, in the org timezone, for the job type and its business unit', () => {
    const slots = widgetScheduleSlots(view(), crmData(), {
      now,
      startsOnOrAfter: zonedTimeToInstant('2026-03-03', '00:00', TZ),
      jobTypeId: '101',
      priority: 0,
    });
    expect(slots.length).toBeGreaterThan(0);
    expect(slots[0]).toMatchObject({ start: expect.stringMatching(/^2026-03-03T\d\d:\d\d:00$/), timezone: TZ, businessUnitId: '1', jobTypeId: '101' });
    expect(new Date(slots[0].startUtc).getTime()).toBe(zonedTimeToInstant('2026-03-03', slots[0].start.slice(11, 16), TZ).getTime());
    for (const s of slots) expect(new Date(s.startUtc).getTime()).toBeGreaterThanOrEqual(zonedTimeToInstant('2026-03-03', '00:00', TZ).getTime());
    // Sorted, earliest first.
    expect([...slots].sort((a, b) => a.startUtc.localeCompare(b.startUtc))).toEqual(slots);
  });

  it('leaves out windows ending after endTime, and a booked-out day', () => {
    const endTime = zonedTimeToInstant('2026-03-03', '23:59', TZ);
    const oneDay = widgetScheduleSlots(view(), crmData(), {
      now,
      startsOnOrAfter: zonedTimeToInstant('2026-03-03', '00:00', TZ),
      endTime,
      jobTypeId: '101',
      priority: 0,
    });
    expect(oneDay.length).toBeGreaterThan(0);
    expect(oneDay.every((s) => s.start.startsWith('2026-03-03'))).toBe(true);
    // Every technician booked all Tuesday: nothing that day.
    const busy = TECHNICIANS.map((t) => appointment('2026-03-03', '06:00', 16, [t.id]));
    const none = widgetScheduleSlots(view(), crmData({ appointments: busy }), {
      now,
      startsOnOrAfter: zonedTimeToInstant('2026-03-03', '00:00', TZ),
      endTime,
      jobTypeId: '101',
      priority: 0,
    });
    expect(none).toEqual([]);
  });

  it('an unknown job type answers no windows; none given picks the business unit’s first', () => {
    expect(widgetScheduleSlots(view(), crmData(), { now, startsOnOrAfter: now, jobTypeId: '999', priority: 0 })).toEqual([]);
    const byUnit = widgetScheduleSlots(view(), crmData(), { now, startsOnOrAfter: now, businessUnitId: '1', priority: 0 });
    expect(byUnit.length).toBeGreaterThan(0);
    expect(byUnit.every((s) => s.businessUnitId === '1')).toBe(true);
  });
});
