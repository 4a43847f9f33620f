import { resolve } from 'node:path';
import { parseArgs } from 'node:util';
import { loadavg } from 'node:os';
import type { FeatureGroup } from '../activities/llm/adapters/offline/call-type-features';
import { CALL_TYPES, type CallType } from '../domain/interaction/interaction.schema';
import { type Agreement, agreement, DEFAULT_TRAINING, type Example, exampleOf, kFolds, modelType, TRAINING_SETS, trainModel } from './eval/call-model';
import { loadEvalSet } from './eval/eval-call.schema';

// `npm run eval:model [-- --l2 <x>] [--iterations <n>] [--misses]`: the honest estimate of the call-type model (issue 11
// point 7) before the engine uses it. Leave-one-set-out (train on all but one of the
// TRAINING_SETS, scripts/eval/calls, dev, holdout, holdout2–4 and holdout7–10, test on that one) and 5-fold over all of them with a fixed shuffle, each fold printed beside the rule engine's type on
// the same calls; --misses lists each fold's misses for both feature groups. The rules were tuned on calls, dev and holdout, so their figures here are a fit, not a held-out figure.

const SETS = TRAINING_SETS;
const GROUPS: FeatureGroup[] = ['cues', 'cues+rules'];

function pct(a: { agreed: number; total: number }): string {
  return a.total === 0 ? '  -  ' : `${((100 * a.agreed) / a.total).toFixed(1)}%`;
}

function perClass(a: Agreement): string {
  return CALL_TYPES.map((t) => `${t} ${pct(a.perClass[t])}`).join(', ');
}

function confusion(a: Agreement): string {
  const head = `${'expected \\ got'.padEnd(16)}${CALL_TYPES.map((t) => t.padStart(10)).join('')}`;
  const rows = CALL_TYPES.map((e) => `${e.padEnd(16)}${CALL_TYPES.map((g) => String(a.confusion[e][g]).padStart(10)).join('')}`);
  return [head, ...rows].join('\n');
}

function main(): void {
  const { values } = parseArgs({
    options: {
      l2: { type: 'string', default: String(DEFAULT_TRAINING.l2) },
      iterations: { type: 'string', default: String(DEFAULT_TRAINING.iterations) },
      misses: { type: 'boolean', default: false },
    },
  });
  const options = { ...DEFAULT_TRAINING, l2: Number(values.l2), iterations: Number(values.iterations) };
  const cpu = process.cpuUsage();
  const calls = SETS.map((set) => ({ set, calls: loadEvalSet(resolve(__dirname, 'eval', set)) }));
  const examples: Record<FeatureGroup, Example[]> = {
    cues: calls.flatMap(({ set, calls: c }) => c.map((call) => exampleOf(call, set, 'cues'))),
    'cues+rules': calls.flatMap(({ set, calls: c }) => c.map((call) => exampleOf(call, set, 'cues+rules'))),
  };
  console.log(
    `${examples.cues.length} calls; l2 ${options.l2}, ${options.iterations} iterations; load average ${loadavg()
      .map((l) => l.toFixed(2))
      .join(' ')}`,
  );

  const folds: { name: string; test: (e: Example) => boolean }[] = [
    ...SETS.map((set) => ({ name: `test ${set}, train the others`, test: (e: Example) => e.set === set })),
  ];
  const shuffled = kFolds(
    examples.cues.map((e) => e.id),
    5,
  );
  shuffled.forEach((ids, i) => {
    const inFold = new Set(ids);
    folds.push({ name: `5-fold, fold ${i + 1}`, test: (e) => inFold.has(e.id) });
  });

  const pooled: Record<string, { expected: CallType; got: CallType }[]> = { rules: [], evidenceOnly: [], ...Object.fromEntries(GROUPS.map((g) => [g, []])) };
  const misses: string[] = [];
  console.log(`\n${'fold'.padEnd(36)}${'calls'.padStart(6)}${'rules'.padStart(9)}${GROUPS.map((g) => `model(${g})`.padStart(20)).join('')}`);
  for (const fold of folds) {
    const row: string[] = [];
    let rulesPairs: { expected: CallType; got: CallType }[] = [];
    for (const group of GROUPS) {
      const train = examples[group].filter((e) => !fold.test(e));
      const test = examples[group].filter(fold.test);
      const model = trainModel(train, group, options);
      const pairs = test.map((e) => ({ expected: e.label, got: modelType(model, e) }));
      if (fold.name.startsWith('5-fold')) pooled[group].push(...pairs);
      if (values.misses)
        test.forEach(
          (e, i) => pairs[i].got !== e.label && misses.push(`${fold.name} model(${group}) ${e.set}/${e.id}: ${e.label} → ${pairs[i].got} (rules ${e.rules})`),
        );
      row.push(pct(agreement(pairs)).padStart(20));
      rulesPairs = test.map((e) => ({ expected: e.label, got: e.rules }));
    }
    if (fold.name.startsWith('5-fold')) pooled.rules.push(...rulesPairs);
    console.log(`${fold.name.padEnd(36)}${String(rulesPairs.length).padStart(6)}${pct(agreement(rulesPairs)).padStart(9)}${row.join('')}`);
  }
  for (const [name, pairs] of Object.entries(pooled)) {
    if (pairs.length === 0) continue;
    const a = agreement(pairs);
    console.log(`\n5-fold pooled, ${name === 'rules' ? 'rules' : `model(${name})`}: ${pct(a)} (${perClass(a)})\n${confusion(a)}`);
  }
  if (values.misses) console.log(`\nmisses, by fold and feature group:\n${misses.join('\n')}`);
  const used = process.cpuUsage(cpu);
  console.log(
    `\nCPU ${((used.user + used.system) / 1e6).toFixed(1)} s; load average ${loadavg()
      .map((l) => l.toFixed(2))
      .join(' ')}`,
  );
}

main();
