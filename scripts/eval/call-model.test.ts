import { agreement, type Example, kFolds, modelType, trainModel } from './call-model';

const example = (id: string, label: Example['label'], features: Record<string, number>, evidence: Example['evidence'] = null): Example => ({
  id,
  set: 'toy',
  label,
  features: { bias: 1, ...features },
  rules: label,
  evidence,
});

const TOY: Example[] = [
  example('a', 'Unbooked', { 'cue:c:service': 1 }),
  example('b', 'Unbooked', { 'cue:c:service': 1.5, 'cue:a:offered_time': 1 }),
  example('c', 'NotLead', { 'cue:c:wrong_number': 1 }),
  example('d', 'NotLead', { 'cue:c:wrong_number': 1, 'cue:a:offered_time': 1 }),
  example('e', 'Abandoned', { 'caller_words:1-10': 1 }),
  example('f', 'Abandoned', { 'caller_words:1-10': 1, 'cue:a:offered_time': 1 }),
];

describe('trainModel', () => {
  it('learns a separable set and gives the same weights every time', () => {
    const model = trainModel(TOY, 'cues', { l2: 0.001, iterations: 400, learningRate: 0.5 });
    expect(TOY.map((e) => modelType(model, e))).toEqual(TOY.map((e) => e.label));
    expect(trainModel(TOY, 'cues', { l2: 0.001, iterations: 400, learningRate: 0.5 })).toEqual(model);
    // A feature that says nothing of the class (every class has it once) gets no strong weight.
    const offered = model.weights['cue:a:offered_time'];
    expect(Math.max(...offered) - Math.min(...offered)).toBeLessThan(Math.max(...model.weights['cue:c:service']) - Math.min(...model.weights['cue:c:service']));
  });

  it('shrinks the weights as the L2 penalty grows', () => {
    const norm = (l2: number) =>
      Object.entries(trainModel(TOY, 'cues', { l2, iterations: 400, learningRate: 0.5 }).weights)
        .filter(([n]) => n !== 'bias')
        .reduce((s, [, w]) => s + w.reduce((t, x) => t + x * x, 0), 0);
    expect(norm(0.1)).toBeLessThan(norm(0.001));
  });

  it('learns a word only if calls of enough training sets say it, under its own L2', () => {
    const inSet = (e: Example, set: string, words: Record<string, number>): Example => ({ ...e, set, features: { ...e.features, ...words } });
    const sets = ['s1', 's2', 's3'];
    const examples = TOY.map((e, i) => inSet(e, sets[i % 3], { 'w:c:gracias': 1, ...(e.label === 'NotLead' ? { 'w:c:zorblat': 1 } : {}) }));
    const options = { l2: 0.001, iterations: 200, learningRate: 0.5 };
    const model = trainModel(examples, 'cues+rules+words', { ...options, words: { l2: 0.01, minSets: 3, bigrams: true, agent: true } });
    // "zorblat" is said in two of the three sets: one writer's word, never learned; "gracias" is in all three.
    expect(model.weights['w:c:zorblat']).toBeUndefined();
    expect(model.weights['w:c:gracias']).toBeDefined();
    expect(model.trainedOn).toContain('1 words said in at least 3 sets');
    const loose = trainModel(examples, 'cues+rules+words', { ...options, words: { l2: 0.01, minSets: 2, bigrams: true, agent: true } });
    const strong = trainModel(examples, 'cues+rules+words', { ...options, words: { l2: 1, minSets: 2, bigrams: true, agent: true } });
    const spread = (m: typeof model) => Math.max(...m.weights['w:c:zorblat']) - Math.min(...m.weights['w:c:zorblat']);
    expect(spread(strong)).toBeLessThan(spread(loose));
  });

  it('lets evidence decide before the model', () => {
    const model = trainModel(TOY, 'cues', { l2: 0.001, iterations: 100, learningRate: 0.5 });
    expect(modelType(model, example('g', 'Booked', { 'cue:c:wrong_number': 1 }, 'Booked'))).toBe('Booked');
  });
});

describe('kFolds and agreement', () => {
  it('splits every item into exactly one fold, the same way for the same seed', () => {
    const items = Array.from({ length: 23 }, (_, i) => i);
    const folds = kFolds(items, 5);
    expect(folds.map((f) => f.length).sort()).toEqual([4, 4, 5, 5, 5]);
    expect(folds.flat().sort((a, b) => a - b)).toEqual(items);
    expect(kFolds(items, 5)).toEqual(folds);
    expect(kFolds(items, 5, 7)).not.toEqual(folds);
  });

  it('counts per class and the confusion matrix', () => {
    const a = agreement([
      { expected: 'Unbooked', got: 'Unbooked' },
      { expected: 'Unbooked', got: 'Excused' },
      { expected: 'NotLead', got: 'NotLead' },
    ]);
    expect(a).toMatchObject({ total: 3, agreed: 2 });
    expect(a.perClass.Unbooked).toEqual({ total: 2, agreed: 1 });
    expect(a.confusion.Unbooked.Excused).toBe(1);
  });
});
