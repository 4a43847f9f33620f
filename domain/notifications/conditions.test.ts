import { type Condition, ConditionSchema, conditionsHold, evaluateCondition, isEmpty, partialMatch, readPath } from './conditions';

const subject = {
  call_status: 'BOOKED',
  subject: 'AC not cooling, urgent',
  duration: 95,
  date: '2025-01-04T03:10:00Z',
  score: 0,
  reviewed: false,
  nothing: null,
  blank: '',
  empty_list: [],
  empty_object: {},
  callback: { is_emergency: false, phone: { number: '+15557654321', kind: 'Mobile' } },
  tags: ['booked', 'same_day'],
  errors: [],
  bookings: [
    { isEmergency: false, appointment: { start: '2025-01-06T14:00:00Z', end: '2025-01-06T16:00:00Z' }, techId: 902 },
    {
      isEmergency: true,
      appointment: { start: '2025-01-04T04:00:00Z', end: '2025-01-04T06:00:00Z' },
      techId: 901,
      jobSummary: [{ title: 'Summary', content: ['No cooling'] }],
    },
  ],
};

type Case = [description: string, condition: Condition, holds: boolean];

const cases: Record<string, Case[]> = {
  equals: [
    ['a string field', { path: 'call_status', operator: 'equals', value: 'BOOKED' }, true],
    ['a different string', { path: 'call_status', operator: 'equals', value: 'UNBOOKED' }, false],
    ['a nested boolean', { path: 'callback.is_emergency', operator: 'equals', value: false }, true],
    ['a deeply nested field', { path: 'callback.phone.kind', operator: 'equals', value: 'Mobile' }, true],
    ['an array element by index', { path: 'bookings.1.isEmergency', operator: 'equals', value: true }, true],
    ['a whole object, structurally', { path: 'callback.phone', operator: 'equals', value: { kind: 'Mobile', number: '+15557654321' } }, true],
    ['an object with a key fewer', { path: 'callback.phone', operator: 'equals', value: { kind: 'Mobile' } }, false],
    ['a number written as a string (no coercion)', { path: 'duration', operator: 'equals', value: '95' }, false],
    ['null against false (no coercion)', { path: 'nothing', operator: 'equals', value: false }, false],
    ['a missing path against false', { path: 'missing.is_emergency', operator: 'equals', value: false }, false],
    ['a path through a primitive', { path: 'call_status.length', operator: 'equals', value: 6 }, false],
    ['an inherited property name', { path: 'callback.constructor', operator: 'equals', value: Object }, false],
  ],
  not_equals: [
    ['a different value', { path: 'call_status', operator: 'not_equals', value: 'UNBOOKED' }, true],
    ['the same value', { path: 'call_status', operator: 'not_equals', value: 'BOOKED' }, false],
    ['a missing path', { path: 'callback.missing', operator: 'not_equals', value: 'BOOKED' }, true],
  ],
  contains: [
    ['a substring', { path: 'subject', operator: 'contains', value: 'urgent' }, true],
    ['a string that is not in it', { path: 'subject', operator: 'contains', value: 'heater' }, false],
    ['an array element', { path: 'tags', operator: 'contains', value: 'same_day' }, true],
    ['only part of an array element', { path: 'tags', operator: 'contains', value: 'same' }, false],
    ['a whole object element', { path: 'bookings.1.jobSummary', operator: 'contains', value: { title: 'Summary', content: ['No cooling'] } }, true],
    ['a number in a string', { path: 'subject', operator: 'contains', value: 1 }, false],
    ['a number field', { path: 'duration', operator: 'contains', value: 9 }, false],
    ['a missing path', { path: 'labels', operator: 'contains', value: 'booked' }, false],
  ],
  greater_than: [
    ['a smaller number', { path: 'duration', operator: 'greater_than', value: 60 }, true],
    ['the same number', { path: 'duration', operator: 'greater_than', value: 95 }, false],
    ['an earlier ISO date', { path: 'date', operator: 'greater_than', value: '2025-01-01T00:00:00Z' }, true],
    ['a number against a string field', { path: 'subject', operator: 'greater_than', value: 1 }, false],
    ['a numeric string against a number field', { path: 'duration', operator: 'greater_than', value: '10' }, false],
    ['a missing path', { path: 'callback.wait', operator: 'greater_than', value: 0 }, false],
  ],
  less_than: [
    ['a larger number', { path: 'duration', operator: 'less_than', value: 120 }, true],
    ['the same number', { path: 'duration', operator: 'less_than', value: 95 }, false],
    ['zero against one', { path: 'score', operator: 'less_than', value: 1 }, true],
    ['a later ISO date', { path: 'date', operator: 'less_than', value: '2025-02-01T00:00:00Z' }, true],
    ['a missing path', { path: 'callback.wait', operator: 'less_than', value: 100 }, false],
  ],
  in: [
    ['a listed value', { path: 'call_status', operator: 'in', value: ['BOOKED', 'SOLD'] }, true],
    ['an unlisted value', { path: 'call_status', operator: 'in', value: ['UNBOOKED', 'EXCUSED'] }, false],
    ['a nested value', { path: 'callback.phone.kind', operator: 'in', value: ['Mobile', 'Landline'] }, true],
    ['an empty list', { path: 'call_status', operator: 'in', value: [] }, false],
    ['a missing path', { path: 'source', operator: 'in', value: ['call', 'chat'] }, false],
  ],
  not_in: [
    ['an unlisted value', { path: 'call_status', operator: 'not_in', value: ['UNBOOKED', 'EXCUSED'] }, true],
    ['a listed value', { path: 'call_status', operator: 'not_in', value: ['BOOKED'] }, false],
    ['a missing path', { path: 'source', operator: 'not_in', value: ['call', 'chat'] }, true],
  ],
  array_containing: [
    ['an element matching one key of many', { path: 'bookings', operator: 'array_containing', value: { isEmergency: true } }, true],
    ['an element matching two keys', { path: 'bookings', operator: 'array_containing', value: { isEmergency: true, techId: 901 } }, true],
    ['keys that hold only in different elements', { path: 'bookings', operator: 'array_containing', value: { isEmergency: true, techId: 902 } }, false],
    ['a nested partial object', { path: 'bookings', operator: 'array_containing', value: { appointment: { start: '2025-01-04T04:00:00Z' } } }, true],
    [
      'a nested object that differs at depth',
      { path: 'bookings', operator: 'array_containing', value: { isEmergency: true, appointment: { start: '2025-01-06T14:00:00Z' } } },
      false,
    ],
    ['a key no element has', { path: 'bookings', operator: 'array_containing', value: { isEmergency: true, priority: 'Urgent' } }, false],
    ['arrays inside an element, element by element', { path: 'bookings', operator: 'array_containing', value: { jobSummary: [{ title: 'Summary' }] } }, true],
    ['a primitive element', { path: 'tags', operator: 'array_containing', value: 'booked' }, true],
    ['a field that is not an array', { path: 'callback', operator: 'array_containing', value: { is_emergency: false } }, false],
    ['an empty array', { path: 'errors', operator: 'array_containing', value: {} }, false],
    ['a missing path', { path: 'appointments', operator: 'array_containing', value: { isEmergency: true } }, false],
  ],
  is_empty: [
    ['a missing path', { path: 'callback.reason', operator: 'is_empty' }, true],
    ['null', { path: 'nothing', operator: 'is_empty' }, true],
    ['an empty string', { path: 'blank', operator: 'is_empty' }, true],
    ['an empty array', { path: 'empty_list', operator: 'is_empty' }, true],
    ['an empty object', { path: 'empty_object', operator: 'is_empty' }, true],
    ['zero', { path: 'score', operator: 'is_empty' }, false],
    ['false', { path: 'reviewed', operator: 'is_empty' }, false],
    ['a list with items', { path: 'tags', operator: 'is_empty' }, false],
  ],
  is_not_empty: [
    ['a list with items', { path: 'tags', operator: 'is_not_empty' }, true],
    ['an object with keys', { path: 'callback', operator: 'is_not_empty' }, true],
    ['zero', { path: 'score', operator: 'is_not_empty' }, true],
    ['an empty array', { path: 'errors', operator: 'is_not_empty' }, false],
    ['a missing path', { path: 'warnings', operator: 'is_not_empty' }, false],
  ],
};

