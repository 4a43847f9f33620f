import { CALL_TYPES, type CallType } from '../../../../domain/interaction/interaction.schema';
import type { CallFeatures, FeatureGroup } from './call-type-features';

/**
 * A multinomial logistic regression over a call's features (call-type-features.ts): per feature, one weight per
 * call type. Trained by scripts/train-call-classifier.ts; the weights are the committed call-type-model.weights.json.
 */
export interface CallTypeModel {
  features: FeatureGroup;
  classes: readonly CallType[];
  /** Feature name → weight per class, in `classes` order. */
  weights: Record<string, number[]>;
  /** How the weights were made (L2, iterations, the calls), for the reader. */
  trainedOn?: string;
}

export interface Contribution {
  feature: string;
  value: number;
  /** weight × value for the chosen class, less the mean over the classes: what pushed the call towards it. */
  contribution: number;
}

export interface ModelVerdict {
  value: CallType;
  probability: number;
  probabilities: Record<CallType, number>;
  /** The features that pushed the call most towards its class, strongest first. */
  because: Contribution[];
}

/** The softmax of the dot products: a probability per class. */
export function classProbabilities(model: CallTypeModel, features: CallFeatures): number[] {
  const logits = model.classes.map(() => 0);
  for (const [name, value] of Object.entries(features)) {
    const w = model.weights[name];
    if (!w) continue;
    for (let k = 0; k < logits.length; k++) logits[k] += w[k] * value;
  }
  const top = Math.max(...logits);
  const exp = logits.map((l) => Math.exp(l - top));
  const sum = exp.reduce((s, e) => s + e, 0);
  return exp.map((e) => e / sum);
}

export function predictCallType(model: CallTypeModel, features: CallFeatures, allowed: readonly CallType[] = model.classes): ModelVerdict {
  const p = classProbabilities(model, features);
  let best = -1;
  for (let k = 0; k < p.length; k++) if (allowed.includes(model.classes[k]) && (best < 0 || p[k] > p[best])) best = k;
  const because = Object.entries(features)
    .filter(([name]) => name !== 'bias' && model.weights[name])
    .map(([feature, value]) => {
      const w = model.weights[feature];
      const mean = w.reduce((s, x) => s + x, 0) / w.length;
      return { feature, value, contribution: (w[best] - mean) * value };
    })
    .filter((c) => c.contribution > 0)
    .sort((x, y) => y.contribution - x.contribution);
  const probabilities = Object.fromEntries(CALL_TYPES.map((t) => [t, p[model.classes.indexOf(t)] ?? 0])) as Record<CallType, number>;
  return { value: model.classes[best], probability: p[best], probabilities, because };
}

export function describeVerdict(verdict: ModelVerdict, n = 4): string {
  const cues = verdict.because.slice(0, n).map((c) => `${c.feature}${c.value === 1 ? '' : `=${+c.value.toFixed(2)}`} (+${c.contribution.toFixed(2)})`);
  return `the cue model gives ${verdict.value} (p ${verdict.probability.toFixed(2)})${cues.length > 0 ? `; strongest: ${cues.join(', ')}` : ''}`;
}
