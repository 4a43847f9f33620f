import { z } from 'zod';
import { ActivationPeriodSchema, SchedulingRuleConditionSchema, SchedulingRuleFieldsSchema } from '../capacity/scheduling-rules';

export { CONDITION_TYPES, RELATIVE_RANGE_TYPES } from '../capacity/scheduling-rules';

// 001 §7 "On-call, scheduling and availability": the scheduling-rule routes. orgId must be a uuid on
// writes (001 §5).
const OrgId = z.uuid('orgId must be a UUID');

export const ListRulesQuerySchema = z
  .object({ id: z.uuid('id must be a UUID').optional(), orgId: OrgId.optional() })
  .refine((q) => q.id || q.orgId, 'id is required');

export const SchedulingRuleSchema = SchedulingRuleFieldsSchema.extend({
  id: z.uuid(),
  /** active (on and covering today), scheduled, expired or off. */
  state: z.enum(['active', 'scheduled', 'expired', 'off']),
});

export const RuleListSchema = z.object({ rules: z.array(SchedulingRuleSchema) });

export const CreateRulesBodySchema = z.object({
  orgId: OrgId,
  /** A client may name the new rule's id, so a retried create does not make a second rule. */
  data: z
    .array(SchedulingRuleFieldsSchema.extend({ id: z.uuid('id must be a UUID').optional() }), 'data must be a list of rules')
    .min(1, 'data must hold at least one rule'),
});

export const RuleParamsSchema = z.object({ ruleId: z.uuid('ruleId must be a UUID') });

export const UpdateRuleBodySchema = z.object({
  orgId: OrgId,
  data: z.object(
    {
      id: z.string().optional(),
      name: SchedulingRuleFieldsSchema.shape.name.optional(),
      description: z.string().max(2000).optional(),
      conditions: z.array(SchedulingRuleConditionSchema).optional(),
      activation_period: ActivationPeriodSchema.optional(),
      threshold: SchedulingRuleFieldsSchema.shape.threshold.optional(),
      status: z.boolean().optional(),
      day_start: SchedulingRuleFieldsSchema.shape.day_start,
      day_end: SchedulingRuleFieldsSchema.shape.day_end,
    },
    'data must be a rule',
  ),
});

export const DeleteRuleInputSchema = z.object({ orgId: OrgId.optional() });
export const DeleteRuleResponseSchema = z.object({ success: z.literal(true) });
