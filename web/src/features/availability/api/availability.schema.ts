import type { z } from 'zod';
import { WEEKDAYS, type AvailabilityViewSchema, type AvailabilityWeekSchema } from '@contracts/availability.contract';

export { WEEKDAYS };
export type Weekday = (typeof WEEKDAYS)[number];

export type AvailabilityView = z.infer<typeof AvailabilityViewSchema>;
export type WeeklyHours = AvailabilityView['availability']['regularHours'];
export type TimeRange = NonNullable<WeeklyHours[Weekday]>[number];
export type Schedule = AvailabilityView['schedule'];
export type TimeBuffer = Schedule['strategy']['priorityBasedTimeBuffer'][string];
export type EmergencyConfig = AvailabilityView['emergency_config'];
export type SlotStrategy = EmergencyConfig['slotStrategy'];

export type AvailabilityWeek = z.infer<typeof AvailabilityWeekSchema>;
export type DayLoad = AvailabilityWeek['technicians'][number]['days'][number];
