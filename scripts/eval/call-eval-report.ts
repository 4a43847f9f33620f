import { CALL_TYPES, type CallType } from '../../domain/interaction/interaction.schema';

/** What the pipeline concluded about one call, read from the events it published. */
export interface CallOutcome {
  id: string;
  expected: { callType: CallType; callStatus: string; tags: string[] };
  /** Null when the pipeline published no classification (an AI step failed, or the run did). */
  callType: CallType | null;
  callStatus: string | null;
  tags: string[];
  /** The classification's reason, and the second look's when it moved the call. */
  reason: string;
  /** call_error records and run failures. */
  errors: string[];
}

/** The column of calls the pipeline left unclassified. */
export const UNCLASSIFIED = 'none' as const;
type Column = CallType | typeof UNCLASSIFIED;

export interface ClassFigures {
  expected: number;
  predicted: number;
  correct: number;
  /** correct / expected: the share of this class's calls the pipeline agreed with. */
  agreement: number | null;
  /** correct / predicted. */
  precision: number | null;
}

export interface TagFigures {
  truePositives: number;
  falsePositives: number;
  falseNegatives: number;
  recall: number | null;
  precision: number | null;
}

export interface CallEvalReport {
  calls: number;
  typeAgreement: number | null;
  statusAgreement: number | null;
  perClass: Record<CallType, ClassFigures>;
  /** confusion[expected][predicted]: each row sums to the calls expected in that class. */
  confusion: Record<CallType, Record<Column, number>>;
  tags: { overall: TagFigures; perTag: Record<string, TagFigures> };
  misclassified: { id: string; expected: CallType; got: CallType | null; reason: string; errors: string[] }[];
  statusMismatches: { id: string; expected: string; got: string | null }[];
  /** Calls whose tags differ from the expected ones: what was missed and what was extra. */
  tagMisses: { id: string; missing: string[]; extra: string[] }[];
}

const ratio = (num: number, den: number): number | null => (den === 0 ? null : num / den);

function tagFigures(tp: number, fp: number, fn: number): TagFigures {
  return { truePositives: tp, falsePositives: fp, falseNegatives: fn, recall: ratio(tp, tp + fn), precision: ratio(tp, tp + fp) };
}

export function buildCallEvalReport(outcomes: readonly CallOutcome[]): CallEvalReport {
  const columns: Column[] = [...CALL_TYPES, UNCLASSIFIED];
  const confusion = Object.fromEntries(CALL_TYPES.map((t) => [t, Object.fromEntries(columns.map((c) => [c, 0]))])) as CallEvalReport['confusion'];
  const counts: Record<string, { tp: number; fp: number; fn: number }> = {};
  const count = (tag: string) => (counts[tag] ??= { tp: 0, fp: 0, fn: 0 });
  const misclassified: CallEvalReport['misclassified'] = [];
  const statusMismatches: CallEvalReport['statusMismatches'] = [];
  const tagMisses: CallEvalReport['tagMisses'] = [];
  let typeCorrect = 0;
  let statusCorrect = 0;

  for (const o of outcomes) {
    confusion[o.expected.callType][o.callType ?? UNCLASSIFIED] += 1;
    if (o.callType === o.expected.callType) typeCorrect += 1;
    else misclassified.push({ id: o.id, expected: o.expected.callType, got: o.callType, reason: o.reason, errors: o.errors });
    if (o.callStatus === o.expected.callStatus) statusCorrect += 1;
    else statusMismatches.push({ id: o.id, expected: o.expected.callStatus, got: o.callStatus });

    const expected = new Set(o.expected.tags);
    const got = new Set(o.tags);
    for (const tag of expected) count(tag)[got.has(tag) ? 'tp' : 'fn'] += 1;
    for (const tag of got) if (!expected.has(tag)) count(tag).fp += 1;
    const missing = [...expected].filter((t) => !got.has(t));
    const extra = [...got].filter((t) => !expected.has(t));
    if (missing.length > 0 || extra.length > 0) tagMisses.push({ id: o.id, missing, extra });
  }

  const perClass = Object.fromEntries(
    CALL_TYPES.map((t) => {
      const expected = columns.reduce((sum, c) => sum + confusion[t][c], 0);
      const predicted = CALL_TYPES.reduce((sum, row) => sum + confusion[row][t], 0);
      const correct = confusion[t][t];
      return [t, { expected, predicted, correct, agreement: ratio(correct, expected), precision: ratio(correct, predicted) }];
    }),
  ) as Record<CallType, ClassFigures>;

  const perTag = Object.fromEntries(
    Object.keys(counts)
      .sort()
      .map((tag) => [tag, tagFigures(counts[tag].tp, counts[tag].fp, counts[tag].fn)]),
  );
  const sum = (k: 'tp' | 'fp' | 'fn') => Object.values(counts).reduce((s, c) => s + c[k], 0);

  return {
    calls: outcomes.length,
    typeAgreement: ratio(typeCorrect, outcomes.length),
    statusAgreement: ratio(statusCorrect, outcomes.length),
    perClass,
    confusion,
    tags: { overall: tagFigures(sum('tp'), sum('fp'), sum('fn')), perTag },
    misclassified,
    statusMismatches,
    tagMisses,
  };
}

