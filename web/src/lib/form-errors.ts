import type { FieldPath, FieldValues, UseFormSetError } from 'react-hook-form';
import { ApiError } from './api-client';

/**
 * Marks the fields a 400 from the API names by path (its request validation's `issues`), with the API's
 * message. Answers the message to show above the form for anything not tied to one of `fields`, or null.
 */
export function applyApiErrors<T extends FieldValues>(error: unknown, setError: UseFormSetError<T>, fields: readonly FieldPath<T>[]): string | null {
  if (!(error instanceof ApiError)) return 'Something went wrong. Please try again.';
  if (error.issues.length === 0) return error.message;
  const known = new Set<string>(fields);
  const unplaced = new Set<string>();
  for (const issue of error.issues) {
    // A form's field can be a group (`address`) whose parts the API checks one by one (`address.zip`).
    const field = fieldFor(issue.path, known);
    if (field) setError(field as FieldPath<T>, { type: 'server', message: issue.message }, { shouldFocus: false });
    else unplaced.add(issue.message);
  }
  return unplaced.size > 0 ? [...unplaced].join('; ') : null;
}

function fieldFor(path: string, known: ReadonlySet<string>): string | null {
  const parts = path.split('.');
  for (let length = parts.length; length > 0; length -= 1) {
    const candidate = parts.slice(0, length).join('.');
    if (known.has(candidate)) return candidate;
  }
  return null;
}
