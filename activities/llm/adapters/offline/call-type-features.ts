import { speakerOf } from '../../../../domain/interaction/interaction.schema';
import type { Signal } from './call-cues.lexicon';
import { wordFeatures } from './call-type-words';
import { type CallAnalysis, EXCUSE_ORDER } from './offline-call-analysis';

/**
 * The features the call-type model reads from one call (issue 11 point 7): generic facts, never sentences, so they
 * carry over to new phrasing and languages. Two groups:
 * - `cue` and evidence features: which cue signals the reader heard, by speaker (caller `c`, agent `a`), early or late
 *   in the call, negated or not, weights summed and capped; the CRM actions and their status, the ended reason, a
 *   duration bucket, the direction, the agent type, the voicemail greeting, how much the caller said, the languages;
 * - `rule` features: the engine's own intermediate verdicts (lead and not-lead weights, a need stated, no request, an
 *   excuse's verdict), the rules adding features for the model to weigh.
 * Every value is in [0, 3]: a cue's weights are summed, capped at 6 and halved.
 */
export type CallFeatures = Record<string, number>;

const CAP = 6;
const capped = (weight: number) => Math.min(weight, CAP) / 2;

function bucket(value: number, edges: readonly number[]): string {
  const i = edges.findIndex((e) => value < e);
  return i < 0 ? `${edges[edges.length - 1]}+` : i === 0 ? `<${edges[0]}` : `${edges[i - 1]}-${edges[i]}`;
}

function add(features: CallFeatures, name: string, value: number): void {
  if (value !== 0) features[name] = (features[name] ?? 0) + value;
}

/** The evidence and cue features of a call (the model's generic group). */
export function cueFeatures(a: CallAnalysis): CallFeatures {
  const f: CallFeatures = { bias: 1 };
  const { input } = a;
  const facts = input.facts;
  f[`direction:${input.direction}`] = 1;
  f[`agent:${input.agentType}`] = 1;
  if (facts.endedReason) f[`ended:${facts.endedReason}`] = 1;
  if (facts.durationSeconds !== null) f[`duration:${bucket(facts.durationSeconds, [15, 45, 120, 300])}`] = 1;
  for (const action of facts.actions) if (action.status !== 'NEW') f[`action:${action.type}:${action.status}`] = 1;
  if (a.booked.length > 0) f['evidence:booking_completed'] = 1;
  if (a.reachedVoicemail.value) f['evidence:voicemail'] = 1;
  const words = a.view.customerWords();
  f[`caller_words:${bucket(words, [1, 10, 20, 60])}`] = 1;
  f[`caller_language:${a.cues.callerLanguage}`] = 1;
  if (a.cues.callerLanguage !== 'en' && a.cues.agentLanguage === a.cues.callerLanguage) f['agent_answered_in_caller_language'] = 1;
  const objection = a.objection;
  if (objection) f[`objection:${objection.to}`] = 1;

  // Cues by speaker and position: the caller's "no thanks" late in a call weighs differently from an agent's early offer.
  const lines = a.view.lines;
  const sums: Record<string, number> = {};
  for (const hit of a.cues.hits) {
    const who = speakerOf(hit.line.role) === 'agent' ? 'a' : 'c';
    const at = lines.indexOf(hit.line);
    const late = lines.length > 2 && at >= lines.length / 2;
    const base = `cue:${who}:${hit.signal}`;
    sums[base] = (sums[base] ?? 0) + hit.weight;
    if (late) sums[`${base}:late`] = (sums[`${base}:late`] ?? 0) + hit.weight;
    if (hit.negatedBy) sums[`${base}:negated`] = (sums[`${base}:negated`] ?? 0) + hit.weight;
  }
  for (const [name, weight] of Object.entries(sums)) add(f, name, capped(weight));
  return f;
}

