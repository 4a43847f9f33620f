import { describe, expect, it } from '@jest/globals';
import { describeConditions, describePeriod, EMPTY_FORM, fromForm, toForm } from './rule-form';

describe('the scheduling rule form', () => {
  it('turns typed values into a rule and back', () => {
    const rule = fromForm({
      ...EMPTY_FORM,
      name: ' Cap installs ',
      conditions: [
        { type: 'JobType', values: '101, 102,101, ' },
        { type: 'Weekday', values: 'Monday' },
      ],
      period: 'relativeRange',
      relative: 'custom',
      relativeStart: '1',
      relativeEnd: '5',
      threshold: '60',
      dayStart: '12:00',
    });
    expect(rule).toEqual({
      name: 'Cap installs',
      conditions: [
        { type: 'JobType', values: ['101', '102'] },
        { type: 'Weekday', values: ['Monday'] },
      ],
      activation_period: { type: 'relativeRange', relative_range_type: 'custom', relative_start_days: 1, relative_end_days: 5 },
      threshold: 60,
      status: true,
      day_start: '12:00',
    });
    const back = toForm({ ...rule, id: 'r1', state: 'active' });
    expect(fromForm(back)).toEqual(rule);
  });

  it('leaves an empty threshold for the server to refuse', () => {
    expect(Number.isNaN(fromForm({ ...EMPTY_FORM, name: 'x', threshold: ' ' }).threshold)).toBe(true);
  });

  it('describes rules for the list', () => {
    expect(describeConditions([])).toBe('Every booking');
    expect(
      describeConditions([
        { type: 'BusinessUnit', values: ['1', '2'] },
        { type: 'ShiftType', values: ['OnCall'] },
      ]),
    ).toBe('Business unit is 1 or 2, and Shift type is OnCall');
    expect(describePeriod({ type: 'dateRange', start_date: '2026-12-20', end_date: '2026-12-31' })).toBe('2026-12-20 to 2026-12-31');
    expect(describePeriod({ type: 'relativeRange', relative_range_type: 'next3days' })).toBe('Next 3 days');
  });
});
