import { z } from 'zod';
import { CONDITION_TYPES, RELATIVE_RANGE_TYPES } from '../../domain/capacity/scheduling-rules';
import { TRADES, WEEKDAYS, WeeklyHoursSchema } from '../../domain/organization/organization-settings.schema';

// Events of the capacity slice: the availability settings (an organization-aggregate event) and the
// scheduling rules (their own aggregate, one stream per rule).

export const SCHEDULING_RULE = 'scheduling-rule';

// The settings and rule shapes as published in v1: structural copies of the domain schemas
// (domain/capacity) without their write-side rules, which the routes check before publishing.

const HourRangeV1 = z.tuple([z.number().min(0).max(24), z.number().min(0).max(24)]);
const TimeBufferV1 = z.object({ value: z.number().min(0).max(8760), unit: z.enum(['days', 'hours']) });

const CapacitySettingsV1 = z.object({
  availability: z.object({
    regularHours: WeeklyHoursSchema,
    emergencyHours: WeeklyHoursSchema.default({}),
    holidays: z.array(z.string()).default([]),
    availabilityMessage: z.string().nullable().default(null),
    lastUpdatedAt: z.string().nullable().default(null),
  }),
  schedule: z.object({
    isAcp: z.boolean().default(false),
    useAdaptiveCapacity: z.boolean().default(false),
    strategy: z
      .object({
        defaultTimeBuffer: z.number().min(0).max(8760).default(2),
        priorityBasedTimeBuffer: z.record(z.string().regex(/^[0-5]$/), TimeBufferV1).default({}),
        slots: z.array(HourRangeV1).default([]),
      })
      .default({ defaultTimeBuffer: 2, priorityBasedTimeBuffer: {}, slots: [] }),
  }),
  emergency_config: z.object({
    enabled: z.boolean().default(false),
    snoozedTill: z.iso.datetime({ offset: true }).nullable().default(null),
    offerSlotStrategy: z.enum(['callbacks', 'promise_slot']).default('callbacks'),
    slotStrategy: z
      .discriminatedUnion('name', [
        z.object({ name: z.literal('acp_emergency'), args: z.partialRecord(z.enum(WEEKDAYS), z.array(HourRangeV1)) }),
        z.object({ name: z.literal('earliest'), args: z.object({ bufferMinutes: z.number().min(0), durationHours: z.number().positive().max(24) }) }),
        z.object({ name: z.literal('oncall_technician_availability') }),
      ])
      .default({ name: 'earliest', args: { bufferMinutes: 60, durationHours: 2 } }),
    qualifyStrategy: z
      .array(
        z.array(
          z.discriminatedUnion('type', [
            z.object({ type: z.literal('after_hours_buffer'), value: z.number().min(0) }),
            z.object({ type: z.literal('priority'), value: z.array(z.number().int().min(0).max(5)) }),
            z.object({ type: z.literal('business_unit'), value: z.array(z.string()) }),
            z.object({ type: z.literal('membership'), value: z.boolean().default(true) }),
            z.object({ type: z.literal('job_type'), value: z.array(z.string()) }),
          ]),
        ),
      )
      .default([]),
  }),
  adp_config: z.object({ useBusinessUnits: z.boolean().default(true) }),
  feature_flags: z.object({ has_zones: z.boolean().optional(), full_reschedule_and_cancel: z.boolean().optional() }),
  regular_job_to_dispatch: z.string().nullable(),
  autoAssignTech: z.boolean(),
  assignDummyTech: z.boolean(),
  defaultDummyTechs: z.partialRecord(z.enum(TRADES), z.string().min(1)),
  skillBasedAvailability: z.boolean(),
});

const relativeDaysV1 = z.number().int().min(0).max(365);
const HHMMV1 = z.string().regex(/^([01]\d|2[0-3]):[0-5]\d$/);

const SchedulingRuleV1 = z.object({
  name: z.string().min(1).max(200),
  description: z.string().max(2000).optional(),
  conditions: z.array(z.object({ type: z.enum(CONDITION_TYPES), values: z.array(z.string().min(1)).min(1) })).default([]),
  activation_period: z
    .discriminatedUnion('type', [
      z.object({ type: z.literal('ongoing') }),
      z.object({ type: z.literal('dateRange'), start_date: z.string(), end_date: z.string() }),
      z.object({
        type: z.literal('relativeRange'),
        relative_range_type: z.enum(RELATIVE_RANGE_TYPES),
        relative_start_days: relativeDaysV1.optional(),
        relative_end_days: relativeDaysV1.optional(),
      }),
    ])
    .default({ type: 'ongoing' }),
  threshold: z.number().min(0).max(100),
  status: z.boolean().default(true),
  day_start: HHMMV1.optional(),
  day_end: HHMMV1.optional(),
});

/** PUT /org/availability saved these sections; a section left out keeps its stored value. */
export const OrganizationAvailabilityChangedV1Schema = z.object({
  orgId: z.uuid(),
  settings: CapacitySettingsV1.partial(),
});
export type OrganizationAvailabilityChangedV1 = z.infer<typeof OrganizationAvailabilityChangedV1Schema>;

export const SchedulingRuleCreatedV1Schema = z.object({ orgId: z.uuid(), ruleId: z.uuid(), rule: SchedulingRuleV1 });
export type SchedulingRuleCreatedV1 = z.infer<typeof SchedulingRuleCreatedV1Schema>;

/** The whole rule after the edit, so a redelivery or an out-of-date replay lands on the same state. */
export const SchedulingRuleChangedV1Schema = z.object({ orgId: z.uuid(), ruleId: z.uuid(), rule: SchedulingRuleV1 });
export type SchedulingRuleChangedV1 = z.infer<typeof SchedulingRuleChangedV1Schema>;

export const SchedulingRuleDeletedV1Schema = z.object({ orgId: z.uuid(), ruleId: z.uuid() });
export type SchedulingRuleDeletedV1 = z.infer<typeof SchedulingRuleDeletedV1Schema>;
