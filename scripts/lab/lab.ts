// One-off lab (not committed): leave-one-set-out on a subset of writer sets for feature/hyperparameter variants.
import { resolve } from 'node:path';
import { parseArgs } from 'node:util';
import { loadavg } from 'node:os';
import { callFeatures, type FeatureGroup } from '../../activities/llm/adapters/offline/call-type-features';
import { CONJUNCTION_FAMILIES, conjunctionFeatures, type ConjunctionFamily } from '../../activities/llm/adapters/offline/call-type-conjunctions';
import { predictCallType } from '../../activities/llm/adapters/offline/call-type-model';
import { CallAnalysis } from '../../activities/llm/adapters/offline/offline-call-analysis';
import { DEFAULT_TRAINING, type Example, interactionInputOf, TRAINING_SETS, trainModel, type TrainOptions } from '../eval/call-model';
import { loadEvalSet } from '../eval/eval-call.schema';

const { values } = parseArgs({
  options: {
    group: { type: 'string', default: 'cues+rules' },
    variants: { type: 'string', default: 'base' },
    sets: { type: 'string', default: 'holdout4,holdout7,holdout10,holdout14,holdout21,holdout27,holdout35,holdout45' },
  },
});
const group = values.group as FeatureGroup;
const testSets = values.sets.split(',');
const t0 = Date.now();
const base: (Example & { conj: Record<ConjunctionFamily, Record<string, number>> })[] = [];
for (const set of TRAINING_SETS) {
  for (const call of loadEvalSet(resolve(__dirname, '..', 'eval', set))) {
    const a = new CallAnalysis(interactionInputOf(call));
    const conj = Object.fromEntries(CONJUNCTION_FAMILIES.map((f) => [f, conjunctionFeatures(a, [f])])) as Record<ConjunctionFamily, Record<string, number>>;
    base.push({
      id: call.id,
      set,
      label: call.expected.callType,
      features: callFeatures(a, group),
      rules: a.rulesCallType.value,
      evidence: a.evidenceCallType?.value ?? null,
      conj,
    });
  }
}
console.log(
  `${base.length} calls read in ${((Date.now() - t0) / 1000).toFixed(0)} s; group ${group}; sets ${testSets.join(',')}; load ${loadavg()[0].toFixed(1)}`,
);

for (const variant of values.variants.split(';')) {
  // variant: "base" | "+fam1+fam2" | "stage2" | "hp:l2=..,l2w=..,min=..,bigrams=1,it=.." , combinable with '|'
  let fams: ConjunctionFamily[] = [];
  let stage2 = false;
  const opts: TrainOptions = { ...DEFAULT_TRAINING, words: { ...DEFAULT_TRAINING.words! } };
  for (const part of variant.split('|')) {
    if (part === 'base') continue;
    if (part === 'stage2') stage2 = true;
    else if (part.startsWith('+')) fams = part.slice(1).split('+') as ConjunctionFamily[];
    else if (part.startsWith('hp:')) {
      for (const kv of part.slice(3).split(',')) {
        const [k, v] = kv.split('=');
        if (k === 'l2') opts.l2 = Number(v);
        if (k === 'l2w') opts.words!.l2 = Number(v);
        if (k === 'min') opts.words!.minSets = Number(v);
        if (k === 'bigrams') opts.words!.bigrams = v === '1';
        if (k === 'it') opts.iterations = Number(v);
        if (k === 'agent') opts.words!.agent = v === '1';
      }
    }
  }
  const examples: Example[] = base.map((e) => ({ ...e, features: Object.assign({}, e.features, ...fams.map((f) => e.conj[f])) }));
  let agreed = 0;
  let total = 0;
  const confusions: Record<string, number> = {};
  const row: string[] = [];
  const t1 = Date.now();
  for (const set of testSets) {
    const train = examples.filter((e) => e.set !== set);
    const test = examples.filter((e) => e.set === set);
    const model = trainModel(train, group, opts);
    const second = stage2
      ? trainModel(
          train.filter((e) => e.label === 'Unbooked' || e.label === 'Excused'),
          group,
          opts,
        )
      : null;
    let ok = 0;
    for (const e of test) {
      let got = e.evidence;
      if (!got) {
        const v = predictCallType(model, e.features);
        got = v.value;
        if (second) {
          const ranked = Object.entries(v.probabilities)
            .sort((x, y) => y[1] - x[1])
            .map(([t]) => t);
          const top2 = new Set(ranked.slice(0, 2));
          if (top2.has('Unbooked') && top2.has('Excused')) got = predictCallType(second, e.features, ['Unbooked', 'Excused']).value;
        }
      }
      if (got === e.label) ok += 1;
      else confusions[`${e.label}→${got}`] = (confusions[`${e.label}→${got}`] ?? 0) + 1;
    }
    agreed += ok;
    total += test.length;
    row.push(`${set} ${((100 * ok) / test.length).toFixed(1)}`);
  }
  const top = Object.entries(confusions)
    .sort((x, y) => y[1] - x[1])
    .slice(0, 6)
    .map(([k, n]) => `${k} ${n}`)
    .join(', ');
  console.log(
    `[${variant}] pooled ${((100 * agreed) / total).toFixed(2)}% (${agreed}/${total}) | ${row.join(' | ')} | ${top} | ${((Date.now() - t1) / 1000).toFixed(0)} s`,
  );
}
