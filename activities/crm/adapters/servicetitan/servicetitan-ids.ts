import { CrmError } from '../../crm.port';

/** ServiceTitan ids are numbers; the port's are strings. */
export const str = (id: number | null | undefined) => (id === null || id === undefined ? null : String(id));

export function numericId(id: string, what: string): number {
  const n = Number(id);
  if (!Number.isSafeInteger(n) || n <= 0) throw new CrmError('INVALID_REQUEST', `${what} id must be a ServiceTitan number, got "${id}"`);
  return n;
}
