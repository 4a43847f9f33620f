import { classifyInteractionTask } from '../../ai-tasks/classify-interaction.prompt';
import { BOOKED_CALL, SPAM_CALL, UNBOOKED_CALL, VOICEMAIL_CALL } from '../../ai-tasks/interactions.fixtures';
import { outputJsonSchema } from '../../ai-tasks/run-ai-task';
import { OfflineLanguageEngine } from './offline.engine';
import { type CallTypeModel, classProbabilities, predictCallType } from './call-type-model';
import { CALL_TYPE_MODEL, CallAnalysis, featureLabel } from './offline-call-analysis';

const TOY: CallTypeModel = {
  features: 'cues',
  classes: ['Abandoned', 'Unbooked', 'Excused', 'Booked', 'NotLead'],
  weights: {
    bias: [0.5, 0, 0, 0, 0],
    'cue:c:service': [-1, 2, 0, 0, -1],
    'cue:c:wrong_number': [0, -1, 0, 0, 3],
  },
};

describe('call-type model: inference', () => {
  it('is the softmax of the dot products, and a feature it does not know changes nothing', () => {
    const p = classProbabilities(TOY, { bias: 1, 'cue:c:service': 1, 'never:seen': 5 });
    expect(p.reduce((s, x) => s + x, 0)).toBeCloseTo(1, 10);
    const logits = [-0.5, 2, 0, 0, -1];
    const z = logits.reduce((s, l) => s + Math.exp(l), 0);
    p.forEach((x, k) => expect(x).toBeCloseTo(Math.exp(logits[k]) / z, 10));
  });

  it('names the features that pushed the call towards its class, strongest first, and never the bias', () => {
    const verdict = predictCallType(TOY, { bias: 1, 'cue:c:service': 0.5, 'cue:c:wrong_number': 1.5 });
    expect(verdict.value).toBe('NotLead');
    expect(verdict.because.map((c) => c.feature)).toEqual(['cue:c:wrong_number']);
    expect(verdict.because[0].contribution).toBeCloseTo((3 - 0.4) * 1.5, 10);
    expect(predictCallType(TOY, { bias: 1, 'cue:c:service': 1 }).value).toBe('Unbooked');
  });
});

describe('call-type model: in the offline engine', () => {
  it('has a weight for every class on every feature it was trained on', () => {
    expect(CALL_TYPE_MODEL.classes).toHaveLength(5);
    expect(Object.keys(CALL_TYPE_MODEL.weights).length).toBeGreaterThan(50);
    for (const w of Object.values(CALL_TYPE_MODEL.weights)) expect(w).toHaveLength(5);
  });

  it('leaves evidence to the rules whoever decides: a completed booking is Booked, a voicemail greeting Excused', () => {
    expect(new CallAnalysis(BOOKED_CALL, 'model').callType.value).toBe('Booked');
    expect(new CallAnalysis(VOICEMAIL_CALL, 'model').callType.value).toBe('Excused');
  });

  it('decides a language-only call by the model when told, naming what was said that decided it and the rules beside it', () => {
    const byModel = new CallAnalysis(UNBOOKED_CALL, 'model').callType;
    expect(byModel.value).toBe('Unbooked');
    expect(byModel.reason).toMatch(/by the cue model \(p 0\.\d\d\); strongest: .*'.+' \(\+\w+ \d/);
    expect(byModel.reason).toContain('The rules gave Unbooked');
    expect(new CallAnalysis(SPAM_CALL, 'model').callType.value).toBe('Excused');
  });

  it('by default the rules decide, and the reason says whether the model agrees', () => {
    const byRules = new CallAnalysis(UNBOOKED_CALL).callType;
    expect(byRules.value).toBe('Unbooked');
    expect(byRules.reason).toMatch(/\(the cue model (?:agrees|gives \w+), p 0\.\d\d/);
  });
});

describe('call-type model: the features a reason names', () => {
  it.each([
    ['rule:lead_weight', 'lead cues'],
    ['rule:need_stated', 'a need stated'],
    ['rule:excuse:timing_issue', 'excuse timing_issue'],
    ['action:job_booking:DROPPED', 'job_booking DROPPED'],
    ['ended:agent_hangup', 'ended agent_hangup'],
    ['direction:outbound', 'outbound call'],
    ['caller_words:1-10', 'caller said 1-10 words'],
    ['objection:fee', 'refused after a fee'],
  ])('%s reads as "%s"', (feature, label) => {
    expect(featureLabel(feature)).toBe(label);
  });

  it('names every non-cue feature of the trained weights in words, never by its raw key', () => {
    const raw = Object.keys(CALL_TYPE_MODEL.weights)
      .filter((name) => name !== 'bias' && !name.startsWith('cue:'))
      .filter((name) => featureLabel(name) === name || featureLabel(name).includes(':'));
    expect(raw).toEqual([]);
  });
});

describe('call-type model: the engine setting', () => {
  const classify = async (engine: OfflineLanguageEngine) => {
    const completion = await engine.complete({
      model: 'cheap',
      messages: classifyInteractionTask.prompt(UNBOOKED_CALL),
      responseSchema: { name: 'classify_interaction', schema: outputJsonSchema(classifyInteractionTask) },
    });
    return JSON.parse(completion.message.content) as { call_type: string; call_type_reason: string };
  };

  it('names each cue it cites once, with the weights of its variants summed', async () => {
    const reason = (await classify(new OfflineLanguageEngine())).call_type_reason;
    const strongest = /strongest: (.*?)\. The rules gave/.exec(reason)?.[1] ?? '';
    const cited = strongest.split(/ \[\+-?[\d.]+\],? ?/).filter(Boolean);
    expect(cited.length).toBeGreaterThan(0);
    expect(new Set(cited).size).toBe(cited.length);
  });

  it('lets the rules decide only for the engine built with callType rules, whatever was asked before; the model by default', async () => {
    const byModel = await classify(new OfflineLanguageEngine());
    const byRules = await classify(new OfflineLanguageEngine({ callType: 'rules' }));
    expect(byModel.call_type_reason).toContain('by the cue model');
    expect(byRules.call_type_reason).not.toContain('by the cue model');
    expect(byRules.call_type_reason).toMatch(/\(the cue model (?:agrees|gives)/);
    expect((await classify(new OfflineLanguageEngine({ callType: 'model' }))).call_type_reason).toContain('by the cue model');
  });
});
