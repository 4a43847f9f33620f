import { z } from 'zod';
import { addDays, epochDayOf, isValidCalendarDate, weekdayOf } from '../time/calendar';

// Spec 000 §3 / 001 §3 "Scheduling rule". The spec does not say how the threshold is measured; here it is
// the percentage of the matching technicians' shift hours that may be booked on a day.

export const CONDITION_TYPES = ['JobType', 'Weekday', 'BusinessUnit', 'Zone', 'Technician', 'Skill', 'ShiftType'] as const;
export type ConditionType = (typeof CONDITION_TYPES)[number];
export const RELATIVE_RANGE_TYPES = ['today', 'tomorrow', 'next3days', 'next7days', 'custom'] as const;

const calendarDate = z.string().refine(isValidCalendarDate, 'Must be YYYY-MM-DD format');
const HHMM = z.string().regex(/^([01]\d|2[0-3]):[0-5]\d$/, 'Must be HH:mm format');

export const SchedulingRuleConditionSchema = z.object({
  type: z.enum(CONDITION_TYPES, `Condition type must be one of ${CONDITION_TYPES.join(', ')}`),
  values: z.array(z.string().trim().min(1)).min(1, 'A condition needs at least one value'),
});
export type SchedulingRuleCondition = z.infer<typeof SchedulingRuleConditionSchema>;

const relativeDays = z
  .number()
  .int('Relative days must be whole numbers')
  .min(0, 'Relative days must be non-negative')
  .max(365, 'Relative days cannot exceed 365');

export const ActivationPeriodSchema = z.discriminatedUnion(
  'type',
  [
    z.object({ type: z.literal('ongoing') }),
    z
      .object({ type: z.literal('dateRange'), start_date: calendarDate, end_date: calendarDate })
      .refine((p) => p.start_date <= p.end_date, { message: 'end_date must not be before start_date', path: ['end_date'] }),
    z
      .object({
        type: z.literal('relativeRange'),
        relative_range_type: z.enum(RELATIVE_RANGE_TYPES),
        relative_start_days: relativeDays.optional(),
        relative_end_days: relativeDays.optional(),
      })
      .refine(
        (p) =>
          p.relative_range_type !== 'custom' ||
          (p.relative_start_days !== undefined && p.relative_end_days !== undefined && p.relative_start_days <= p.relative_end_days),
        {
          message: 'A custom range needs relative_start_days no later than relative_end_days',
          path: ['relative_end_days'],
        },
      ),
  ],
  'activation_period must be ongoing, dateRange or relativeRange',
);
export type ActivationPeriod = z.infer<typeof ActivationPeriodSchema>;

export const SchedulingRuleFieldsSchema = z.object({
  name: z.string('Rule name is required').trim().min(1, 'Rule name is required').max(200),
  description: z.string().max(2000).optional(),
  conditions: z.array(SchedulingRuleConditionSchema).default([]),
  activation_period: ActivationPeriodSchema.default({ type: 'ongoing' }),
  threshold: z.number('Threshold must be a number').min(0, 'Threshold must be between 0 and 100').max(100, 'Threshold must be between 0 and 100'),
  status: z.boolean().default(true),
  day_start: HHMM.optional(),
  day_end: HHMM.optional(),
});
export type SchedulingRuleFields = z.infer<typeof SchedulingRuleFieldsSchema>;
export type SchedulingRule = SchedulingRuleFields & { id: string };

/** The local dates a relative range covers, as day offsets from today. */
function relativeOffsets(p: Extract<ActivationPeriod, { type: 'relativeRange' }>): [number, number] {
  switch (p.relative_range_type) {
    case 'today':
      return [0, 0];
    case 'tomorrow':
      return [1, 1];
    case 'next3days':
      return [0, 2];
    case 'next7days':
      return [0, 6];
    case 'custom':
      return [p.relative_start_days ?? 0, p.relative_end_days ?? 0];
  }
}

/** The first and last local date the period covers, judged from the org-local `today`; null bounds are open. */
export function activeDates(period: ActivationPeriod, today: string): { from: string | null; to: string | null } {
  if (period.type === 'ongoing') return { from: null, to: null };
  if (period.type === 'dateRange') return { from: period.start_date, to: period.end_date };
  const [s, e] = relativeOffsets(period);
  return { from: addDays(today, s), to: addDays(today, e) };
}

/** Whether the switched-on rule governs slots on local `date` (spec 001 §4: active when on and within its period). */
export function isRuleInForce(rule: Pick<SchedulingRule, 'status' | 'activation_period'>, date: string, today: string): boolean {
  if (!rule.status) return false;
  const { from, to } = activeDates(rule.activation_period, today);
  return (from === null || date >= from) && (to === null || date <= to);
}

/** For the list: on and covering today, on but not yet or no longer covering today, or off. */
export function ruleState(rule: Pick<SchedulingRule, 'status' | 'activation_period'>, today: string): 'active' | 'scheduled' | 'expired' | 'off' {
  if (!rule.status) return 'off';
  const { from, to } = activeDates(rule.activation_period, today);
  if (to !== null && (epochDayOf(to) ?? 0) < (epochDayOf(today) ?? 0)) return 'expired';
  if (from !== null && from > today) return 'scheduled';
  return 'active';
}

/** What is being booked: the job side of a rule's conditions. */
export interface RuleJobContext {
  date: string;
  localStart: string;
  jobTypeId: string | null;
  businessUnitId: string;
  zoneId: string | null;
}

/** What a technician brings: the technician side of a rule's conditions. */
export interface RuleTechnician {
  id: string;
  skills: readonly string[];
  /** Shift types the technician works on the slot's date. */
  shiftTypes: readonly string[];
}

const JOB_SIDE: ConditionType[] = ['JobType', 'Weekday', 'BusinessUnit', 'Zone'];

/** Whether the rule's job-side conditions and its day_start/day_end hold for the slot. */
export function ruleAppliesToJob(rule: SchedulingRule, job: RuleJobContext): boolean {
  if (rule.day_start && job.localStart < rule.day_start) return false;
  if (rule.day_end && job.localStart >= rule.day_end) return false;
  return rule.conditions.every((c) => {
    switch (c.type) {
      case 'JobType':
        return job.jobTypeId !== null && c.values.includes(job.jobTypeId);
      case 'Weekday':
        return c.values.some((v) => v.toLowerCase() === weekdayOf(job.date).toLowerCase());
      case 'BusinessUnit':
        return c.values.includes(job.businessUnitId);
      case 'Zone':
        return job.zoneId !== null && c.values.includes(job.zoneId);
      default:
        return true;
    }
  });
}

/** Whether the technician belongs to the pool the rule measures (its technician-side conditions). */
export function ruleCoversTechnician(rule: SchedulingRule, tech: RuleTechnician): boolean {
  return rule.conditions.every((c) => {
    switch (c.type) {
      case 'Technician':
        return c.values.includes(tech.id);
      case 'Skill':
        return c.values.some((v) => tech.skills.includes(v));
      case 'ShiftType':
        return c.values.some((v) => tech.shiftTypes.includes(v));
      default:
        return JOB_SIDE.includes(c.type);
    }
  });
}
