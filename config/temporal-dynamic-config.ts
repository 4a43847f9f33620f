import fs from 'node:fs';
import path from 'node:path';
import { REPO_ROOT } from './repo-root';
import YAML from 'yaml';
import { z } from 'zod';

export const TEMPORAL_DYNAMIC_CONFIG_FILE = path.join(REPO_ROOT, 'temporal-config', 'dynamicconfig.yaml');

// '=' would split the CLI's KEY=JSON argument in the wrong place.
const DynamicConfigKeySchema = z.string().regex(/^[A-Za-z][A-Za-z0-9-]*(\.[A-Za-z0-9_-]+)+$/, 'must be a dotted Temporal key such as limit.maxIDLength');

const DynamicConfigValueSchema = z.union([z.boolean(), z.number(), z.string(), z.array(z.json()), z.record(z.string(), z.json())]);

// The constraint names the server's YAML loader accepts (common/dynamicconfig/yaml_loader.go).
const ConstraintsSchema = z.strictObject({
  namespace: z.string().min(1).optional(),
  namespaceID: z.string().min(1).optional(),
  taskQueueName: z.string().min(1).optional(),
  taskType: z.union([z.enum(['Workflow', 'Activity']), z.number().int().positive()]).optional(),
  historyTaskType: z.union([z.string().min(1), z.number().int().positive()]).optional(),
  shardID: z.number().int().nonnegative().optional(),
  destination: z.string().min(1).optional(),
});

const ConstrainedValueSchema = z.strictObject({
  value: DynamicConfigValueSchema,
  constraints: ConstraintsSchema.nullish().transform((c) => c ?? {}),
});

export const TemporalDynamicConfigSchema = z.record(
  DynamicConfigKeySchema,
  z
    .array(ConstrainedValueSchema)
    .min(1, 'must list at least one {value, constraints} entry')
    .refine((entries) => entries.filter((e) => isUnconstrained(e.constraints)).length <= 1, 'has more than one entry with empty constraints'),
);

export type TemporalDynamicConfig = z.infer<typeof TemporalDynamicConfigSchema>;
export type DynamicConfigConstraints = z.infer<typeof ConstraintsSchema>;

export class TemporalDynamicConfigError extends Error {
  constructor(
    readonly source: string,
    readonly issues: string[],
  ) {
    super(`Invalid Temporal dynamic config ${source}:\n${issues.map((i) => `  - ${i}`).join('\n')}`);
    this.name = 'TemporalDynamicConfigError';
  }
}

/** Parses dynamic config YAML text; `source` names it in errors. */
export function parseTemporalDynamicConfig(text: string, source = '(text)'): TemporalDynamicConfig {
  const doc = YAML.parseDocument(text);
  if (doc.errors.length > 0) {
    throw new TemporalDynamicConfigError(
      source,
      doc.errors.map((e) => e.message),
    );
  }
  const parsed = TemporalDynamicConfigSchema.safeParse(doc.toJS() ?? {});
  if (!parsed.success) {
    throw new TemporalDynamicConfigError(
      source,
      parsed.error.issues.map((issue) => {
        // zod reports a bad record key as "Invalid key in record" and keeps the reason one level down.
        const message = issue.code === 'invalid_key' ? issue.issues.map((i) => i.message).join('; ') : issue.message;
        return `${issue.path.join('.') || '(file)'}: ${message}`;
      }),
    );
  }
  return parsed.data;
}

/** Reads and validates temporal-config/dynamicconfig.yaml (or `file`). */
export function loadTemporalDynamicConfig(file: string = TEMPORAL_DYNAMIC_CONFIG_FILE): TemporalDynamicConfig {
  let text: string;
  try {
    text = fs.readFileSync(file, 'utf8');
  } catch (err) {
    throw new TemporalDynamicConfigError(file, [(err as Error).message]);
  }
  return parseTemporalDynamicConfig(text, file);
}

/**
 * CLI arguments for `temporal server start-dev`: `--dynamic-config-value KEY=JSON` per key, in file order.
 *
 * The flag sets a key for the whole server and has no way to express constraints, so only the entry
 * with empty constraints is passed; constrained entries apply only where the file itself is loaded.
 * The CLI decodes the JSON and turns integral numbers into ints, which the server's int settings need.
 */
export function toDevServerFlags(config: TemporalDynamicConfig): string[] {
  const flags: string[] = [];
  for (const [key, entries] of Object.entries(config)) {
    const global = entries.find((e) => isUnconstrained(e.constraints));
    if (global) flags.push('--dynamic-config-value', `${key}=${JSON.stringify(global.value)}`);
  }
  return flags;
}

function isUnconstrained(constraints: DynamicConfigConstraints): boolean {
  return Object.values(constraints).every((v) => v === undefined);
}
