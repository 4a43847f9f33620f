import { z } from 'zod';

/** Condition operators of spec 000 §4. */
export const CONDITION_OPERATORS = [
  'equals',
  'not_equals',
  'contains',
  'greater_than',
  'less_than',
  'in',
  'not_in',
  'array_containing',
  'is_empty',
  'is_not_empty',
] as const;
export type ConditionOperator = (typeof CONDITION_OPERATORS)[number];

const PathSchema = z.string().regex(/^[^.\s]+(\.[^.\s]+)*$/, 'A path is field names joined by dots, e.g. callback.is_emergency');

export const ConditionSchema = z.discriminatedUnion('operator', [
  z.object({ path: PathSchema, operator: z.enum(['is_empty', 'is_not_empty']) }),
  z.object({ path: PathSchema, operator: z.enum(['in', 'not_in']), value: z.array(z.unknown()) }),
  z.object({ path: PathSchema, operator: z.enum(['greater_than', 'less_than']), value: z.union([z.number(), z.string()]) }),
  z.object({ path: PathSchema, operator: z.enum(['equals', 'not_equals', 'contains', 'array_containing']), value: z.unknown() }),
]);
export type Condition = z.infer<typeof ConditionSchema>;

type PlainObject = Record<string, unknown>;

function isPlainObject(value: unknown): value is PlainObject {
  if (typeof value !== 'object' || value === null || Array.isArray(value)) return false;
  const proto = Object.getPrototypeOf(value);
  return proto === Object.prototype || proto === null;
}

/**
 * The value at a dotted path, or undefined when any step is missing. A numeric step indexes an array
 * (`bookings.0.isEmergency`). Only own fields are read, so `constructor` or `__proto__` never resolve.
 */
export function readPath(subject: unknown, path: string): unknown {
  let current: unknown = subject;
  for (const step of path.split('.')) {
    if (Array.isArray(current) && /^\d+$/.test(step)) {
      current = current[Number(step)];
    } else if (isPlainObject(current) && Object.prototype.hasOwnProperty.call(current, step)) {
      current = current[step];
    } else {
      return undefined;
    }
  }
  return current;
}

/** Structural equality of JSON-like values; no coercion ("1" is not 1, null is not undefined). */
export function deepEqual(a: unknown, b: unknown): boolean {
  if (Object.is(a, b)) return true;
  if (Array.isArray(a) && Array.isArray(b)) {
    return a.length === b.length && a.every((item, i) => deepEqual(item, b[i]));
  }
  if (isPlainObject(a) && isPlainObject(b)) {
    const keys = Object.keys(a);
    return keys.length === Object.keys(b).length && keys.every((k) => Object.prototype.hasOwnProperty.call(b, k) && deepEqual(a[k], b[k]));
  }
  return false;
}

/**
 * `expected` describes `actual` partially: every key of an expected object must match the actual value
 * at that key, recursively; keys the expected object does not name are ignored. Arrays match element by
 * element and must have the same length; anything else must be deepEqual.
 */
export function partialMatch(actual: unknown, expected: unknown): boolean {
  if (isPlainObject(expected)) {
    return isPlainObject(actual) && Object.keys(expected).every((k) => partialMatch(readOwn(actual, k), expected[k]));
  }
  if (Array.isArray(expected)) {
    return Array.isArray(actual) && actual.length === expected.length && expected.every((item, i) => partialMatch(actual[i], item));
  }
  return deepEqual(actual, expected);
}

function readOwn(object: PlainObject, key: string): unknown {
  return Object.prototype.hasOwnProperty.call(object, key) ? object[key] : undefined;
}

/** Empty means undefined, null, "", [] or {}. 0, false and " " are values. */
export function isEmpty(value: unknown): boolean {
  if (value === undefined || value === null || value === '') return true;
  if (Array.isArray(value)) return value.length === 0;
  return isPlainObject(value) && Object.keys(value).length === 0;
}

function contains(actual: unknown, expected: unknown): boolean {
  if (typeof actual === 'string') return typeof expected === 'string' && actual.includes(expected);
  if (Array.isArray(actual)) return actual.some((item) => deepEqual(item, expected));
  return false;
}

// Numbers compare with numbers and strings with strings (ISO dates order correctly as strings);
// a mixed or missing pair is not ordered, so neither greater_than nor less_than holds.
function compare(actual: unknown, expected: unknown): number | undefined {
  if (typeof actual === 'number' && typeof expected === 'number') {
    return Number.isNaN(actual) || Number.isNaN(expected) ? undefined : actual - expected;
  }
  if (typeof actual === 'string' && typeof expected === 'string') {
    return actual < expected ? -1 : actual > expected ? 1 : 0;
  }
  return undefined;
}

/**
 * Whether `condition` holds for `subject`. A missing path reads as undefined, so:
 * - equals, contains, greater_than, less_than, in and array_containing do not hold;
 * - their negations not_equals and not_in hold (a missing status is "not BOOKED");
 * - is_empty holds and is_not_empty does not.
 * In particular `callback.is_emergency equals false` does not hold for a call without a callback.
 */
export function evaluateCondition(subject: unknown, condition: Condition): boolean {
  const actual = readPath(subject, condition.path);
  switch (condition.operator) {
    case 'equals':
      return deepEqual(actual, condition.value);
    case 'not_equals':
      return !deepEqual(actual, condition.value);
    case 'contains':
      return contains(actual, condition.value);
    case 'greater_than': {
      const order = compare(actual, condition.value);
      return order !== undefined && order > 0;
    }
    case 'less_than': {
      const order = compare(actual, condition.value);
      return order !== undefined && order < 0;
    }
    case 'in':
      return condition.value.some((candidate) => deepEqual(actual, candidate));
    case 'not_in':
      return !condition.value.some((candidate) => deepEqual(actual, candidate));
    case 'array_containing':
      return Array.isArray(actual) && actual.some((item) => partialMatch(item, condition.value));
    case 'is_empty':
      return isEmpty(actual);
    case 'is_not_empty':
      return !isEmpty(actual);
  }
}

/** All conditions must hold (000 §4); no conditions means the rule always fires. */
export function conditionsHold(subject: unknown, conditions: readonly Condition[]): boolean {
  return conditions.every((condition) => evaluateCondition(subject, condition));
}
