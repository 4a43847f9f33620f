import { z } from 'zod';

/**
 * 001 §3 "Capacity check request" (orgId, timeToCheck, currentTime, businessUnit, jobTypeId, priority,
 * agentId, zipcode). The agent tool's snake_case names are accepted too; the values are checked by the
 * get_capacity parameter rules (000 §5), so the messages are the agent's.
 */
export const GetCapacityBodySchema = z
  .object({
    orgId: z.uuid('orgId must be a UUID'),
    timeToCheck: z.unknown().optional(),
    time_to_check: z.unknown().optional(),
    /** Ask as if it were this instant (ISO with offset); defaults to now. */
    currentTime: z.iso.datetime({ offset: true, message: 'currentTime must be an ISO date-time' }).optional(),
    businessUnit: z.unknown().optional(),
    business_unit: z.unknown().optional(),
    jobTypeId: z.unknown().optional(),
    job_type_id: z.unknown().optional(),
    priority: z.unknown().optional(),
    agentId: z.string().optional(),
    agent_id: z.string().optional(),
    zipcode: z.unknown().optional(),
    trade: z.unknown().optional(),
  })
  .loose();

export const GetCapacityResponseSchema = z.object({
  result: z.string(),
  data: z.record(z.string(), z.unknown()).optional(),
});