describe.each(Object.entries(cases))('%s', (_operator, table) => {
  it.each(table)('%s → %s', (_description, condition, holds) => {
    expect(ConditionSchema.parse(condition)).toEqual(condition);
    expect(evaluateCondition(subject, condition)).toBe(holds);
  });
});

it('covers every operator', () => {
  const operators = ConditionSchema.options.flatMap((option) => option.shape.operator.options);

  expect(Object.keys(cases).sort()).toEqual([...operators].sort());
});

describe('readPath', () => {
  it.each([
    ['callback.phone.number', '+15557654321'],
    ['bookings.1.appointment.start', '2025-01-04T04:00:00Z'],
    ['bookings.5.appointment', undefined],
    ['tags.0', 'booked'],
    ['callback.__proto__', undefined],
    ['nothing.deeper', undefined],
  ])('%s → %p', (path, value) => {
    expect(readPath(subject, path)).toBe(value);
  });
});

describe('partialMatch', () => {
  it('lets an empty expected object match any object but no primitive', () => {
    expect(partialMatch({ a: 1 }, {})).toBe(true);
    expect(partialMatch('a', {})).toBe(false);
  });

  it('requires arrays inside the expected object to have the same length', () => {
    expect(partialMatch({ list: [{ a: 1, b: 2 }, { a: 3 }] }, { list: [{ a: 1 }, { a: 3 }] })).toBe(true);
    expect(partialMatch({ list: [{ a: 1 }, { a: 3 }] }, { list: [{ a: 1 }] })).toBe(false);
  });

  it('does not treat a missing key as matching an expected undefined-like value', () => {
    expect(partialMatch({}, { isEmergency: false })).toBe(false);
    expect(partialMatch({}, { note: null })).toBe(false);
  });
});