const pct = (v: number | null) => (v === null ? '   –  ' : `${(v * 100).toFixed(1).padStart(5)}%`);

/** The report as the command prints it. */
export function formatCallEvalReport(report: CallEvalReport, targets = { typeAgreement: 0.95, tagRecall: 0.9 }): string {
  const out: string[] = [];
  const columns: Column[] = [...CALL_TYPES, UNCLASSIFIED];
  out.push(`Calls: ${report.calls}`);
  out.push(
    `Type agreement: ${pct(report.typeAgreement)} (target ≥ ${targets.typeAgreement * 100}%)   ` +
      `status agreement: ${pct(report.statusAgreement)}   ` +
      `tag recall: ${pct(report.tags.overall.recall)} (target ≥ ${targets.tagRecall * 100}%)   tag precision: ${pct(report.tags.overall.precision)}`,
  );
  out.push('', 'Per class          calls  predicted  correct  agreement  precision');
  for (const t of CALL_TYPES) {
    const c = report.perClass[t];
    out.push(
      `  ${t.padEnd(16)}${String(c.expected).padStart(6)}${String(c.predicted).padStart(11)}${String(c.correct).padStart(9)}   ${pct(c.agreement)}     ${pct(c.precision)}`,
    );
  }
  out.push('', `Confusion matrix (rows: expected, columns: pipeline)`);
  out.push(`  ${''.padEnd(12)}${columns.map((c) => c.padStart(11)).join('')}`);
  for (const t of CALL_TYPES) out.push(`  ${t.padEnd(12)}${columns.map((c) => String(report.confusion[t][c]).padStart(11)).join('')}`);
  out.push('', 'Tags                       TP    FP    FN    recall  precision');
  const tagRow = (name: string, f: TagFigures) =>
    `  ${name.padEnd(22)}${String(f.truePositives).padStart(5)}${String(f.falsePositives).padStart(6)}${String(f.falseNegatives).padStart(6)}   ${pct(f.recall)}    ${pct(f.precision)}`;
  out.push(tagRow('(all tags)', report.tags.overall));
  for (const [tag, f] of Object.entries(report.tags.perTag)) out.push(tagRow(tag, f));
  if (report.misclassified.length > 0) {
    out.push('', `Misclassified (${report.misclassified.length})`);
    for (const m of report.misclassified) {
      out.push(`  ${m.id}: expected ${m.expected}, got ${m.got ?? 'no classification'} — ${m.reason || '(no reason)'}`);
      for (const e of m.errors) out.push(`      error: ${e}`);
    }
  }
  // A wrong type is a wrong status already; what is left is the status alone (VOICEMAIL, mostly).
  const wrongType = new Set(report.misclassified.map((m) => m.id));
  const statusOnly = report.statusMismatches.filter((s) => !wrongType.has(s.id));
  if (statusOnly.length > 0) {
    out.push('', `Right type, status differs (${statusOnly.length})`);
    for (const s of statusOnly) out.push(`  ${s.id}: expected ${s.expected}, got ${s.got ?? 'none'}`);
  }
  return out.join('\n');
}
