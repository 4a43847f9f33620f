import { z } from 'zod';

const SAFE_INT_BOUNDS = new Set([Number.MAX_SAFE_INTEGER, Number.MIN_SAFE_INTEGER]);

/**
 * The JSON schema of a task output in the form strict structured output accepts: every object closed
 * (`additionalProperties: false`) and every property required; optional values are `null` unions.
 * Throws when a schema cannot be made strict, so a bad task definition fails at start-up.
 */
export function toStrictJsonSchema(schema: z.ZodType): Record<string, unknown> {
  const json = z.toJSONSchema(schema, { io: 'output', unrepresentable: 'throw' }) as Record<string, unknown>;
  delete json.$schema;
  return tidy(json, '') as Record<string, unknown>;
}

function tidy(node: unknown, path: string): unknown {
  if (Array.isArray(node)) return node.map((item, i) => tidy(item, `${path}[${i}]`));
  if (!node || typeof node !== 'object') return node;
  const out: Record<string, unknown> = {};
  for (const [key, value] of Object.entries(node)) {
    if (key === 'default') continue;
    if ((key === 'minimum' || key === 'maximum') && SAFE_INT_BOUNDS.has(value as number)) continue;
    out[key] = key === 'properties' ? tidyProperties(value as Record<string, unknown>, path) : tidy(value, `${path}/${key}`);
  }
  if (out.type === 'object') {
    const keys = Object.keys((out.properties as Record<string, unknown>) ?? {});
    const required = new Set((out.required as string[]) ?? []);
    const missing = keys.filter((k) => !required.has(k));
    if (missing.length > 0) throw new Error(`Strict schema at ${path || '/'}: properties ${missing.join(', ')} must be required (use nullable)`);
    if (out.additionalProperties !== false) throw new Error(`Strict schema at ${path || '/'}: objects must be closed`);
  }
  return out;
}

function tidyProperties(properties: Record<string, unknown>, path: string): Record<string, unknown> {
  return Object.fromEntries(Object.entries(properties).map(([k, v]) => [k, tidy(v, `${path}/${k}`)]));
}
