import type { ActivationPeriod, Condition, ConditionType, RelativeRangeType, Rule, RuleFields } from './api/scheduling-rules.schema';

export const WEEKDAYS = ['Monday', 'Tuesday', 'Wednesday', 'Thursday', 'Friday', 'Saturday', 'Sunday'];

export const CONDITION_LABELS: Record<ConditionType, string> = {
  JobType: 'Job type',
  Weekday: 'Weekday',
  BusinessUnit: 'Business unit',
  Zone: 'Zone',
  Technician: 'Technician',
  Skill: 'Skill',
  ShiftType: 'Shift type',
};

export const RELATIVE_LABELS: Record<RelativeRangeType, string> = {
  today: 'Today',
  tomorrow: 'Tomorrow',
  next3days: 'Next 3 days',
  next7days: 'Next 7 days',
  custom: 'Custom',
};

/** What the form edits: strings as typed, turned into a rule on save. */
export interface RuleForm {
  name: string;
  description: string;
  conditions: { type: ConditionType; values: string }[];
  period: 'ongoing' | 'dateRange' | 'relativeRange';
  startDate: string;
  endDate: string;
  relative: RelativeRangeType;
  relativeStart: string;
  relativeEnd: string;
  threshold: string;
  status: boolean;
  dayStart: string;
  dayEnd: string;
}

export const EMPTY_FORM: RuleForm = {
  name: '',
  description: '',
  conditions: [],
  period: 'ongoing',
  startDate: '',
  endDate: '',
  relative: 'next7days',
  relativeStart: '0',
  relativeEnd: '6',
  threshold: '80',
  status: true,
  dayStart: '',
  dayEnd: '',
};

export const splitValues = (text: string) => [
  ...new Set(
    text
      .split(',')
      .map((v) => v.trim())
      .filter(Boolean),
  ),
];

export function toForm(rule: Rule): RuleForm {
  const p = rule.activation_period;
  return {
    ...EMPTY_FORM,
    name: rule.name,
    description: rule.description ?? '',
    conditions: rule.conditions.map((c) => ({ type: c.type, values: c.values.join(', ') })),
    period: p.type,
    startDate: p.type === 'dateRange' ? p.start_date : '',
    endDate: p.type === 'dateRange' ? p.end_date : '',
    relative: p.type === 'relativeRange' ? p.relative_range_type : EMPTY_FORM.relative,
    relativeStart: p.type === 'relativeRange' && p.relative_start_days !== undefined ? String(p.relative_start_days) : EMPTY_FORM.relativeStart,
    relativeEnd: p.type === 'relativeRange' && p.relative_end_days !== undefined ? String(p.relative_end_days) : EMPTY_FORM.relativeEnd,
    threshold: String(rule.threshold),
    status: rule.status,
    dayStart: rule.day_start ?? '',
    dayEnd: rule.day_end ?? '',
  };
}

function period(form: RuleForm): ActivationPeriod {
  if (form.period === 'dateRange') return { type: 'dateRange', start_date: form.startDate, end_date: form.endDate };
  if (form.period === 'relativeRange') {
    return form.relative === 'custom'
      ? { type: 'relativeRange', relative_range_type: 'custom', relative_start_days: Number(form.relativeStart), relative_end_days: Number(form.relativeEnd) }
      : { type: 'relativeRange', relative_range_type: form.relative };
  }
  return { type: 'ongoing' };
}

/** The rule the form describes; the server checks it and answers with the spec's messages. */
export function fromForm(form: RuleForm): RuleFields {
  const conditions: Condition[] = form.conditions.map((c) => ({ type: c.type, values: splitValues(c.values) }));
  return {
    name: form.name.trim(),
    ...(form.description.trim() ? { description: form.description.trim() } : {}),
    conditions,
    activation_period: period(form),
    threshold: form.threshold.trim() === '' ? Number.NaN : Number(form.threshold),
    status: form.status,
    ...(form.dayStart ? { day_start: form.dayStart } : {}),
    ...(form.dayEnd ? { day_end: form.dayEnd } : {}),
  };
}

/** "Job type is 101 or 102, and Weekday is Monday": the list's summary of a rule's conditions. */
export function describeConditions(conditions: Condition[]): string {
  if (conditions.length === 0) return 'Every booking';
  return conditions.map((c) => `${CONDITION_LABELS[c.type]} is ${c.values.join(' or ')}`).join(', and ');
}

export function describePeriod(p: ActivationPeriod): string {
  if (p.type === 'ongoing') return 'Ongoing';
  if (p.type === 'dateRange') return `${p.start_date} to ${p.end_date}`;
  if (p.relative_range_type === 'custom') return `From day ${p.relative_start_days ?? 0} to day ${p.relative_end_days ?? 0} after today`;
  return RELATIVE_LABELS[p.relative_range_type];
}
