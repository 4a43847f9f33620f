import { InteractionInputSchema, type TranscriptLine } from '../../../../domain/interaction/interaction.schema';
import { callFeatures } from './call-type-features';
import { describeWords, isFunctionWordFeature, wordFeatures, wordVocabulary, type WordOptions } from './call-type-words';
import { CallAnalysis, featureLabel } from './offline-call-analysis';

const line = (role: 'agent' | 'user', message: string, i: number): TranscriptLine =>
  ({ role, message, timestamp: `00:${String(i * 5).padStart(2, '0')}`, seconds: i * 5 }) as TranscriptLine;

function analysis(said: string[]): CallAnalysis {
  return new CallAnalysis(
    InteractionInputSchema.parse({
      direction: 'inbound',
      agentType: 'OFFICE_HOURS_CSR',
      org: { name: 'Acme Home Services', timezone: 'America/Denver' },
      transcript: said.map((s, i) => line(s.startsWith('A:') ? 'agent' : 'user', s.slice(2).trim(), i)),
      facts: { actions: [], endedReason: 'user_hangup' },
    }),
  );
}

const OPTIONS: WordOptions = { l2: 0.03, minSets: 3, bigrams: true, agent: true };

describe('call-type words', () => {
  it('reads each side apart, accents folded, numbers masked, pairs within a clause, the vector of a fixed length', () => {
    const f = wordFeatures(analysis(['A: Acme, how can I help?', 'C: Está muy caro, llámeme mañana al 555-0134']));
    expect(Object.keys(f)).toEqual(expect.arrayContaining(['w:a:acm', 'w:c:caro', 'w:c:manana', 'w:c:muy_caro', 'w:c:#']));
    expect(f['w:c:esta_muy']).toBeDefined();
    // "caro" ends a clause: no pair with the next one's first word.
    expect(f['w:c:caro_llamem']).toBeUndefined();
    expect(Object.keys(f).some((k) => /\d/.test(k))).toBe(false);
    const length = Math.sqrt(Object.values(f).reduce((s, v) => s + v * v, 0));
    expect(length).toBeCloseTo(2, 10);
  });

  it('are in the features only of the +words group', () => {
    const a = analysis(['A: Acme, how can I help?', 'C: too expensive, no thanks']);
    expect(Object.keys(callFeatures(a, 'cues+rules')).some((k) => k.startsWith('w:'))).toBe(false);
    expect(callFeatures(a, 'cues+rules+words')['w:c:expensiv']).toBeGreaterThan(0);
  });

  it('keeps a word only when calls of enough different sets say it, and drops pairs or the agent when told', () => {
    const e = (set: string, ...words: string[]) => ({ set, features: Object.fromEntries(words.map((w) => [w, 1])) });
    const examples = [
      e('a', 'w:c:caro', 'w:c:leak_sink', 'w:a:acm', 'cue:c:service'),
      e('a', 'w:c:zorblat'),
      e('a', 'w:c:zorblat'),
      e('b', 'w:c:caro', 'w:c:leak_sink', 'w:a:acm'),
      e('c', 'w:c:caro', 'w:c:leak_sink', 'w:a:acm', 'w:c:zorblat'),
    ];
    expect([...wordVocabulary(examples, OPTIONS)].sort()).toEqual(['w:a:acm', 'w:c:caro', 'w:c:leak_sink']);
    expect([...wordVocabulary(examples, { ...OPTIONS, bigrams: false, agent: false })]).toEqual(['w:c:caro']);
    expect(wordVocabulary(examples, { ...OPTIONS, minSets: 4 }).size).toBe(0);
  });

  it('names the words that pushed the call as the speaker said them', () => {
    const a = analysis(['A: Acme, how can I help?', 'C: Está muy caro, llámeme mañana']);
    const because = [
      { feature: 'cue:c:price_objection', value: 1, contribution: 2 },
      { feature: 'w:c:manana', value: 0.3, contribution: 0.5 },
      { feature: 'w:c:muy_caro', value: 0.3, contribution: 0.4 },
    ];
    expect(describeWords(a, because)).toBe('; words: mañana, muy caro');
    expect(describeWords(a, because.slice(0, 1))).toBe('');
  });

  it('leaves function words and faint words out of the reason, and keeps a pair with one telling word', () => {
    const a = analysis(['A: Acme, how can I help?', 'C: It is too expensive, I will call back tomorrow', 'C: Está muy caro']);
    const word = (feature: string, contribution: number) => ({ feature, value: 0.2, contribution });
    const because = [word('w:c:it', 0.9), word('w:c:will', 0.8), word('w:a:how', 0.7), word('w:c:is_too', 0.6), word('w:c:expensiv', 0.5)];
    expect(describeWords(a, [...because, word('w:c:muy_caro', 0.3), word('w:c:tomorrow', 0.01)])).toBe('; words: expensive, muy caro');
    expect(describeWords(a, because.slice(0, 4))).toBe('');
    expect(isFunctionWordFeature('w:a:how_can')).toBe(true);
    expect(isFunctionWordFeature('w:c:no')).toBe(false);
    expect(featureLabel('w:c:caro')).toBe("the caller said 'caro'");
    expect(featureLabel('w:a:call_back')).toBe("the agent said 'call back'");
  });
});
