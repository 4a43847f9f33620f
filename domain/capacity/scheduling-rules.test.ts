import {
  SchedulingRuleFieldsSchema,
  activeDates,
  isRuleInForce,
  ruleAppliesToJob,
  ruleCoversTechnician,
  ruleState,
  type SchedulingRule,
} from './scheduling-rules';

const rule = (over: Partial<SchedulingRule> = {}): SchedulingRule => ({
  id: 'r',
  name: 'Cap',
  conditions: [],
  activation_period: { type: 'ongoing' },
  threshold: 50,
  status: true,
  ...over,
});
const messages = (input: unknown) => {
  const r = SchedulingRuleFieldsSchema.safeParse(input);
  return r.success ? [] : [...new Set(r.error.issues.map((i) => i.message))];
};

describe('scheduling rule validation', () => {
  it.each([
    [{ name: '', threshold: 10 }, ['Rule name is required']],
    [{ name: 'x', threshold: 120 }, ['Threshold must be between 0 and 100']],
    [
      { name: 'x', threshold: 10, conditions: [{ type: 'Color', values: ['red'] }] },
      ['Condition type must be one of JobType, Weekday, BusinessUnit, Zone, Technician, Skill, ShiftType'],
    ],
    [{ name: 'x', threshold: 10, conditions: [{ type: 'Zone', values: [] }] }, ['A condition needs at least one value']],
    [{ name: 'x', threshold: 10, activation_period: { type: 'dateRange', start_date: '2026-02-30', end_date: '2026-03-01' } }, ['Must be YYYY-MM-DD format']],
    [
      { name: 'x', threshold: 10, activation_period: { type: 'dateRange', start_date: '2026-03-02', end_date: '2026-03-01' } },
      ['end_date must not be before start_date'],
    ],
    [
      { name: 'x', threshold: 10, activation_period: { type: 'relativeRange', relative_range_type: 'custom', relative_start_days: 5 } },
      ['A custom range needs relative_start_days no later than relative_end_days'],
    ],
    [{ name: 'x', threshold: 10, day_start: '9am' }, ['Must be HH:mm format']],
    [{ name: 'x', threshold: 0, activation_period: { type: 'relativeRange', relative_range_type: 'next7days' } }, []],
  ])('%j → %j', (input, expected) => expect(messages(input)).toEqual(expected));

  it('defaults to an ongoing rule that is switched on', () => {
    expect(SchedulingRuleFieldsSchema.parse({ name: 'x', threshold: 5 })).toEqual({
      name: 'x',
      threshold: 5,
      conditions: [],
      activation_period: { type: 'ongoing' },
      status: true,
    });
  });
});

describe('activation periods', () => {
  const today = '2026-03-06';
  it.each([
    [{ type: 'ongoing' as const }, { from: null, to: null }],
    [
      { type: 'dateRange' as const, start_date: '2026-03-10', end_date: '2026-03-12' },
      { from: '2026-03-10', to: '2026-03-12' },
    ],
    [
      { type: 'relativeRange' as const, relative_range_type: 'today' as const },
      { from: today, to: today },
    ],
    [
      { type: 'relativeRange' as const, relative_range_type: 'tomorrow' as const },
      { from: '2026-03-07', to: '2026-03-07' },
    ],
    [
      { type: 'relativeRange' as const, relative_range_type: 'next3days' as const },
      { from: today, to: '2026-03-08' },
    ],
    [
      { type: 'relativeRange' as const, relative_range_type: 'next7days' as const },
      { from: today, to: '2026-03-12' },
    ],
    [
      { type: 'relativeRange' as const, relative_range_type: 'custom' as const, relative_start_days: 2, relative_end_days: 4 },
      { from: '2026-03-08', to: '2026-03-10' },
    ],
  ])('%j covers %j', (period, expected) => expect(activeDates(period, today)).toEqual(expected));

  it('is in force only when switched on and the date is within the period', () => {
    const period = { type: 'dateRange' as const, start_date: '2026-03-10', end_date: '2026-03-12' };
    expect(isRuleInForce(rule({ activation_period: period }), '2026-03-11', '2026-03-06')).toBe(true);
    expect(isRuleInForce(rule({ activation_period: period }), '2026-03-13', '2026-03-06')).toBe(false);
    expect(isRuleInForce(rule({ activation_period: period, status: false }), '2026-03-11', '2026-03-06')).toBe(false);
    expect(ruleState(rule({ activation_period: period }), '2026-03-06')).toBe('scheduled');
    expect(ruleState(rule({ activation_period: period }), '2026-03-11')).toBe('active');
    expect(ruleState(rule({ activation_period: period }), '2026-03-13')).toBe('expired');
    expect(ruleState(rule({ status: false }), '2026-03-13')).toBe('off');
  });
});

describe('conditions', () => {
  const job = { date: '2026-03-09', localStart: '10:00', jobTypeId: '101', businessUnitId: '1', zoneId: '701' }; // a Monday
  it.each([
    [[], true],
    [[{ type: 'JobType' as const, values: ['101', '102'] }], true],
    [[{ type: 'JobType' as const, values: ['201'] }], false],
    [[{ type: 'Weekday' as const, values: ['Monday'] }], true],
    [[{ type: 'Weekday' as const, values: ['saturday', 'sunday'] }], false],
    [[{ type: 'BusinessUnit' as const, values: ['2'] }], false],
    [
      [
        { type: 'Zone' as const, values: ['701'] },
        { type: 'BusinessUnit' as const, values: ['1'] },
      ],
      true,
    ],
    [[{ type: 'Technician' as const, values: ['1001'] }], true],
  ])('job side %j → %s', (conditions, expected) => expect(ruleAppliesToJob(rule({ conditions }), job)).toBe(expected));

  it('limits a rule to slots between day_start and day_end', () => {
    expect(ruleAppliesToJob(rule({ day_start: '12:00' }), job)).toBe(false);
    expect(ruleAppliesToJob(rule({ day_start: '08:00', day_end: '10:00' }), job)).toBe(false);
    expect(ruleAppliesToJob(rule({ day_start: '08:00', day_end: '10:01' }), job)).toBe(true);
  });

  it.each([
    [[{ type: 'Technician' as const, values: ['1001'] }], true],
    [[{ type: 'Technician' as const, values: ['1002'] }], false],
    [[{ type: 'Skill' as const, values: ['Sales', 'Roofing'] }], true],
    [[{ type: 'ShiftType' as const, values: ['OnCall'] }], false],
    [[{ type: 'JobType' as const, values: ['999'] }], true],
  ])('technician side %j → %s', (conditions, expected) =>
    expect(ruleCoversTechnician(rule({ conditions }), { id: '1001', skills: ['HVAC', 'Sales'], shiftTypes: ['Normal'] })).toBe(expected),
  );
});
