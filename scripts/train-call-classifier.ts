import { writeFileSync } from 'node:fs';
import { resolve } from 'node:path';
import { parseArgs } from 'node:util';
import { FEATURE_GROUPS, type FeatureGroup } from '../activities/llm/adapters/offline/call-type-features';
import { DEFAULT_TRAINING, exampleOf, TRAINING_SETS, trainModel } from './eval/call-model';
import { loadEvalSet } from './eval/eval-call.schema';

// `npm run train:call-model`: trains the offline engine's call-type model (issue 11 point 7) on every labelled call
// of the TRAINING_SETS (scripts/eval/calls, dev, holdout, holdout2, 3, 4 and 7–30), deterministically (batch gradient descent from zero weights, calls in
// file order), and writes the weights the engine loads. `npm run eval:model` says how well it does on calls it did
// not see. Never train on a held-out set.

const OUT = resolve(__dirname, '../activities/llm/adapters/offline/call-type-model.weights.json');

function main(): void {
  const { values } = parseArgs({ options: { features: { type: 'string', default: 'cues+rules+words' }, out: { type: 'string', default: OUT } } });
  const group = values.features as FeatureGroup;
  if (!FEATURE_GROUPS.includes(group)) throw new Error(`--features is ${FEATURE_GROUPS.join(', ')}, not ${group}`);
  const examples = TRAINING_SETS.flatMap((set) => loadEvalSet(resolve(__dirname, 'eval', set)).map((call) => exampleOf(call, set, group)));
  const model = trainModel(examples, group, DEFAULT_TRAINING);
  // One line per feature (its weight for each class, in `classes` order), so a diff of the weights reads.
  const weights = Object.entries(model.weights).map(([name, w]) => `    ${JSON.stringify(name)}: ${JSON.stringify(w).replace(/,/g, ', ')}`);
  const head = [
    `"features": ${JSON.stringify(model.features)}`,
    `"classes": ${JSON.stringify(model.classes).replace(/,/g, ', ')}`,
    `"trainedOn": ${JSON.stringify(model.trainedOn)}`,
  ];
  const text = `{\n${head.map((l) => `  ${l},\n`).join('')}  "weights": {\n${weights.join(',\n')}\n  }\n}\n`;
  writeFileSync(values.out, text);
  console.log(`trained on ${examples.length} calls (${Object.keys(model.weights).length} features, ${group}; ${model.trainedOn}); wrote ${values.out}`);
}

main();
