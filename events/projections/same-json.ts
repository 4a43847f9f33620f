import { canonicalJson } from '../../domain/shared/canonical-json';

// Read models store settings as jsonb, which does not keep key order: compare with keys sorted.
export const sameJson = (a: unknown, b: unknown): boolean => canonicalJson(a) === canonicalJson(b);