describe('isEmpty', () => {
  it('does not count a whitespace string or an object with a key as empty', () => {
    expect(isEmpty(' ')).toBe(false);
    expect(isEmpty({ a: undefined })).toBe(false);
  });
});

describe('conditionsHold', () => {
  const booked: Condition = { path: 'call_status', operator: 'equals', value: 'BOOKED' };
  const emergency: Condition = { path: 'bookings', operator: 'array_containing', value: { isEmergency: true } };
  const errors: Condition = { path: 'errors', operator: 'is_not_empty' };

  it('holds when every condition holds, and fails when one does not', () => {
    expect(conditionsHold(subject, [booked, emergency])).toBe(true);
    expect(conditionsHold(subject, [booked, emergency, errors])).toBe(false);
  });

  it('holds for no conditions', () => {
    expect(conditionsHold({}, [])).toBe(true);
  });
});

describe('ConditionSchema', () => {
  it.each([
    ['an empty step', { path: 'callback..is_emergency', operator: 'equals', value: true }],
    ['a leading dot', { path: '.status', operator: 'equals', value: true }],
    ['in without a list', { path: 'call_status', operator: 'in', value: 'BOOKED' }],
    ['greater_than an object', { path: 'duration', operator: 'greater_than', value: { n: 1 } }],
    ['an unknown operator', { path: 'call_status', operator: 'matches', value: 'B.*' }],
  ])('rejects %s', (_case, condition) => {
    expect(ConditionSchema.safeParse(condition).success).toBe(false);
  });
});
