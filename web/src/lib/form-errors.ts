import { set, type FieldErrors, type FieldPath, type FieldValues, type Resolver, type UseFormSetError } from 'react-hook-form';
import type { z } from 'zod';
import { ApiError } from './api-client';

/** A request field's path (`crm_config.clientId`) as the form names it, when the form is shaped otherwise. */
export type ToFieldPath = (requestPath: string) => string;

const samePath: ToFieldPath = (path) => path;

/**
 * Marks the fields a 400 from the API names by path (its request validation's `issues`), with the API's
 * message. Answers the message to show above the form for anything not tied to one of `fields`, or null.
 */
export function applyApiErrors<T extends FieldValues>(
  error: unknown,
  setError: UseFormSetError<T>,
  fields: readonly FieldPath<T>[],
  toField: ToFieldPath = samePath,
): string | null {
  if (!(error instanceof ApiError)) return 'Something went wrong. Please try again.';
  if (error.issues.length === 0) return error.message;
  const known = new Set<string>(fields);
  const unplaced = new Set<string>();
  for (const issue of error.issues) {
    // A form's field can be a group (`address`) whose parts the API checks one by one (`address.zip`).
    const field = fieldFor(toField(issue.path), known);
    if (field) setError(field as FieldPath<T>, { type: 'server', message: issue.message }, { shouldFocus: false });
    else unplaced.add(issue.message);
  }
  return unplaced.size > 0 ? [...unplaced].join('; ') : null;
}

/**
 * A react-hook-form resolver that checks the request a form would send against the API's own request schema
 * (from domain/contracts), so a field shows the message the API would answer. `bodyOf` builds the request from
 * the form's values; each issue marks the field its path names (the first issue per field wins), and one no
 * field holds is put on `root` for the page to show above the form.
 */
export function requestResolver<T extends FieldValues>(
  schema: z.ZodType,
  bodyOf: (values: T) => unknown,
  fields: readonly FieldPath<T>[],
  toField: ToFieldPath = samePath,
): Resolver<T> {
  const known = new Set<string>(fields);
  return (values) => {
    const result = schema.safeParse(bodyOf(values));
    if (result.success) return { values, errors: {} };
    const errors: FieldErrors<T> = {};
    const unplaced = new Set<string>();
    for (const issue of result.error.issues) {
      const field = fieldFor(toField(issue.path.map(String).join('.')), known);
      if (!field) unplaced.add(issue.message);
      else if (!hasError(errors, field)) set(errors, field, { type: issue.code, message: issue.message });
    }
    if (unplaced.size > 0) set(errors, 'root', { type: 'request', message: [...unplaced].join('; ') });
    return { values: {}, errors };
  };
}

function hasError(errors: object, field: string): boolean {
  let node: unknown = errors;
  for (const part of field.split('.')) node = node && typeof node === 'object' ? (node as Record<string, unknown>)[part] : undefined;
  return node !== undefined;
}

function fieldFor(path: string, known: ReadonlySet<string>): string | null {
  const parts = path.split('.');
  for (let length = parts.length; length > 0; length -= 1) {
    const candidate = parts.slice(0, length).join('.');
    if (known.has(candidate)) return candidate;
  }
  return null;
}
