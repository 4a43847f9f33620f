import type { z } from 'zod';
import { CONDITION_TYPES, RELATIVE_RANGE_TYPES, type SchedulingRuleSchema } from '@contracts/scheduling-rules.contract';

export { CONDITION_TYPES, RELATIVE_RANGE_TYPES };
export type ConditionType = (typeof CONDITION_TYPES)[number];
export type RelativeRangeType = (typeof RELATIVE_RANGE_TYPES)[number];

export type Rule = z.infer<typeof SchedulingRuleSchema>;
export type RuleFields = Omit<Rule, 'id' | 'state'>;
export type Condition = Rule['conditions'][number];
export type ActivationPeriod = Rule['activation_period'];
