import { speakerOf } from '../../../../domain/interaction/interaction.schema';
import type { Signal } from './call-cues.lexicon';
import type { CallFeatures } from './call-type-features';
import { type CallAnalysis, EXCUSE_ORDER } from './offline-call-analysis';

/**
 * Conjunctions for the call-type model (issue 11 point 7): pairs of facts a linear model cannot weigh from their two
 * halves, each named so a reason stays readable. A family is a prefix of `and:`; `CONJUNCTION_FAMILIES` lists them.
 */
export type ConjunctionFamily = 'last_third' | 'outbound_response' | 'excuse_with' | 'ends_on' | 'need_no_time';

export const CONJUNCTION_FAMILIES: readonly ConjunctionFamily[] = ['last_third', 'outbound_response', 'excuse_with', 'ends_on', 'need_no_time'];

/** The caller's cues that give (or take back) a reason not to book. */
const REASON_SIGNALS: readonly Signal[] = [
  'dispatch_fee_issue',
  'price_objection',
  'timing_issue',
  'estimate_on_call',
  'agent_requested',
  'message_drop',
  'follow_up',
  'callback',
  'busy_now',
  'elsewhere',
  'try_first',
  'price_shopping',
  'not_interested',
  'no_thanks',
];

/** The caller's answers to an outbound call. */
const RESPONSE_SIGNALS: readonly Signal[] = [
  'not_interested',
  'no_thanks',
  'do_not_call',
  'positive',
  'negative',
  'callback',
  'follow_up',
  'busy_now',
  'affirmative',
  'service',
  'booking_request',
  'wrong_number',
];

/** A day or a clock time the agent named: a slot offered (English, Spanish, Portuguese, French). */
const TIME_NAMED =
  /\b(?:today|tomorrow|monday|tuesday|wednesday|thursday|friday|saturday|sunday|morning|afternoon|evening|\d{1,2}(?::\d\d)?\s?(?:am|pm|a\.m|p\.m)|o'?clock|hoy|ma[ñn]ana|lunes|martes|mi[ée]rcoles|jueves|viernes|s[áa]bado|domingo|amanh[ãa]|segunda|ter[çc]a|quarta|quinta|sexta|demain|lundi|mardi|mercredi|jeudi|vendredi|samedi)\b/i;

export function conjunctionFeatures(a: CallAnalysis, families: readonly ConjunctionFamily[] = CONJUNCTION_FAMILIES): CallFeatures {
  const f: CallFeatures = {};
  const lines = a.view.lines;
  const callerHits = a.cues.hits.filter((h) => speakerOf(h.line.role) !== 'agent');
  const on = new Set(families);
  if (on.has('last_third') && lines.length > 2) {
    for (const h of callerHits) {
      if (REASON_SIGNALS.includes(h.signal) && lines.indexOf(h.line) >= (2 * lines.length) / 3) f[`and:${h.signal}:last_third`] = 1;
    }
  }
  if (on.has('outbound_response') && a.input.direction === 'outbound') {
    for (const h of callerHits) if (RESPONSE_SIGNALS.includes(h.signal)) f[`and:outbound:${h.signal}`] = 1;
  }
  const excuses = EXCUSE_ORDER.filter((name) => a.excuse(name).value);
  if (on.has('excuse_with')) {
    for (const name of excuses) {
      if (a.needStated) f[`and:need:excuse:${name}`] = 1;
      if (a.businessFailure) f[`and:failure:excuse:${name}`] = 1;
      if (a.madeNoRequest.value) f[`and:no_request:excuse:${name}`] = 1;
      if (a.input.direction === 'outbound') f[`and:outbound:excuse:${name}`] = 1;
    }
  }
  if (on.has('ends_on')) {
    // The caller's last two lines: the reason the call ended on weighs more than one given and then answered.
    const last = a.view.customer.slice(-2);
    for (const h of callerHits) if (REASON_SIGNALS.includes(h.signal) && last.includes(h.line)) f[`and:ends_on:${h.signal}`] = 1;
  }
  if (on.has('need_no_time') && a.needStated) {
    const offered = a.view.agent.some((l) => TIME_NAMED.test(l.message));
    f[offered ? 'and:need:time_offered' : 'and:need:no_time_offered'] = 1;
  }
  return f;
}

/** A conjunction feature in the words a reason shows staff ("timing_issue in the call's last third"); `value` is the key after `and:`. */
export function conjunctionLabel(value: string): string {
  const [first, ...rest] = value.split(':');
  const tail = rest.join(':');
  if (first === 'outbound') return tail.startsWith('excuse:') ? `excuse ${tail.slice(7)} on an outbound call` : `${tail} on an outbound call`;
  if (first === 'need') {
    if (tail === 'time_offered') return 'a need stated, and a time offered';
    if (tail === 'no_time_offered') return 'a need stated, and no time offered';
    return `a need stated, and excuse ${tail.slice('excuse:'.length)}`;
  }
  if (first === 'failure') return `excuse ${tail.slice('excuse:'.length)} after the business failed`;
  if (first === 'no_request') return `excuse ${tail.slice('excuse:'.length)} with no request made`;
  if (first === 'ends_on') return `the call ended on ${tail}`;
  if (tail === 'last_third') return `${first} in the call's last third`;
  return value.replace(/:/g, ' ');
}
