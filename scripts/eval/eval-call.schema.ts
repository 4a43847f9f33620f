import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { z } from 'zod';
import { CallEndedReasonSchema, VoiceAgentProviderSchema } from '../../domain/call/call-record.schema';
import {
  ActionStatusSchema,
  ActionTypeSchema,
  AgentTypeSchema,
  CallStatusSchema,
  CallTypeSchema,
  InteractionTagSchema,
} from '../../domain/interaction/interaction.schema';
import { TimezoneSchema, TradeSchema } from '../../domain/organization/organization-settings.schema';

// One labelled call of the evaluation set (`npm run eval:calls`): what a voice platform and the CRM tools
// tell the pipeline about the call, and what a reader of spec 000 §4 expects the pipeline to conclude.

const MMSS = /^\d+:[0-5]\d$/;

/** Spec 000 §3 "Transcript line" as a provider writes it: a timestamp "mm:ss" and a message "role: text". */
export const EvalLineSchema = z.tuple([z.string().regex(MMSS, 'Must be mm:ss format'), z.string().min(1)]);

export const EvalOrgSchema = z.object({
  name: z.string().min(1),
  timezone: TimezoneSchema.default('America/Chicago'),
  trades: z.array(TradeSchema).default([]),
});
export type EvalOrg = z.infer<typeof EvalOrgSchema>;

/** A CRM action an agent tool started during the call (spec 000 §3 "Action payloads", §4 action_status). */
export const EvalActionSchema = z.object({
  type: ActionTypeSchema,
  status: ActionStatusSchema,
  payload: z.record(z.string(), z.unknown()).default({}),
});

export const EvalCallSchema = z.object({
  id: z.string().min(1),
  direction: z.enum(['inbound', 'outbound']),
  agentType: AgentTypeSchema,
  /** ISO 639-1 code of the language the customer speaks. */
  language: z.string().min(2).default('en'),
  /** A key of the set's orgs.json, or the organization itself; the set's first org when absent. */
  org: z.union([z.string(), EvalOrgSchema]).optional(),
  provider: VoiceAgentProviderSchema.default('retell'),
  startedAt: z.iso.datetime({ offset: true }),
  durationSeconds: z.number().nonnegative(),
  endedReason: CallEndedReasonSchema,
  customerPhone: z.string().optional(),
  transcript: z.array(EvalLineSchema),
  actions: z.array(EvalActionSchema).default([]),
  expected: z.object({
    callType: CallTypeSchema,
    callStatus: CallStatusSchema,
    tags: z.array(InteractionTagSchema),
  }),
  /** Why the label is what it is, where a reader might hesitate. */
  note: z.string().optional(),
});
export type EvalCall = z.infer<typeof EvalCallSchema>;

export const EvalFileSchema = z.object({ category: z.string().min(1), calls: z.array(EvalCallSchema) });

export interface LoadedCall extends Omit<EvalCall, 'org'> {
  org: EvalOrg;
  /** The file the call came from, relative to the set. */
  file: string;
}

const DEFAULT_ORG: EvalOrg = { name: 'Evaluation Home Services', timezone: 'America/Chicago', trades: ['HVAC', 'Plumbing', 'Electrical'] };

/**
 * Every `*.json` file of `dir` except `orgs.json` holds `{category, calls[]}`; `orgs.json`, when present,
 * maps org keys to organizations. Ids must be unique across the set.
 */
export function loadEvalSet(dir: string): LoadedCall[] {
  const files = readdirSync(dir)
    .filter((f) => f.endsWith('.json'))
    .sort();
  const orgs: Record<string, EvalOrg> = files.includes('orgs.json')
    ? z.record(z.string(), EvalOrgSchema).parse(JSON.parse(readFileSync(join(dir, 'orgs.json'), 'utf8')))
    : {};
  const fallback = Object.values(orgs)[0] ?? DEFAULT_ORG;
  const calls: LoadedCall[] = [];
  const seen = new Set<string>();
  for (const file of files.filter((f) => f !== 'orgs.json')) {
    const parsed = EvalFileSchema.safeParse(JSON.parse(readFileSync(join(dir, file), 'utf8')));
    if (!parsed.success) throw new Error(`${file}: ${z.prettifyError(parsed.error)}`);
    for (const call of parsed.data.calls) {
      if (seen.has(call.id)) throw new Error(`${file}: call id ${call.id} is used twice in the set`);
      seen.add(call.id);
      let org = fallback;
      if (typeof call.org === 'string') {
        const known = orgs[call.org];
        if (!known) throw new Error(`${file}: call ${call.id} names org "${call.org}", which orgs.json does not define`);
        org = known;
      } else if (call.org) {
        org = call.org;
      }
      calls.push({ ...call, org, file });
    }
  }
  return calls;
}
