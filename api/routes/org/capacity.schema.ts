import { z } from 'zod';
import { CrmNameSchema, TimezoneSchema, WeeklyHoursSchema } from '../../../lib/domain';

/** 001 §2.12 "Capacity check for testing": the org's capacity for a time, as the agent's get_capacity sees it. */
export const GetCapacityBodySchema = z
  .object({
    orgId: z.uuid('orgId must be a UUID'),
    time_to_check: z.unknown(),
    job_type_id: z.unknown(),
    business_unit: z.unknown(),
    priority: z.unknown().optional(),
    agent_id: z.string().optional(),
    zipcode: z.unknown().optional(),
  })
  .loose();

export const GetCapacityResponseSchema = z.object({
  result: z.string(),
  data: z.record(z.string(), z.unknown()).optional(),
});

export const AvailabilityQuerySchema = z.object({ orgId: z.uuid('orgId must be a UUID') });

/** Spec 000 §3 "Organization availability view"; settings later issues store are shown with their defaults. */
export const AvailabilityViewSchema = z.object({
  availability: z.object({
    regularHours: WeeklyHoursSchema,
    emergencyHours: WeeklyHoursSchema,
    holidays: z.array(z.string()),
    availabilityMessage: z.string().nullable(),
    lastUpdatedAt: z.string().nullable(),
  }),
  timezone: TimezoneSchema,
  crm_name: CrmNameSchema,
});
