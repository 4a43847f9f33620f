// Agreement of the offline engine's call classification and tags with the batches of calls in
// activities/llm/adapters/offline/classifier-heldout.fixtures.ts, played through the post-call steps as the
// workflow runs them. Prints per-type agreement, the misses and tag recall. Each batch was held out when
// first measured (its doc comment keeps that figure) and read afterwards to widen the lexicon, so today's
// figures on them are no longer held-out figures: write a new batch for that.
// Usage: npx tsx scripts/offline-classifier-agreement.ts
import { InteractionInputSchema, type CallType } from '../domain/interaction/interaction.schema';
import {
  EIGHTH_BATCH_CALLS,
  FIFTH_BATCH_CALLS,
  FIRST_BATCH_CALLS,
  FOURTH_BATCH_CALLS,
  NINTH_BATCH_CALLS,
  SECOND_BATCH_CALLS,
  SEVENTH_BATCH_CALLS,
  SIXTH_BATCH_CALLS,
  TENTH_BATCH_CALLS,
  THIRD_BATCH_CALLS,
  type HeldOutCall,
} from '../activities/llm/adapters/offline/classifier-heldout.fixtures';
import { CALL_STATUS_FOR_CALL_TYPE, type InteractionInput } from '../domain/interaction/interaction.schema';
import { factTags, mergeTags, tagTasksFor } from '../domain/interaction/post-call-rules';
import { OfflineLanguageEngine } from '../activities/llm/adapters/offline/offline.engine';
import { AI_TASKS } from '../activities/llm/ai-tasks/registry';
import { runAiTask } from '../activities/llm/ai-tasks/run-ai-task';

const engine = new OfflineLanguageEngine();

// eslint-disable-next-line @typescript-eslint/no-explicit-any
const run = async (task: keyof typeof AI_TASKS, input: unknown): Promise<Record<string, any>> => {
  // eslint-disable-next-line @typescript-eslint/no-explicit-any
  const result = await runAiTask(engine, AI_TASKS[task] as any, input as any);
  if (!result.ok) throw new Error(`${task}: ${JSON.stringify(result.error)}`);
  return result.output as Record<string, unknown>;
};

/** The post-call pipeline's classify, reclassify, voicemail and tag steps, as the workflow runs them. */
async function analyse(input: InteractionInput): Promise<{ type: CallType; reason: string; tags: string[] }> {
  const classified = await run('classify_interaction', input);
  let type = classified.call_type as CallType;
  if (type === 'Unbooked' && (await run('reclassify_unbooked_to_excused', input)).reclassified_to_excused) type = 'Excused';
  let status = CALL_STATUS_FOR_CALL_TYPE[type];
  if ((await run('reached_voicemail', input)).reached_voicemail && input.direction === 'outbound') status = 'VOICEMAIL';
  const outputs = [];
  for (const t of tagTasksFor(status, input.direction, input.source)) outputs.push({ names: t.names, output: await run(t.task, input) });
  const merged = mergeTags(factTags({ facts: input.facts, direction: input.direction, timezone: input.org.timezone }, status), outputs);
  return { type, reason: String(classified.call_type_reason), tags: merged.tags };
}

async function report(name: string, calls: readonly HeldOutCall[]) {
  console.log(`\n== ${name} (${calls.length} calls)`);
  const rows = [];
  for (const [i, call] of calls.entries()) {
    const input = InteractionInputSchema.parse({
      direction: call.direction ?? 'inbound',
      agentType: call.direction === 'outbound' ? 'SALES_AGENT' : 'RECEPTIONIST',
      org: { name: 'Acme', timezone: 'America/Chicago' },
      transcript: call.lines.map((l, n) => ({
        role: l.startsWith('A:') ? 'agent' : 'customer',
        message: l.slice(2).trim(),
        timestamp: `00:${String(n * 5).padStart(2, '0')}`,
        seconds: n * 5,
      })),
      facts: {
        actions: (call.actions ?? []).map((a, k) => ({ id: `a${k}`, payload: {}, ...a })),
        endedReason: call.endedReason ?? null,
      },
    });
    const got = await analyse(input);
    rows.push({ i, call, got: got.type, reason: got.reason, tags: got.tags });
  }

  const types = [...new Set(rows.map((r) => r.call.type))];
  let agree = 0;
  for (const t of types) {
    const of = rows.filter((r) => r.call.type === t);
    const ok = of.filter((r) => r.got === t).length;
    agree += ok;
    console.log(`${t.padEnd(10)} ${ok}/${of.length}`);
  }
  console.log(`type agreement: ${agree}/${rows.length} = ${((100 * agree) / rows.length).toFixed(1)}%`);
  let expected = 0;
  let found = 0;
  for (const r of rows) {
    for (const tag of r.call.tags ?? []) {
      expected += 1;
      if (r.tags.includes(tag)) found += 1;
      else console.log(`  missing tag ${tag} on #${r.i} (${r.call.lines[0]}) got [${r.tags.join(', ')}]`);
    }
  }
  console.log(`tag recall: ${found}/${expected} = ${((100 * found) / Math.max(1, expected)).toFixed(1)}%`);
  // The listed tags are the ones a reader would insist on; others may be right too, so these are shown, not scored.
  const extra = rows.flatMap((r) => r.tags.filter((t) => !(r.call.tags ?? []).includes(t)).map((t) => `${t} on #${r.i}`));
  console.log(`tags beyond the listed ones (${extra.length}): ${extra.join(', ')}`);
  for (const r of rows.filter((x) => x.got !== x.call.type)) {
    console.log(`MISS #${r.i} want ${r.call.type} got ${r.got}: ${r.call.lines.join(' | ')}\n    reason: ${r.reason}`);
  }
}

async function main() {
  await report('first batch (read while widening the lexicon)', FIRST_BATCH_CALLS);
  await report('second batch (read while widening the lexicon)', SECOND_BATCH_CALLS);
  await report('third batch (held out when first measured)', THIRD_BATCH_CALLS);
  await report('fourth batch (held out when first measured)', FOURTH_BATCH_CALLS);
  await report('fifth batch (held out when first measured)', FIFTH_BATCH_CALLS);
  await report('sixth batch (held out when first measured)', SIXTH_BATCH_CALLS);
  await report('seventh batch (held out when first measured)', SEVENTH_BATCH_CALLS);
  await report('eighth batch (held out when first measured)', EIGHTH_BATCH_CALLS);
  await report('ninth batch (held out when first measured)', NINTH_BATCH_CALLS);
  await report('tenth batch (held out when first measured)', TENTH_BATCH_CALLS);
}

void main();
