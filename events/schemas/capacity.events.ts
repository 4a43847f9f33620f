import { z } from 'zod';
import { CapacitySettingsSchema } from '../../domain/capacity/capacity-settings';
import { SchedulingRuleFieldsSchema } from '../../domain/capacity/scheduling-rules';

// Events of the capacity slice: the availability settings (an organization-aggregate event) and the
// scheduling rules (their own aggregate, one stream per rule).

export const SCHEDULING_RULE = 'scheduling-rule';

/** PUT /org/availability saved these sections; a section left out keeps its stored value. */
export const OrganizationAvailabilityChangedV1Schema = z.object({
  orgId: z.uuid(),
  settings: CapacitySettingsSchema.partial(),
});
export type OrganizationAvailabilityChangedV1 = z.infer<typeof OrganizationAvailabilityChangedV1Schema>;

export const SchedulingRuleCreatedV1Schema = z.object({ orgId: z.uuid(), ruleId: z.uuid(), rule: SchedulingRuleFieldsSchema });
export type SchedulingRuleCreatedV1 = z.infer<typeof SchedulingRuleCreatedV1Schema>;

/** The whole rule after the edit, so a redelivery or an out-of-date replay lands on the same state. */
export const SchedulingRuleChangedV1Schema = z.object({ orgId: z.uuid(), ruleId: z.uuid(), rule: SchedulingRuleFieldsSchema });
export type SchedulingRuleChangedV1 = z.infer<typeof SchedulingRuleChangedV1Schema>;

export const SchedulingRuleDeletedV1Schema = z.object({ orgId: z.uuid(), ruleId: z.uuid() });
export type SchedulingRuleDeletedV1 = z.infer<typeof SchedulingRuleDeletedV1Schema>;
