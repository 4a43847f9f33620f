import { z } from 'zod';
import { TRADES, WEEKDAYS, WeeklyHoursSchema } from '../organization/organization-settings.schema';
import { isValidCalendarDate } from '../time/calendar';

// The organization settings the capacity engine reads (spec 000 §3 "Organization settings" and
// "Organization availability view"). Schemas are shared by the engine, the events and the API.

/** Spec 000 §9: the time buffer maximum. */
export const MAX_TIME_BUFFER_HOURS = 8760;
const BUFFER_CAP_MESSAGE = 'Time buffer cannot exceed 8760 hours (1 year)';

const calendarDate = z.string().refine(isValidCalendarDate, 'Must be YYYY-MM-DD format');

export const AvailabilityConfigSchema = z.object({
  regularHours: WeeklyHoursSchema,
  emergencyHours: WeeklyHoursSchema.default({}),
  holidays: z.array(calendarDate).default([]),
  availabilityMessage: z.string().nullable().default(null),
  lastUpdatedAt: z.string().nullable().default(null),
});
export type AvailabilityConfig = z.infer<typeof AvailabilityConfigSchema>;

export const TimeBufferSchema = z
  .object({
    value: z.number('Time buffer value must be a number').min(0, 'Time buffer value must be non-negative').max(MAX_TIME_BUFFER_HOURS, BUFFER_CAP_MESSAGE),
    unit: z.enum(['days', 'hours'], 'Time buffer unit must be days or hours'),
  })
  .refine((b) => b.unit === 'hours' || b.value * 24 <= MAX_TIME_BUFFER_HOURS, { message: BUFFER_CAP_MESSAGE, path: ['value'] });
export type TimeBuffer = z.infer<typeof TimeBufferSchema>;

/** An hour of the local day, 0–24; fractions are minutes (8.5 is 08:30). */
const dayHour = z.number('Slot hours must be numbers').min(0, 'Slot hours must be between 0 and 24').max(24, 'Slot hours must be between 0 and 24');
export const HourRangeSchema = z.tuple([dayHour, dayHour]).refine(([s, e]) => s < e, 'A slot must end after it starts');

export const AppointmentScheduleConfigSchema = z.object({
  /** The product lays its own appointment slots (strategy.slots) instead of the CRM's arrival windows. */
  isAcp: z.boolean().default(false),
  /** Slots as long as the job, back to back through the open hours, instead of fixed windows. */
  useAdaptiveCapacity: z.boolean().default(false),
  strategy: z
    .object({
      /** Hours between now and the first bookable start. */
      defaultTimeBuffer: z
        .number('Default time buffer must be a number')
        .min(0, 'Default time buffer must be non-negative')
        .max(MAX_TIME_BUFFER_HOURS, BUFFER_CAP_MESSAGE)
        .default(2),
      /** Priority 1–5 (as a string key) to its own buffer. */
      priorityBasedTimeBuffer: z.record(z.string().regex(/^[0-5]$/, 'Priorities are 0 to 5'), TimeBufferSchema).default({}),
      slots: z.array(HourRangeSchema).default([]),
    })
    .default({ defaultTimeBuffer: 2, priorityBasedTimeBuffer: {}, slots: [] }),
});
export type AppointmentScheduleConfig = z.infer<typeof AppointmentScheduleConfigSchema>;

export const QualifyRuleSchema = z.discriminatedUnion('type', [
  /** Qualifies outside the regular hours, or within this many minutes before closing. */
  z.object({ type: z.literal('after_hours_buffer'), value: z.number().min(0) }),
  z.object({ type: z.literal('priority'), value: z.array(z.number().int().min(0).max(5)) }),
  z.object({ type: z.literal('business_unit'), value: z.array(z.string()) }),
  z.object({ type: z.literal('membership'), value: z.boolean().default(true) }),
  z.object({ type: z.literal('job_type'), value: z.array(z.string()) }),
]);
export type QualifyRule = z.infer<typeof QualifyRuleSchema>;

export const EmergencySlotStrategySchema = z.discriminatedUnion('name', [
  z.object({ name: z.literal('acp_emergency'), args: z.partialRecord(z.enum(WEEKDAYS), z.array(HourRangeSchema)) }),
  z.object({ name: z.literal('earliest'), args: z.object({ bufferMinutes: z.number().min(0), durationHours: z.number().positive().max(24) }) }),
  z.object({ name: z.literal('oncall_technician_availability') }),
]);
export type EmergencySlotStrategy = z.infer<typeof EmergencySlotStrategySchema>;

export const EmergencyConfigSchema = z.object({
  enabled: z.boolean().default(false),
  snoozedTill: z.iso.datetime({ offset: true, message: 'snoozedTill must be an ISO date-time' }).nullable().default(null),
  offerSlotStrategy: z.enum(['callbacks', 'promise_slot']).default('callbacks'),
  slotStrategy: EmergencySlotStrategySchema.default({ name: 'earliest', args: { bufferMinutes: 60, durationHours: 2 } }),
  /** Any group qualifies when all of its rules hold. */
  qualifyStrategy: z.array(z.array(QualifyRuleSchema)).default([]),
});
export type EmergencyConfig = z.infer<typeof EmergencyConfigSchema>;

export const AdpConfigSchema = z.object({ useBusinessUnits: z.boolean().default(true) });

/** crm_config.defaultDummyTechs: trade → the placeholder technician's id. */
export const DummyTechsSchema = z.partialRecord(z.enum(TRADES), z.string().min(1));

/** The CRM settings of crm_config the engine reads. */
export const CrmCapacitySettingsSchema = z.object({
  autoAssignTech: z.boolean().default(false),
  assignDummyTech: z.boolean().default(false),
  defaultDummyTechs: DummyTechsSchema.default({}),
  skillBasedAvailability: z.boolean().default(false),
});
export type CrmCapacitySettings = z.infer<typeof CrmCapacitySettingsSchema>;

/** The scheduling feature flags (spec 000 §3 feature_flags "Scheduling"). */
export const SchedulingFeatureFlagsSchema = z.object({
  has_zones: z.boolean().optional(),
  full_reschedule_and_cancel: z.boolean().optional(),
});

/** Everything PUT /org/availability may save. No top-level defaults: an event's missing section keeps the stored one. */
export const CapacitySettingsSchema = z.object({
  availability: AvailabilityConfigSchema,
  schedule: AppointmentScheduleConfigSchema,
  emergency_config: EmergencyConfigSchema,
  adp_config: AdpConfigSchema,
  feature_flags: SchedulingFeatureFlagsSchema,
  regular_job_to_dispatch: z.string().nullable(),
  autoAssignTech: z.boolean(),
  assignDummyTech: z.boolean(),
  defaultDummyTechs: DummyTechsSchema,
  skillBasedAvailability: z.boolean(),
});
export type CapacitySettings = z.infer<typeof CapacitySettingsSchema>;

export const DEFAULT_SCHEDULE: AppointmentScheduleConfig = AppointmentScheduleConfigSchema.parse({});
export const DEFAULT_EMERGENCY_CONFIG: EmergencyConfig = EmergencyConfigSchema.parse({});
