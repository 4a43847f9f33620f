import { z } from 'zod';
import { CrmNameSchema, TimezoneSchema, WeeklyHoursSchema } from '../organization/organization-settings.schema';
import { isValidCalendarDate } from '../time/calendar';
import {
  AdpConfigSchema,
  AppointmentScheduleConfigSchema,
  AvailabilityConfigSchema,
  DummyTechsSchema,
  EmergencyConfigSchema,
  SchedulingFeatureFlagsSchema,
} from '../capacity/capacity-settings';

export { WEEKDAYS } from '../organization/organization-settings.schema';

const OrgId = z.uuid('orgId must be a UUID');

/** 001 §7 names the org `id`; `orgId` is accepted as well. */
export const OrgQuerySchema = z
  .object({ id: z.uuid('id must be a UUID').optional(), orgId: OrgId.optional() })
  .refine((q) => q.id || q.orgId, 'id is required');

/** Spec 000 §3 "Organization availability view". */
export const AvailabilityViewSchema = z.object({
  availability: AvailabilityConfigSchema,
  schedule: AppointmentScheduleConfigSchema,
  emergency_config: EmergencyConfigSchema,
  timezone: TimezoneSchema,
  crm_name: CrmNameSchema,
  regular_job_to_dispatch: z.string().nullable(),
  adp_config: AdpConfigSchema,
  feature_flags: SchedulingFeatureFlagsSchema,
  autoAssignTech: z.boolean(),
  assignDummyTech: z.boolean(),
  defaultDummyTechs: DummyTechsSchema,
  skillBasedAvailability: z.boolean(),
});

/** 001 §7: the availability fields plus orgId; crm_name is not sent back (and is ignored if it is). */
export const SaveAvailabilityBodySchema = z
  .object({
    orgId: OrgId,
    availability: z
      .object({
        regularHours: WeeklyHoursSchema,
        emergencyHours: WeeklyHoursSchema.default({}),
        holidays: z.array(z.string().refine(isValidCalendarDate, 'Must be YYYY-MM-DD format')).default([]),
        availabilityMessage: z.string().max(2000).nullable().default(null),
      })
      .optional(),
    schedule: AppointmentScheduleConfigSchema.optional(),
    emergency_config: EmergencyConfigSchema.optional(),
    adp_config: AdpConfigSchema.optional(),
    feature_flags: SchedulingFeatureFlagsSchema.optional(),
    regular_job_to_dispatch: z.string().nullable().optional(),
    autoAssignTech: z.boolean().optional(),
    assignDummyTech: z.boolean().optional(),
    defaultDummyTechs: DummyTechsSchema.optional(),
    skillBasedAvailability: z.boolean().optional(),
  })
  .refine(({ orgId: _o, ...rest }) => Object.values(rest).some((v) => v !== undefined), 'Nothing to save');

export const WeekQuerySchema = z
  .object({
    id: z.uuid('id must be a UUID').optional(),
    orgId: OrgId.optional(),
    start: z.string().refine(isValidCalendarDate, 'Must be YYYY-MM-DD format').optional(),
  })
  .refine((q) => q.id || q.orgId, 'id is required');

const DayLoadSchema = z.object({ date: z.string(), shiftHours: z.number(), bookedHours: z.number(), openHours: z.number() });

export const AvailabilityWeekSchema = z.object({
  timezone: TimezoneSchema,
  days: z.array(z.object({ date: z.string(), weekday: z.string(), closed: z.boolean(), holiday: z.boolean() })),
  technicians: z.array(
    z.object({ id: z.string(), name: z.string(), businessUnitIds: z.array(z.string()), zoneIds: z.array(z.string()), days: z.array(DayLoadSchema) }),
  ),
  zones: z.array(z.object({ id: z.string(), name: z.string(), days: z.array(DayLoadSchema) })),
});
