import { z } from 'zod';

// Mirrors api/routes/org/scheduling-rules.schema.ts and activities/crm/capacity/scheduling-rules.ts.
export const CONDITION_TYPES = ['JobType', 'Weekday', 'BusinessUnit', 'Zone', 'Technician', 'Skill', 'ShiftType'] as const;
export type ConditionType = (typeof CONDITION_TYPES)[number];
export const RELATIVE_RANGE_TYPES = ['today', 'tomorrow', 'next3days', 'next7days', 'custom'] as const;
export type RelativeRangeType = (typeof RELATIVE_RANGE_TYPES)[number];

export const ConditionSchema = z.object({ type: z.enum(CONDITION_TYPES), values: z.array(z.string()) });
export type Condition = z.infer<typeof ConditionSchema>;

export const ActivationPeriodSchema = z.discriminatedUnion('type', [
  z.object({ type: z.literal('ongoing') }),
  z.object({ type: z.literal('dateRange'), start_date: z.string(), end_date: z.string() }),
  z.object({ type: z.literal('relativeRange'), relative_range_type: z.enum(RELATIVE_RANGE_TYPES), relative_start_days: z.number().optional(), relative_end_days: z.number().optional() }),
]);
export type ActivationPeriod = z.infer<typeof ActivationPeriodSchema>;

export const RuleFieldsSchema = z.object({
  name: z.string(),
  description: z.string().optional(),
  conditions: z.array(ConditionSchema),
  activation_period: ActivationPeriodSchema,
  threshold: z.number(),
  status: z.boolean(),
  day_start: z.string().optional(),
  day_end: z.string().optional(),
});
export type RuleFields = z.infer<typeof RuleFieldsSchema>;

export const RuleSchema = RuleFieldsSchema.extend({ id: z.string(), state: z.enum(['active', 'scheduled', 'expired', 'off']) });
export type Rule = z.infer<typeof RuleSchema>;

export const RuleListSchema = z.object({ rules: z.array(RuleSchema) });
export const DeletedSchema = z.object({ success: z.literal(true) });