/** The rule engine's intermediate verdicts, as features (the model's `rule` group). */
export function ruleFeatures(a: CallAnalysis): CallFeatures {
  const f: CallFeatures = {};
  add(f, 'rule:lead_weight', capped(a.leadScore));
  add(f, 'rule:not_lead_weight', capped(a.notLeadScore));
  const flags: Record<string, boolean> = {
    need_stated: a.needStated,
    made_no_request: a.madeNoRequest.value,
    no_conversation: a.noConversation.value,
    spam: a.spam.value,
    person_asked: a.personAsked.value,
    about_existing_appointment: a.aboutExistingAppointment,
    outbound_decline: a.outboundDecline,
    feedback_call: a.feedbackCall,
    business_failure: a.businessFailure !== null,
    own_choice: a.ownChoice,
  };
  // Every excuse but agent_requested, which `person_asked` already carries.
  for (const name of EXCUSE_ORDER.filter((n) => n !== 'agent_requested')) {
    flags[`excuse:${name}`] = a.excuse(name).value;
  }
  for (const [name, on] of Object.entries(flags)) if (on) f[`rule:${name}`] = 1;
  // What the caller said beside a need they stated: a callback or a price comparison after a need is a lead's, the same
  // cue without one often is not. A linear model cannot make these pairs from the two features alone.
  if (a.needStated) {
    const said = new Set(a.cues.hits.filter((h) => speakerOf(h.line.role) !== 'agent').map((h) => h.signal));
    for (const signal of NEED_PAIRED) if (said.has(signal)) f[`rule:need_with:${signal}`] = 1;
  }
  // A caller who said a few words and no cue at all ("hello?", "one sec"): a hang-up's mark that the duration and word
  // buckets alone share with a one-sentence supplier or wrong number.
  const callerCues = a.cues.hits.filter((h) => speakerOf(h.line.role) !== 'agent' && h.signal !== 'affirmative');
  if (a.view.customerWords() <= 10 && callerCues.length === 0) f['rule:few_words_no_cue'] = 1;
  // Its mirror: a caller who said one sentence or two and gave a purpose in it (a need, a reason not to book, a
  // not-a-lead errand). The short duration and few words alone mark a hang-up; with a purpose they do not.
  if (a.view.customerWords() <= SHORT_CALL_WORDS && callerCues.length > 0) {
    const excused = EXCUSE_ORDER.some((name) => flags[`excuse:${name}`]) || a.personAsked.value || a.spam.value;
    if (excused) f['rule:short_with:excuse'] = 1;
    if (a.needStated) f['rule:short_with:need'] = 1;
    if (a.notLeadScore > 0) f['rule:short_with:not_lead'] = 1;
  }
  // An excuse's verdict beside the caller's own choice (a fix tried, someone else), the business failing them, or the
  // agent unable to answer what they asked: the price asked or the time turned down then led nowhere the caller chose
  // for a reason of §4 (Unbooked, "for any other reason"). A linear model cannot make these pairs from the two features.
  const anyExcuse = EXCUSE_ORDER.some((name) => flags[`excuse:${name}`]);
  const noAnswer = agentCouldNotAnswer(a);
  if (noAnswer) f['rule:agent_no_answer'] = 1;
  if (anyExcuse && a.ownChoice) f['rule:excuse_with:own_choice'] = 1;
  if (anyExcuse && a.businessFailure) f['rule:excuse_with:business_failure'] = 1;
  if (anyExcuse && noAnswer) f['rule:excuse_with:agent_no_answer'] = 1;
  // On an outbound call the excuse answers the business's own offer: work it does not do, wanted instead of the work
  // offered, is the lead's different service (an offer declined), where on an inbound call it is the caller's excuse.
  if (a.input.direction === 'outbound') {
    for (const name of EXCUSE_ORDER) if (flags[`excuse:${name}`]) f[`rule:outbound_with:${name}`] = 1;
  }
  // What the caller said once the business had failed them (a booking it could not complete, a detail asked again):
  // "I'll call back", "forget it" or "someone else" then answers the failure and is no excuse of the caller's.
  const failed = a.businessFailure;
  if (failed) {
    const lines = a.view.lines;
    const after = new Set(a.cues.hits.filter((h) => speakerOf(h.line.role) !== 'agent' && lines.indexOf(h.line) > failed.at).map((h) => h.signal));
    for (const signal of AFTER_FAILURE) if (after.has(signal)) f[`rule:after_failure:${signal}`] = 1;
  }
  return f;
}

/** At most this many words from the caller make a short call (`rule:short_with:*`). */
const SHORT_CALL_WORDS = 20;

/** The caller's cues read apart after the business failed them (`ruleFeatures`). */
const AFTER_FAILURE: readonly Signal[] = [
  'follow_up',
  'agent_requested',
  'not_interested',
  'elsewhere',
  'price_objection',
  'no_thanks',
  'negative',
  'estimate_on_call',
  'timing_issue',
  'dispatch_fee_issue',
  'try_first',
  'price_shopping',
];

/**
 * The agent saying it cannot answer what the caller asked (a price, a time, whether it does the work): "I don't have
 * that information", "I'm not sure", "no sé", "não sei", "je ne sais pas". A caller who leaves then leaves a
 * business that could not help, which §4 does not excuse.
 */
const AGENT_NO_ANSWER = new RegExp(
  [
    String.raw`\bi (?:do ?n['’]?t|do not) (?:have|know) (?:that|this|the|those|any|it|how much|what|exact)`,
    String.raw`\bi(?:['’]?m| am) not (?:sure|certain)\b`,
    String.raw`\bi (?:can['’]?t|cannot|could ?n['’]?t) (?:say|tell you|give you|quote|answer)`,
    String.raw`\bno (?:tengo|s[eé]|sabr[ií]a|le puedo decir)\b`,
    String.raw`\bn[aã]o (?:sei|tenho essa|posso (?:dizer|informar))\b`,
    String.raw`\bje ne (?:sais|peux) pas\b|\bje n['’]?ai pas (?:cette|l['’]?information|le prix)`,
  ].join('|'),
  'i',
);

/** Whether an agent's line after the caller first spoke says it cannot answer (`AGENT_NO_ANSWER`). */
function agentCouldNotAnswer(a: CallAnalysis): boolean {
  const lines = a.view.lines;
  const first = lines.findIndex((l) => speakerOf(l.role) === 'customer');
  return first >= 0 && lines.slice(first + 1).some((l) => speakerOf(l.role) === 'agent' && AGENT_NO_ANSWER.test(l.message));
}

/** The caller's cues paired with a stated need (`ruleFeatures`). */
const NEED_PAIRED: readonly Signal[] = [
  'callback',
  'follow_up',
  'busy_now',
  'price_shopping',
  'elsewhere',
  'try_first',
  'timing_issue',
  'estimate_on_call',
  'dispatch_fee_issue',
  'paperwork',
  'job_status',
  'not_interested',
];

/** `+words` adds the words each side said (call-type-words.ts). */
export type FeatureGroup = 'cues' | 'cues+rules' | 'cues+rules+words';

export const FEATURE_GROUPS: readonly FeatureGroup[] = ['cues', 'cues+rules', 'cues+rules+words'];

export function callFeatures(a: CallAnalysis, group: FeatureGroup): CallFeatures {
  if (group === 'cues') return cueFeatures(a);
  const features = { ...cueFeatures(a), ...ruleFeatures(a) };
  return group === 'cues+rules+words' ? { ...features, ...wordFeatures(a) } : features;
}
