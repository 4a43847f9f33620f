import { join } from 'node:path';
import { createLanguageEngine } from '../../activities/llm/create-language-engine';
import { CALL_TYPES } from '../../domain/interaction/interaction.schema';
import { useWorkflowTestEnvironment } from '../../tests/support/workflow-environment';
import { buildCallEvalReport, UNCLASSIFIED } from './call-eval-report';
import { loadEvalSet } from './eval-call.schema';
import { playCalls } from './play-calls';

const suite = useWorkflowTestEnvironment();

// Two calls of each type from the set, one of them with no speech at all: the figures are not the point
// here (the engine's work is), the harness and the report's arithmetic are.
const all = loadEvalSet(join(__dirname, 'calls'));
const sample = CALL_TYPES.flatMap((type) => all.filter((c) => c.expected.callType === type).slice(0, 2));
const silent = all.find((c) => c.transcript.length === 0);
if (silent && !sample.includes(silent)) sample.push(silent);

test('a sample of the set plays through the interaction workflow, and the report adds up', async () => {
  const seen: string[] = [];
  const outcomes = await playCalls(sample, {
    env: suite.env,
    workflowBundle: suite.workflowBundle,
    engine: createLanguageEngine({ adapter: 'offline' }),
    concurrency: 4,
    onOutcome: (o) => seen.push(o.id),
  });

  // Every call ran the pipeline to its classification, with no failed step, in the order given.
  expect(outcomes.map((o) => o.id)).toEqual(sample.map((c) => c.id));
  expect(seen.sort()).toEqual(sample.map((c) => c.id).sort());
  for (const o of outcomes) expect({ id: o.id, errors: o.errors, classified: o.callType !== null }).toEqual({ id: o.id, errors: [], classified: true });
  // The CRM actions reached the pipeline as facts: a COMPLETED booking is BOOKED (spec 000 §4), and only then.
  for (const o of outcomes) expect({ id: o.id, booked: o.callType === 'Booked' }).toEqual({ id: o.id, booked: o.expected.callType === 'Booked' });

  const report = buildCallEvalReport(outcomes);
  expect(report.calls).toBe(sample.length);
  let diagonal = 0;
  for (const type of CALL_TYPES) {
    const row = report.confusion[type];
    const rowSum = Object.values(row).reduce((s, n) => s + n, 0);
    expect(rowSum).toBe(sample.filter((c) => c.expected.callType === type).length);
    const column = CALL_TYPES.reduce((s, t) => s + report.confusion[t][type], 0);
    expect(column).toBe(outcomes.filter((o) => o.callType === type).length);
    expect(report.perClass[type].agreement).toBeCloseTo(row[type] / rowSum);
    diagonal += row[type];
  }
  expect(CALL_TYPES.reduce((s, t) => s + report.confusion[t][UNCLASSIFIED], 0)).toBe(0);
  expect(report.typeAgreement).toBeCloseTo(diagonal / sample.length);
  expect(report.misclassified).toHaveLength(sample.length - diagonal);

  // Tag recall and precision, counted again from the outcomes.
  const expectedTags = outcomes.flatMap((o) => o.expected.tags.map((t) => `${o.id}:${t}`));
  const foundTags = outcomes.flatMap((o) => o.tags.map((t) => `${o.id}:${t}`));
  const hits = expectedTags.filter((t) => foundTags.includes(t)).length;
  expect(report.tags.overall).toMatchObject({ truePositives: hits, falseNegatives: expectedTags.length - hits, falsePositives: foundTags.length - hits });
  expect(report.tags.overall.recall).toBeCloseTo(hits / expectedTags.length);
  const perTagHits = Object.values(report.tags.perTag).reduce((s, f) => s + f.truePositives, 0);
  expect(perTagHits).toBe(hits);
}, 240_000);
