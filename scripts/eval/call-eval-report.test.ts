import { buildCallEvalReport, formatCallEvalReport, type CallOutcome } from './call-eval-report';

const outcome = (id: string, expected: CallOutcome['expected'], got: Partial<CallOutcome>): CallOutcome => ({
  id,
  expected,
  callType: null,
  callStatus: null,
  tags: [],
  reason: '',
  errors: [],
  ...got,
});

// Five calls worked out by hand: two Booked (one right), an Excused read as Unbooked, an Abandoned the
// pipeline left unclassified, a NotLead read right.
const outcomes: CallOutcome[] = [
  outcome('a', { callType: 'Booked', callStatus: 'BOOKED', tags: ['booked', 'next_day'] }, { callType: 'Booked', callStatus: 'BOOKED', tags: ['booked'] }),
  outcome('b', { callType: 'Booked', callStatus: 'BOOKED', tags: ['booked'] }, { callType: 'Unbooked', callStatus: 'UNBOOKED', tags: ['callback'] }),
  outcome(
    'c',
    { callType: 'Excused', callStatus: 'EXCUSED', tags: ['dispatch_fee_issue'] },
    { callType: 'Unbooked', callStatus: 'UNBOOKED', tags: [], reason: 'no excuse found' },
  ),
  outcome('d', { callType: 'Abandoned', callStatus: 'ABANDONED', tags: ['no_conversation'] }, { errors: ['call_error'] }),
  outcome('e', { callType: 'NotLead', callStatus: 'COMPLETED', tags: [] }, { callType: 'NotLead', callStatus: 'COMPLETED', tags: [] }),
];

test('agreement, the confusion matrix and tag recall and precision are counted per call', () => {
  const report = buildCallEvalReport(outcomes);

  expect(report.calls).toBe(5);
  expect(report.typeAgreement).toBeCloseTo(2 / 5);
  expect(report.statusAgreement).toBeCloseTo(2 / 5);
  expect(report.confusion.Booked).toEqual({ Abandoned: 0, Unbooked: 1, Excused: 0, Booked: 1, NotLead: 0, none: 0 });
  expect(report.confusion.Excused.Unbooked).toBe(1);
  expect(report.confusion.Abandoned.none).toBe(1);
  expect(report.perClass.Booked).toEqual({ expected: 2, predicted: 1, correct: 1, agreement: 0.5, precision: 1 });
  expect(report.perClass.Unbooked).toEqual({ expected: 0, predicted: 2, correct: 0, agreement: null, precision: 0 });
  expect(report.perClass.Abandoned).toMatchObject({ expected: 1, predicted: 0, agreement: 0, precision: null });

  // Expected tags: booked ×2, next_day, dispatch_fee_issue, no_conversation (5); found: booked once; extra: callback.
  expect(report.tags.overall).toEqual({ truePositives: 1, falsePositives: 1, falseNegatives: 4, recall: 1 / 5, precision: 1 / 2 });
  expect(report.tags.perTag.booked).toEqual({ truePositives: 1, falsePositives: 0, falseNegatives: 1, recall: 0.5, precision: 1 });
  expect(report.tags.perTag.callback).toEqual({ truePositives: 0, falsePositives: 1, falseNegatives: 0, recall: null, precision: 0 });

  expect(report.misclassified.map((m) => [m.id, m.got])).toEqual([
    ['b', 'Unbooked'],
    ['c', 'Unbooked'],
    ['d', null],
  ]);
  expect(report.tagMisses).toContainEqual({ id: 'b', missing: ['booked'], extra: ['callback'] });
});

test('the printed report shows the figures, the matrix and each misclassified call with its reason', () => {
  const text = formatCallEvalReport(buildCallEvalReport(outcomes));
  expect(text).toContain('Type agreement:  40.0%');
  expect(text).toMatch(/Booked\s+2\s+1\s+1\s+50\.0%\s+100\.0%/);
  expect(text).toContain('c: expected Excused, got Unbooked — no excuse found');
  expect(text).toContain('d: expected Abandoned, got no classification');
  expect(text).toMatch(/\(all tags\)\s+1\s+1\s+4\s+20\.0%\s+50\.0%/);
});

test('an empty run has no ratios rather than a division by zero', () => {
  const report = buildCallEvalReport([]);
  expect(report.typeAgreement).toBeNull();
  expect(report.tags.overall.recall).toBeNull();
});
