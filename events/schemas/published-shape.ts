import { z } from 'zod';

/**
 * What the freeze test pins of a published version: its JSON Schema as parsed (input) and as produced
 * (output), so fields, enums, formats, bounds and defaults are all compared.
 */
export function publishedShape(schema: z.ZodType): { input: unknown; output: unknown } {
  return { input: z.toJSONSchema(schema, { io: 'input' }), output: z.toJSONSchema(schema, { io: 'output' }) };
}

/** Fixture file name of one published version. */
export const publishedFileName = (type: string, version: number) => `${type}.v${version}.json`;

/**
 * Paths inside a schema where it refines or transforms its data. JSON Schema cannot show these, so a
 * published schema must have none: else an edit to a live domain rule would change the event unseen.
 * Normalizing checks (trim) are let through: data that passed the domain schema is already normalized.
 */
export function unpinnedChecksIn(schema: z.ZodType): string[] {
  const found: string[] = [];
  const visit = (node: z.ZodType, path: string, seen: Set<unknown>) => {
    if (seen.has(node)) return;
    const inner = new Set(seen).add(node);
    const def = node._zod.def as unknown as Record<string, unknown> & { type: string; checks?: { _zod: { def: { check: string } } }[] };
    for (const check of def.checks ?? []) {
      if (check._zod.def.check === 'custom') found.push(`${path} (${check._zod.def.check})`);
    }
    if (['transform', 'pipe', 'custom', 'lazy', 'promise'].includes(def.type)) found.push(`${path} (${def.type})`);
    if (def.type === 'object') {
      for (const [key, child] of Object.entries(def.shape as Record<string, z.ZodType>)) visit(child, `${path}.${key}`, inner);
    }
    for (const key of ['innerType', 'element', 'keyType', 'valueType', 'rest', 'left', 'right']) {
      if (def[key]) visit(def[key] as z.ZodType, `${path}.${key}`, inner);
    }
    for (const key of ['options', 'items']) {
      ((def[key] as z.ZodType[] | undefined) ?? []).forEach((child, i) => visit(child, `${path}.${key}[${i}]`, inner));
    }
  };
  visit(schema, '$', new Set());
  return found;
}
