import { z } from 'zod';

// Mirrors api/routes/org/availability.schema.ts and activities/crm/capacity/capacity-settings.ts.
export const WEEKDAYS = ['Monday', 'Tuesday', 'Wednesday', 'Thursday', 'Friday', 'Saturday', 'Sunday'] as const;
export type Weekday = (typeof WEEKDAYS)[number];

const TimeRangeSchema = z.object({ start: z.string(), end: z.string() });
export type TimeRange = z.infer<typeof TimeRangeSchema>;
export const WeeklyHoursSchema = z.partialRecord(z.enum(WEEKDAYS), z.array(TimeRangeSchema));
export type WeeklyHours = z.infer<typeof WeeklyHoursSchema>;

const TimeBufferSchema = z.object({ value: z.number(), unit: z.enum(['days', 'hours']) });
export type TimeBuffer = z.infer<typeof TimeBufferSchema>;
const HourRange = z.tuple([z.number(), z.number()]);

export const ScheduleSchema = z.object({
  isAcp: z.boolean(),
  useAdaptiveCapacity: z.boolean(),
  strategy: z.object({ defaultTimeBuffer: z.number(), priorityBasedTimeBuffer: z.record(z.string(), TimeBufferSchema), slots: z.array(HourRange) }),
});
export type Schedule = z.infer<typeof ScheduleSchema>;

export const SlotStrategySchema = z.discriminatedUnion('name', [
  z.object({ name: z.literal('acp_emergency'), args: z.partialRecord(z.enum(WEEKDAYS), z.array(HourRange)) }),
  z.object({ name: z.literal('earliest'), args: z.object({ bufferMinutes: z.number(), durationHours: z.number() }) }),
  z.object({ name: z.literal('oncall_technician_availability') }),
]);
export type SlotStrategy = z.infer<typeof SlotStrategySchema>;

export const EmergencyConfigSchema = z.object({
  enabled: z.boolean(),
  snoozedTill: z.string().nullable(),
  offerSlotStrategy: z.enum(['callbacks', 'promise_slot']),
  slotStrategy: SlotStrategySchema,
  qualifyStrategy: z.array(z.array(z.object({ type: z.string(), value: z.unknown() }).loose())),
});
export type EmergencyConfig = z.infer<typeof EmergencyConfigSchema>;

export const AvailabilityViewSchema = z.object({
  availability: z.object({ regularHours: WeeklyHoursSchema, emergencyHours: WeeklyHoursSchema, holidays: z.array(z.string()), availabilityMessage: z.string().nullable(), lastUpdatedAt: z.string().nullable() }),
  schedule: ScheduleSchema,
  emergency_config: EmergencyConfigSchema,
  timezone: z.string(),
  crm_name: z.string(),
  regular_job_to_dispatch: z.string().nullable(),
  adp_config: z.object({ useBusinessUnits: z.boolean() }),
  feature_flags: z.object({ has_zones: z.boolean().optional(), full_reschedule_and_cancel: z.boolean().optional() }),
  autoAssignTech: z.boolean(),
  assignDummyTech: z.boolean(),
  defaultDummyTechs: z.record(z.string(), z.string()),
  skillBasedAvailability: z.boolean(),
});
export type AvailabilityView = z.infer<typeof AvailabilityViewSchema>;

const DayLoadSchema = z.object({ date: z.string(), shiftHours: z.number(), bookedHours: z.number(), openHours: z.number() });
export type DayLoad = z.infer<typeof DayLoadSchema>;

export const AvailabilityWeekSchema = z.object({
  timezone: z.string(),
  days: z.array(z.object({ date: z.string(), weekday: z.string(), closed: z.boolean(), holiday: z.boolean() })),
  technicians: z.array(z.object({ id: z.string(), name: z.string(), businessUnitIds: z.array(z.string()), zoneIds: z.array(z.string()), days: z.array(DayLoadSchema) })),
  zones: z.array(z.object({ id: z.string(), name: z.string(), days: z.array(DayLoadSchema) })),
});
export type AvailabilityWeek = z.infer<typeof AvailabilityWeekSchema>;
