import type { Trade } from '../../../../domain/organization/organization-settings.schema';
import {
  type Action,
  type CallType,
  completedBookingActions,
  type InteractionInput,
  speakerOf,
  type TranscriptLine,
} from '../../../../domain/interaction/interaction.schema';
import { EXCUSED_TAGS, type ExcusedTag } from '../../../../domain/interaction/tags.schema';
import { type Signal } from './call-cues.lexicon';
import { type CueHit, type CueReading, describeHit, hitsOf, noTimeAtAll, readCues } from './call-cue-reader';
import { callFeatures } from './call-type-features';
import { type CallTypeModel, type Contribution, type ModelVerdict, predictCallType } from './call-type-model';
import { describeWords, isWordFeature } from './call-type-words';
import TRAINED_WEIGHTS from './call-type-model.weights.json';
import { languageOf, normalise } from './cue-text';
import {
  cite,
  type Evidence,
  findAddress,
  findCustomerName,
  findPhone,
  findPhrase,
  findServiceRequest,
  findTrade,
  findZip,
  normalizePhone,
  type PhraseRule,
  TranscriptView,
} from './transcript-rules';

export interface Verdict {
  value: boolean;
  reason: string;
}

const yes = (reason: string): Verdict => ({ value: true, reason });
const no = (reason: string): Verdict => ({ value: false, reason });

/** A signal counts once its cues add up to this weight (one ordinary cue). */
const SIGNAL_THRESHOLD = 2;
/** Below this many words, a caller with no cue at all made no request. */
const ABANDONED_WORDS = 10;

/** Excuses in the order a reason names them: facts the agent stated first, then the caller's reasons. */
export const EXCUSE_ORDER = [
  'outside_service_area',
  'do_not_service',
  'language_issue',
  'dispatch_fee_issue',
  'estimate_on_call',
  'timing_issue',
  'agent_requested',
  'message_drop',
  'follow_up',
] as const satisfies readonly (ExcusedTag | 'language_issue' | 'do_not_service')[];
type Excuse = (typeof EXCUSE_ORDER)[number];

const EXISTING_JOB_ACTIONS = ['job_cancel', 'job_reschedule', 'confirm_appointment'] as const;
const CUE_EXCUSES = ['estimate_on_call', 'timing_issue', 'agent_requested', 'message_drop', 'follow_up', 'dispatch_fee_issue'] as const;
/** A short inbound exchange under this many caller words, with no request and no purpose, is Abandoned. */
const SHORT_EXCHANGE_WORDS = 20;
/** Signals that show what a short call was for, so it is not Abandoned (follow_up, not_interested and misdial say nothing of a purpose). */
const PURPOSE_SIGNALS = [
  'wrong_number',
  'vendor',
  'job_seeker',
  'account',
  'existing_work',
  'paperwork',
  'job_status',
  'notice',
  'identified',
  'spam',
  'dispatch_fee_issue',
  'price_objection',
  'timing_issue',
  'sooner_slot',
  'estimate_on_call',
  'agent_requested',
  'message_drop',
  'outside_service_area',
  'do_not_service',
  'language_issue',
  'cancellation',
  'reschedule',
  'callback',
  'appointment_confirmed',
  'positive',
  'negative',
  'estimate_accepted',
  'estimate_declined',
  'do_not_call',
  'do_not_contact',
  'different_service',
] as const satisfies readonly Signal[];
const DECLINE_SIGNALS = ['not_interested', 'no_thanks', 'do_not_call', 'do_not_contact', 'estimate_declined'] as const satisfies readonly Signal[];
const FEEDBACK_SIGNALS = ['positive', 'negative', 'agreed_to_review'] as const satisfies readonly Signal[];
const CALLER_EXCUSE_SIGNALS = ['estimate_on_call', 'dispatch_fee_issue', 'price_objection', 'timing_issue', 'agent_requested', 'message_drop'] as const;

export interface Classification {
  value: CallType;
  reason: string;
}

/**
 * Who decides a call's type once no evidence does: the hand-written rules (the default: on the cross-validation
 * folds of `npm run eval:model` nothing beat them), or the trained call-type model (call-type-model.ts).
 */
export type CallTypeDecider = 'rules' | 'model';

/** The weights `npm run train:call-model` wrote. */
export const CALL_TYPE_MODEL = TRAINED_WEIGHTS as CallTypeModel;

/**
 * What the offline engine can honestly say about one interaction, computed once and shared by every
 * task answer: evidence first (actions, ended reason, voicemail, silence), then the cues of the weighted
 * lexicon read from what was said. Every verdict names the evidence or cues it rests on.
 */
export class CallAnalysis {
  readonly view: TranscriptView;
  readonly booked: Action[];
  readonly cues: CueReading;
  private readonly phraseCache = new Map<PhraseRule, Evidence | null>();
  private classification: Classification | null = null;

  private verdict: ModelVerdict | null = null;

  constructor(
    readonly input: InteractionInput,
    readonly decider: CallTypeDecider = 'rules',
  ) {
    const transcript = otherPartyAsCaller(withoutNoise(input.transcript), input.direction);
    this.view = new TranscriptView(transcript);
    this.booked = completedBookingActions(input.facts);
    this.cues = readCues(transcript);
  }

  phrase(rule: PhraseRule): Evidence | null {
    if (!this.phraseCache.has(rule)) this.phraseCache.set(rule, findPhrase(this.view, rule));
    return this.phraseCache.get(rule) ?? null;
  }

  get name(): Evidence | null {
    return findCustomerName(this.view);
  }

  get address(): Evidence | null {
    return findAddress(this.view);
  }

  get serviceRequest(): Evidence | null {
    return findServiceRequest(this.view) ?? this.firstLine(hitsOf(this.cues, 'service')[0] ?? hitsOf(this.cues, 'booking_request')[0]);
  }

  private firstLine(hit: CueHit | undefined): Evidence | null {
    return hit ? { line: hit.line, text: hit.said } : null;
  }

  get trade(): { trade: Trade; evidence: Evidence } | null {
    return findTrade(this.view, this.input.org.tradesOffered);
  }

  get phone(): string | null {
    for (const line of this.view.customer) {
      const phone = findPhone(line.message);
      if (phone) return phone;
    }
    return normalizePhone(this.input.facts.customerPhone);
  }

  score(signal: Signal): number {
    return this.cues.scores[signal];
  }

  /** A verdict from the cues of one signal: true when they reach the threshold, naming them. */
  signal(signal: Signal, label: string): Verdict {
    const hits = hitsOf(this.cues, signal);
    const total = this.score(signal);
    if (total >= SIGNAL_THRESHOLD) return yes(`${label}; cues: ${hits.slice(0, 3).map(describeHit).join(', ')}.`);
    return no(`no cue for ${signal.replace(/_/g, ' ')} was heard${hits.length > 0 ? ` (only ${hits.map(describeHit).join(', ')})` : ''}.`);
  }

  completed(type: Action['type']): Action | undefined {
    return this.input.facts.actions.find((a) => a.type === type && a.status === 'COMPLETED');
  }

  get reachedVoicemail(): Verdict {
    if (this.input.facts.endedReason === 'voicemail') return yes('evidence: the call ended with reason voicemail.');
    // The agent answers every inbound call, so only a call the agent placed can meet a mailbox's greeting
    // ("I'd like to leave a message for the office" is a caller's request).
    const greeting = this.input.direction === 'outbound' ? this.view.find('any', TRANSCRIPT_VOICEMAIL) : null;
    if (greeting && speakerOf(greeting.line.role) !== 'agent') {
      return yes(`evidence: a voicemail greeting answered: ${cite(greeting)}.`);
    }
    return no('no voicemail greeting was recognised and the call did not end as voicemail.');
  }

  get noConversation(): Verdict {
    if (this.reachedVoicemail.value) return no('the call reached voicemail.');
    const words = this.view.customerWords();
    if (words === 0) return yes('evidence: the caller said nothing.');
    const meaningful = this.cues.hits.some((h) => h.signal !== 'affirmative');
    return words < ABANDONED_WORDS && !meaningful
      ? yes(`the caller said only ${words} word${words === 1 ? '' : 's'} and made no request.`)
      : no(`the caller spoke ${words} words.`);
  }

  get spam(): Verdict {
    if (this.input.facts.endedReason === 'marked_as_spam') return yes('evidence: the call ended marked as spam.');
    const lead = this.leadScore;
    const spam = this.score('spam');
    // A supplier or manufacturer's rep selling the trade's materials is a vendor (NotLead), not a pitch aimed at the business.
    // A caller who asked for a person before asking for "the owner" wants a human, not to pitch one.
    if (spam >= 3 && spam > lead && spam > this.score('vendor') && spam > this.score('agent_requested'))
      return this.signal('spam', 'a solicitation aimed at the business');
    return no(spam > 0 ? `solicitation cues (${spam}) did not outweigh the request for service (${lead}).` : 'no solicitation cue was heard.');
  }

  get outsideServiceArea(): Verdict {
    const said = this.signal('outside_service_area', 'the agent said the address is outside the service area');
    if (said.value) return said;
    const address = this.address;
    const zip = address ? findZip(address.text) : null;
    const area = this.input.org.zipcodes;
    if (zip && area.length > 0 && !area.includes(zip)) {
      return yes(`evidence: the zip code ${zip} given at ${address!.line.timestamp} is not in the organization's service area.`);
    }
    return no(zip && area.length > 0 ? `the zip code ${zip} is in the service area.` : 'nothing showed the address is outside the service area.');
  }

  /** Spanish (or another language) the agent never answered in, or the caller said they cannot speak English. */
  get languageIssue(): Verdict {
    const said = this.signal('language_issue', 'a language barrier');
    if (said.value) return said;
    // The caller naming English with a word that limits it, in either order ("English, little", "inglés, poquito").
    const limited = this.view.customer.find((l) => LIMITED_ENGLISH.test(normalise(l.message)));
    if (limited) return yes(`a language barrier: the caller said their English is limited: ${cite({ line: limited, text: limited.message })}.`);
    const { callerLanguage, agentLanguage } = this.cues;
    if ((callerLanguage === 'es' || callerLanguage === 'other') && agentLanguage !== callerLanguage) {
      const language = callerLanguage === 'es' ? 'Spanish' : 'a language other than English or Spanish';
      // A barrier shows only once the agent answered the caller's words in English; a caller who hung up after a
      // "¿bueno?" or an "allô?" met no barrier, they made no conversation.
      const lines = this.view.lines;
      const spokeAt = lines.findIndex((l) => speakerOf(l.role) === 'customer' && languageOf(l.message) !== 'en' && l.message.trim() !== '');
      const answer = spokeAt >= 0 ? lines.slice(spokeAt + 1).find((l) => speakerOf(l.role) === 'agent') : undefined;
      if (!answer) return no(`the caller spoke ${language} but the agent never answered before the call ended.`);
      // An agent who answered in the caller's language (or one near it: Portuguese read as Spanish) met no barrier.
      if (languageOf(answer.message) === callerLanguage) return no(`the agent answered the caller in their language (${answer.timestamp}).`);
      const line = lines[spokeAt];
      return yes(`the caller spoke ${language} and the agent answered only in English (${answer.timestamp}): ${cite({ line, text: line.message })}.`);
    }
    return no(callerLanguage === 'es' ? 'the caller spoke Spanish and the agent answered in Spanish.' : 'no language barrier was recognised.');
  }

  get doNotService(): Verdict {
    if (this.input.facts.doNotService) return yes('evidence: the CRM marks the customer do-not-service.');
    const said = this.signal('do_not_service', 'the company does not do the requested work');
    if (said.value) return said;
    const refused = this.capabilityRefused;
    return refused
      ? yes(
          `the caller asked whether the company does the work (${refused.asked.timestamp}) and the agent said no: ${cite({ line: refused.answer, text: refused.answer.message })}.`,
        )
      : said;
  }

  /**
   * Whether the call is about an appointment already made: a reminder call, an action on one, or the words
   * for one said (an appointment, a visit, a booking, "scheduled", "coming"). "We don't need it anymore" said
   * of an offer or a quote cancels nothing.
   */
  get aboutExistingAppointment(): boolean {
    if (this.input.agentType === 'APPOINTMENT_REMINDER_AGENT') return true;
    if (EXISTING_JOB_ACTIONS.some((t) => this.completed(t))) return true;
    return this.view.lines.some((l) => EXISTING_APPOINTMENT_WORDS.test(l.message));
  }

  /** The cancellation tag: a cancel said outright, or "no longer needed" of an appointment already made. */
  get cancellationAsked(): Verdict {
    const said = this.signal('cancellation', 'the caller wanted to cancel');
    if (!said.value || this.aboutExistingAppointment) return said;
    const outright = hitsOf(this.cues, 'cancellation').some((h) => /cancel|call (?:it )?off/.test(h.said));
    return outright ? said : no('"no longer needed" was said of no appointment already made (an offer or a quote is not cancelled).');
  }

  /**
   * A question whether the company does some work ("do you guys install solar?", "can you fix a garage door
   * opener?") that the agent's next line answers in the negative ("no, we don't…", "sorry, that isn't
   * something we…"): work the company does not do. A question about days or hours is a time, not work.
   */
  get capabilityRefused(): { asked: TranscriptLine; answer: TranscriptLine } | null {
    const lines = this.view.lines;
    for (let i = 0; i < lines.length; i++) {
      const asked = lines[i];
      if (speakerOf(asked.role) !== 'customer' || !CAPABILITY_QUESTION.test(asked.message) || WHEN_WORDS.test(asked.message)) continue;
      const answer = lines.slice(i + 1).find((l) => speakerOf(l.role) === 'agent');
      if (answer && NEGATIVE_ANSWER.test(answer.message) && /\b(?:we|our|us)\b/i.test(answer.message)) return { asked, answer };
    }
    return null;
  }

  /**
   * The first of the organization's lead rules (001 §2.14 is_lead.instructions) whose title the caller
   * said: the offline engine's reading of "this rule fits the call".
   */
  get leadRule(): { rule: { title: string; isLead: boolean }; evidence: Evidence } | null {
    for (const rule of this.input.org.instructions.isLead) {
      const title = rule.title.trim().toLowerCase();
      if (!title) continue;
      const line = this.view.customer.find((l) => l.message.toLowerCase().includes(title));
      if (line) return { rule, evidence: { line, text: line.message } };
    }
    return null;
  }

  /** Weight of everything that says the caller wants work done. */
  get leadScore(): number {
    const dropped = this.input.facts.actions.some((a) => a.status === 'DROPPED' && ['job_booking', 'create_booking'].includes(a.type));
    // On an outbound call the agent brings up the equipment, so the person naming it shows no need: only a problem or a request counts.
    // A caller who will take the work to another company needed it ('elsewhere'); one who asks for an earlier
    // slot than the one offered ("anything sooner?", "¿algo más temprano?") asks for the visit ('sooner_slot').
    const counts = (h: CueHit) =>
      (h.signal === 'service' || h.signal === 'booking_request' || h.signal === 'elsewhere' || h.signal === 'sooner_slot') &&
      (this.input.direction === 'inbound' || h.weight >= 2) &&
      !this.aboutPaperwork(h);
    return this.cues.hits.filter(counts).reduce((n, h) => n + h.weight, 0) + (dropped ? 4 : 0) + this.intakeWeight;
  }

  /**
   * Equipment or work named in the same line as a bill, an invoice, a supplier's order or a job application is
   * what the paperwork is about ("the invoice for the water damage repair"), not a need, unless a visit is asked for there too.
   */
  private aboutPaperwork(hit: CueHit): boolean {
    if (hit.signal !== 'service') return false;
    const sentence = sentenceOf(hit);
    const near = this.cues.hits.filter((h) => h.line === hit.line && sentenceOf(h) === sentence);
    return near.some((h) => ['account', 'paperwork', 'vendor', 'job_seeker'].includes(h.signal)) && !near.some((h) => h.signal === 'booking_request');
  }

  /**
   * The agent taking the service address after the caller spoke (in whatever language) shows the caller asked
   * for work, even when the words of the request were not understood. Inbound only: on an outbound call the agent drives.
   */
  get intakeWeight(): number {
    if (this.input.direction !== 'inbound') return 0;
    const lines = this.view.lines;
    const firstCaller = lines.findIndex((l) => speakerOf(l.role) === 'customer');
    if (firstCaller < 0) return 0;
    return hitsOf(this.cues, 'intake').some((h) => lines.indexOf(h.line) > firstCaller) ? SIGNAL_THRESHOLD : 0;
  }

  /** A need said outright: a problem, a request, or more than one piece of equipment named; one appliance named in passing is not. */
  get needStated(): boolean {
    return this.leadScore >= SIGNAL_THRESHOLD;
  }

  /**
   * Whether the caller's "no longer needed" came no later than the need itself (fixed before the call: not a
   * lead), rather than after the agent answered it (a need the call did not turn into a booking: Unbooked).
   */
  private get needGoneBeforeCall(): boolean {
    const lines = this.view.lines;
    const at = (signals: readonly Signal[]) => {
      const found = this.cues.hits.filter((h) => signals.includes(h.signal)).map((h) => lines.indexOf(h.line));
      return found.length > 0 ? Math.min(...found) : Number.POSITIVE_INFINITY;
    };
    const need = at(['service', 'booking_request']);
    const gone = at(['not_interested']);
    if (gone <= need) return true;
    // Between the need and the "never mind", did the agent answer? If not, the caller took it back in the same breath.
    return !lines.slice(need + 1, gone).some((l) => speakerOf(l.role) === 'agent');
  }

  /** Weight of everything that says the caller is not a potential customer for new work. */
  get notLeadScore(): number {
    const existing = EXISTING_JOB_ACTIONS.some((t) => this.completed(t)) ? 4 : 0;
    return (
      this.score('wrong_number') +
      this.score('vendor') +
      this.score('job_seeker') +
      this.score('account') +
      this.score('paperwork') +
      this.score('job_status') +
      this.score('notice') +
      this.score('cancellation') +
      this.score('reschedule') +
      this.score('appointment_confirmed') +
      existing
    );
  }

  get isLead(): Verdict {
    if (this.booked.length > 0) return yes(`evidence: booking action ${this.booked[0].id} (${this.booked[0].type}) is COMPLETED.`);
    const ruled = this.leadRule;
    if (ruled) {
      const reason = `the organization's lead rule "${ruled.rule.title}" applies: ${cite(ruled.evidence)}.`;
      return ruled.rule.isLead ? yes(reason) : no(reason);
    }
    const type = this.callType;
    return ['Unbooked', 'Excused'].includes(type.value) && !this.spam.value && !this.reachedVoicemail.value && this.leadScore > 0
      ? yes(`the caller asked for service; ${type.reason}`)
      : no(type.reason);
  }

  excusedTag(tag: ExcusedTag): Verdict {
    switch (tag) {
      case 'spam':
        return this.spam;
      case 'no_conversation': {
        const type = this.callType;
        return type.value === 'Abandoned' ? yes(type.reason) : this.noConversation;
      }
      case 'outside_service_area':
        return this.outsideServiceArea;
      case 'message_left':
        return this.messageLeft;
      case 'agent_requested': {
        if (this.spam.value) return no('a solicitor asking for someone is not a customer asking for a person.');
        if (this.input.facts.endedReason === 'transferred') return yes('evidence: the call was transferred to a person.');
        const asked = this.personAsked;
        const failed = this.businessFailure;
        const hits = hitsOf(this.cues, 'agent_requested');
        if (asked.value && failed && hits.length > 0 && hits.every((h) => this.view.lines.indexOf(h.line) > failed.at)) {
          return no(`the caller wanting someone else answers ${failed.what}: the agent's failure, not a request for a person.`);
        }
        return asked;
      }
      case 'dispatch_fee_issue':
        return this.feeIssue;
      case 'timing_issue': {
        const deferred = this.callbackToBook(tag);
        if (deferred) return no(`${deferred}.`);
        const said = this.signal('timing_issue', TAG_LABEL.timing_issue);
        const o = this.objection;
        if (said.value || !o || o.to !== 'offered_time' || this.leadScore === 0 || this.otherExcuseHeard('timing_issue') || this.ownChoice) return said;
        return yes(`the caller refused ('${o.said}', ${o.line.timestamp}) the time the agent offered (${o.offer.timestamp}).`);
      }
      case 'follow_up': {
        // A solicitor has no service to decide on: "I'll call back" from one is no customer's follow-up.
        if (this.spam.value) return no('a solicitor calling again is not a customer deciding later.');
        const overruled = this.followUpOverruled ?? this.callbackToBook(tag);
        if (overruled) return no(`${overruled}.`);
        const said = this.signal(tag, TAG_LABEL[tag]);
        // "Not a good time, I'm driving, call me tomorrow" with no need stated puts the whole call off: the decision waits.
        if (said.value || this.needStated || this.score('busy_now') < SIGNAL_THRESHOLD || this.score('callback') === 0) return said;
        return yes(`the caller could not talk now and stated no need; cues: ${hitsOf(this.cues, 'busy_now').slice(0, 2).map(describeHit).join(', ')}.`);
      }
      case 'message_drop': {
        const overruled = this.callbackToBook(tag);
        return overruled ? no(`${overruled}.`) : this.signal(tag, TAG_LABEL[tag]);
      }
      default:
        return this.signal(tag, TAG_LABEL[tag] ?? tag.replace(/_/g, ' '));
    }
  }

  /** The caller asked for a person: a cue, or a staff member asked for by name ("is Dana there?", "I need to talk to Lee"). */
  get personAsked(): Verdict {
    const said = this.signal('agent_requested', 'the caller asked for a person');
    if (said.value) return said;
    for (const line of this.view.customer) {
      for (const pattern of NAMED_PERSON) {
        const match = pattern.exec(line.message);
        if (match && !NOT_A_NAME.has(match[1].toLowerCase())) return yes(`the caller asked for ${match[1]} by name: ${cite({ line, text: match[0] })}.`);
      }
    }
    return said;
  }

  get messageLeft(): Verdict {
    if (!this.reachedVoicemail.value) return no('the call did not reach voicemail.');
    const last = this.view.agent[this.view.agent.length - 1];
    return last
      ? yes(`the agent left a message after the voicemail greeting: ${cite({ line: last, text: last.message })}.`)
      : no('the call reached voicemail but the agent said nothing.');
  }

  /** A fee objection: said outright, a price objection right after a fee was mentioned, or a refusal of the fee stated. */
  get feeIssue(): Verdict {
    // On an outbound call a price the agent names is an offer, so only an outright fee objection counts.
    const inbound = this.input.direction === 'inbound';
    const hits = [...hitsOf(this.cues, 'dispatch_fee_issue'), ...(inbound ? hitsOf(this.cues, 'price_objection') : [])];
    const total = this.score('dispatch_fee_issue') + (inbound ? this.score('price_objection') : 0);
    if (total >= SIGNAL_THRESHOLD) return yes(`the caller objected to the fee; cues: ${hits.slice(0, 3).map(describeHit).join(', ')}.`);
    const o = this.objection;
    if (o && o.to === 'fee' && this.leadScore > 0 && !this.otherExcuseHeard('dispatch_fee_issue')) {
      return yes(`the caller refused ('${o.said}', ${o.line.timestamp}) right after the agent stated the fee (${o.offer.timestamp}).`);
    }
    return no('no objection to a fee was heard.');
  }

  /** A refusal after an offer counts on inbound calls; on outbound ones the agent's offers are sales. */
  get objection() {
    const o = this.input.direction === 'inbound' ? this.cues.objection : null;
    // A caller who answers the offered time by asking to be called back to set one ("not sure about Thursday, can
    // someone get in touch with me tomorrow?") leaves the booking to the callback: the time is not refused.
    if (o && this.callbackRequestedFrom(o.line)) return null;
    return o;
  }

  /** Whether the caller asked to be called back in this line or a later one. */
  private callbackRequestedFrom(line: TranscriptLine): boolean {
    const lines = this.view.lines;
    const from = lines.indexOf(line);
    return hitsOf(this.cues, 'callback').some((h) => speakerOf(h.line.role) === 'customer' && lines.indexOf(h.line) >= from);
  }

  /** Whether the cues name an excuse other than this one (then a bare refusal is that excuse's). */
  private otherExcuseHeard(except: Excuse): boolean {
    return CUE_EXCUSES.some((s) => s !== except && this.score(s) >= SIGNAL_THRESHOLD);
  }

  fromPhrase(rule: PhraseRule, label: string): Verdict {
    const evidence = this.phrase(rule);
    return evidence ? yes(`${label}: ${cite(evidence)}.`) : no(`no phrase for ${rule.replace(/_/g, ' ')} was recognised.`);
  }

  excusedTags(): Record<ExcusedTag, Verdict> {
    return Object.fromEntries(EXCUSED_TAGS.map((t) => [t, this.excusedTag(t)])) as Record<ExcusedTag, Verdict>;
  }

  excuse(name: Excuse): Verdict {
    if (name === 'language_issue') return this.languageIssue;
    if (name === 'do_not_service') return this.doNotService;
    return this.excusedTag(name);
  }

  /** Spec 000 §1, §4 call types: evidence first, then the weighed cues. */
  get callType(): Classification {
    this.classification ??= this.evidenceCallType ?? (this.decider === 'model' ? this.modelCallType : this.rulesWithModelNote());
    return this.classification;
  }

  /** The trained model's reading of the call's cues and evidence. */
  get modelVerdict(): ModelVerdict {
    this.verdict ??= predictCallType(CALL_TYPE_MODEL, callFeatures(this, CALL_TYPE_MODEL.features));
    return this.verdict;
  }

  /** The model's type, with the cues that pushed the call towards it as the reason (and the rules' type beside it). */
  private get modelCallType(): Classification {
    const verdict = this.modelVerdict;
    const rules = this.classifyByRules();
    const excuse = verdict.value === 'Excused' ? EXCUSE_ORDER.find((name) => this.excuse(name).value) : undefined;
    return {
      value: verdict.value,
      reason: this.withEvidence(
        `${verdict.value}${excuse ? `: ${excuse}` : ''} by the cue model (p ${verdict.probability.toFixed(2)}); strongest: ${this.describeContributions(verdict.because)}.` +
          ` The rules gave ${rules.value}${rules.value === verdict.value ? '.' : `: ${rules.reason}`}`,
      ),
    };
  }

  /** The rules' type, and whether the model agrees (naming its strongest cues when it does not). */
  private rulesWithModelNote(): Classification {
    const rules = this.classifyByRules();
    const verdict = this.modelVerdict;
    const note =
      verdict.value === rules.value
        ? `(the cue model agrees, p ${verdict.probability.toFixed(2)})`
        : `(the cue model gives ${verdict.value}, p ${verdict.probability.toFixed(2)}: ${this.describeContributions(verdict.because, 3)})`;
    return { value: rules.value, reason: `${rules.reason} ${note}` };
  }

  /**
   * A model feature as the reader can check it: a cue feature cites what was said ("'no thanks' (+no_thanks 2, 01:10)").
   * Features that cite the same words (a signal and its late or negated variant) are named once, their weights summed;
   * the word features that pushed the call follow ("; words: caro, mañana").
   */
  private describeContributions(because: readonly Contribution[], n = 4): string {
    const named = new Map<string, number>();
    for (const c of because) {
      if (isWordFeature(c.feature)) continue;
      const cue = /^cue:([ca]):([a-z_]+)/.exec(c.feature);
      const hit = cue ? this.cues.hits.find((h) => h.signal === cue[2] && (speakerOf(h.line.role) === 'agent') === (cue[1] === 'a')) : undefined;
      const name = hit ? describeHit(hit) : featureLabel(c.feature);
      if (!named.has(name) && named.size === n) continue;
      named.set(name, (named.get(name) ?? 0) + c.contribution);
    }
    const cues = named.size > 0 ? [...named].map(([name, weight]) => `${name} [+${weight.toFixed(2)}]`).join(', ') : 'no cue';
    return `${cues}${describeWords(this, because)}`;
  }

  private cueList(signals: readonly Signal[], n = 4): string {
    const hits = signals.flatMap((s) => hitsOf(this.cues, s)).slice(0, n);
    return hits.length > 0 ? `; cues: ${hits.map(describeHit).join(', ')}` : '';
  }

  /** "evidence: job_booking COMPLETED (action a1), ended user_hangup; " before the text. */
  private withEvidence(text: string): string {
    const facts = this.input.facts;
    const evidence: string[] = facts.actions.filter((a) => a.status !== 'NEW').map((a) => `${a.type} ${a.status} (action ${a.id})`);
    if (facts.endedReason) evidence.push(`ended ${facts.endedReason}`);
    return `${evidence.length > 0 ? `evidence: ${evidence.join(', ')}; ` : ''}${text}`;
  }

  /**
   * The type that evidence decides whatever was said, or null: a completed booking (Booked), a voicemail greeting or
   * the platform's spam mark (Excused), a caller who said nothing (Abandoned, spec 000 §4).
   */
  get evidenceCallType(): Classification | null {
    if (this.booked.length > 0) {
      return { value: 'Booked', reason: this.withEvidence(`a booking was completed${this.cueList(['booking_request', 'service'], 3)}.`) };
    }
    const voicemail = this.reachedVoicemail;
    if (voicemail.value) return { value: 'Excused', reason: `${voicemail.reason} Excused: message_left.` };
    // The platform marking the call as spam is evidence of a solicitation, whether or not a caller line was transcribed.
    if (this.input.facts.endedReason === 'marked_as_spam') {
      return { value: 'Excused', reason: this.withEvidence('Excused: spam, the platform marked the call as spam.') };
    }
    if (this.view.customerWords() === 0) return { value: 'Abandoned', reason: this.withEvidence('the caller said nothing.') };
    return null;
  }

  /** The hand-written rules' type: evidence first, then the weighed cues. */
  get rulesCallType(): Classification {
    return this.evidenceCallType ?? this.classifyByRules();
  }

  private classifyByRules(): Classification {
    const facts = this.input.facts;
    const inbound = this.input.direction === 'inbound';
    const cueList = (signals: readonly Signal[], n = 4) => this.cueList(signals, n);
    const said = (text: string) => this.withEvidence(text);
    const spam = this.spam;
    if (spam.value) return { value: 'Excused', reason: said(`Excused: spam, ${spam.reason}`) };

    const lead = this.leadScore;
    const notLead = this.notLeadScore;
    const score = `lead ${lead} vs not-lead ${notLead}`;
    // A caller's own excuse (a price asked, a fee refused, a person wanted) is a lead's, so it weighs against not-lead.
    const callerExcuses = CALLER_EXCUSE_SIGNALS.reduce((n, s) => n + this.score(s), 0);
    const notLeadCues = cueList([
      'wrong_number',
      'vendor',
      'job_seeker',
      'account',
      'paperwork',
      'job_status',
      'notice',
      'existing_work',
      'cancellation',
      'reschedule',
      'appointment_confirmed',
    ]);
    // Dialled by mistake ("oops", the wrong button): no request was made, unlike a wrong number, which names another party.
    if (inbound && lead === 0 && this.score('misdial') >= SIGNAL_THRESHOLD && this.score('wrong_number') < 4) {
      return { value: 'Abandoned', reason: said(`the caller dialled by mistake and made no request${cueList(['misdial'])}.`) };
    }
    // An existing appointment confirmed, moved or cancelled is not new work, whatever the job it names (unless more is asked for).
    const existing = EXISTING_JOB_ACTIONS.map((t) => this.completed(t)).find(Boolean);
    if (existing && this.score('booking_request') < SIGNAL_THRESHOLD && callerExcuses === 0) {
      return {
        value: 'NotLead',
        reason: said(`an existing appointment was handled (${existing.type}) and no new work was asked for (${score})${notLeadCues}.`),
      };
    }
    // A question about work the company already did (an install, a warranty) is no request unless a problem or a visit is named.
    if (this.score('existing_work') >= SIGNAL_THRESHOLD && !this.problemOrRequest && callerExcuses === 0) {
      return { value: 'NotLead', reason: said(`a question about work already done, with no problem or visit asked for (${score})${notLeadCues}.`) };
    }
    // An outbound offer turned down (an estimate marked unsold, "who is this? stop calling") was a potential customer's.
    const declinedOffer = !inbound && !this.feedbackCall ? this.declineWeight : 0;
    const wrongNumber = this.score('wrong_number');
    if ((wrongNumber >= 4 && wrongNumber > declinedOffer) || (notLead > lead + callerExcuses + declinedOffer && notLead >= SIGNAL_THRESHOLD)) {
      return { value: 'NotLead', reason: said(`not a potential customer for service (${score})${notLeadCues}.`) };
    }
    const silent = this.madeNoRequest;
    if (silent.value) return { value: 'Abandoned', reason: said(silent.reason) };

    // An outbound offer (a lead, an estimate, a membership) turned down is a potential customer not booked: Unbooked.
    // A feedback or reminder call is not an offer, and a promise to decide later outweighs a soft no only when stronger.
    const outboundDecline = this.outboundDecline;
    const dropFollowUp = (name: Excuse) => (name === 'follow_up' && this.followUpOverruled !== null) || this.callbackToBook(name) !== null;
    const excuses = EXCUSE_ORDER.map((name) => [name, this.excuse(name)] as const).filter(
      ([name, v]) => v.value && !this.wantsVisit(name) && !dropFollowUp(name),
    );
    if (facts.endedReason === 'transferred' && !excuses.some(([n]) => n === 'agent_requested')) {
      excuses.push(['agent_requested', yes('evidence: the call was transferred to a person.')]);
    }
    if (excuses.length > 0) {
      const [first, verdict] = excuses[0];
      const others = excuses.slice(1).map(([n]) => n);
      return { value: 'Excused', reason: said(`Excused: ${first}${others.length ? ` (also ${others.join(', ')})` : ''}, ${verdict.reason}`) };
    }
    const declineCues = cueList(['not_interested', 'no_thanks', 'do_not_call', 'do_not_contact', 'estimate_declined']);
    if (outboundDecline) {
      return {
        value: 'Unbooked',
        reason: said(
          `the person called turned the offer down, a potential customer not booked${this.unsold ? ' (the estimate was marked unsold)' : ''}${declineCues}.`,
        ),
      };
    }
    // A caller who says they no longer need the work outweighs the work they name ("my brother fixed it"); a polite "I'll pass" does not.
    const noLongerNeeded = this.score('not_interested');
    if (inbound && noLongerNeeded >= SIGNAL_THRESHOLD && noLongerNeeded >= lead && this.needGoneBeforeCall) {
      return {
        value: 'NotLead',
        reason: said(`the caller does not need service (no longer needed ${noLongerNeeded} vs lead ${lead})${cueList(['not_interested'])}.`),
      };
    }
    const objection = this.objection;
    if (lead > 0 && objection && !this.ownChoice) {
      const excuse = objection.to === 'fee' ? 'dispatch_fee_issue' : 'timing_issue';
      return {
        value: 'Excused',
        reason: said(
          `Excused: ${excuse}, the caller refused ('${objection.said}', ${objection.line.timestamp}) right after the agent ${objection.to === 'fee' ? 'stated the fee' : 'offered a time'} (${objection.offer.timestamp}).`,
        ),
      };
    }
    if (this.needStated) {
      return {
        value: 'Unbooked',
        reason: said(
          `the caller asked for service and no booking was completed (${score})${cueList(['service', 'booking_request', 'elsewhere', 'not_interested'])}.`,
        ),
      };
    }
    // An inbound call was weighed for "no request" above; here only an outbound one can still be a non-conversation.
    const quiet = this.noConversation;
    const acted = facts.actions.some((a) => a.status === 'COMPLETED');
    if (!inbound && quiet.value && !acted) return { value: 'Abandoned', reason: said(quiet.reason) };
    return { value: 'NotLead', reason: said(`no request for service was heard (${score})${cueList(['not_interested', 'positive', 'negative'])}.`) };
  }

  /** An outbound offer turned down (decline cues, an estimate marked unsold) on a call that is not feedback or a reminder. */
  get outboundDecline(): boolean {
    return this.input.direction === 'outbound' && !this.feedbackCall && (this.declineWeight >= SIGNAL_THRESHOLD || this.unsold);
  }

  private get unsold(): boolean {
    return this.input.facts.actions.some((a) => a.type === 'update_estimate' && a.status === 'COMPLETED' && a.payload.status === 'unsold');
  }

  private get declineWeight(): number {
    const said = DECLINE_SIGNALS.reduce((n, s) => n + this.score(s), 0);
    return said + (this.unsold ? 4 : 0);
  }

  /**
   * Why a follow-up cue does not make the call a follow-up, or null: an outbound decline that weighs at
   * least as much ("no thanks, we may move next year"), or a caller who will try a fix first ("I'll call
   * if that doesn't work"), which is their choice, not an excuse.
   */
  get followUpOverruled(): string | null {
    if (this.score('follow_up') === 0) return null;
    const failed = this.businessFailure;
    if (failed && hitsOf(this.cues, 'follow_up').every((h) => this.view.lines.indexOf(h.line) > failed.at)) {
      return `the caller's "call back later" answers ${failed.what}, which is in the business's control, not the caller putting a decision off`;
    }
    if (this.outboundDecline && this.declineWeight >= this.score('follow_up')) return 'the person turned the offer down, which outweighs the follow-up cues';
    const diy = hitsOf(this.cues, 'try_first');
    if (this.score('try_first') >= SIGNAL_THRESHOLD) return `the caller will try a fix first ('${diy[0].said}', ${diy[0].line.timestamp})`;
    return null;
  }

  /**
   * Why a follow-up, message or timing cue is a callback asked for instead, or null: a caller who stated a need and
   * asks, in the same line, to be called back ("can someone call me back after five to set it up?", "I can't talk
   * now, call me tomorrow") is a lead the business can still book (Unbooked, tagged callback), not one who will
   * decide later, only leaves a message, or refuses the time.
   */
  callbackToBook(name: Excuse): string | null {
    if ((name !== 'follow_up' && name !== 'message_drop' && name !== 'timing_issue') || !this.needStated) return null;
    const hits = hitsOf(this.cues, name);
    const callbackLines = new Set(
      hitsOf(this.cues, 'callback')
        .filter((h) => speakerOf(h.line.role) === 'customer')
        .map((h) => h.line),
    );
    if (hits.length === 0 || !hits.every((h) => callbackLines.has(h.line))) return null;
    return `the caller stated a need and asked to be called back ('${hits[0].said}', ${hits[0].line.timestamp}): a callback to book, not an excuse`;
  }

  /**
   * The caller turned the visit down to fix it themselves or to use someone else: their choice, so a "no" to
   * the offered time is no excuse (Unbooked, as classify-interaction's "for any other reason"). Going elsewhere
   * right after a fee was named objects to the fee instead.
   */
  get ownChoice(): boolean {
    return (
      this.score('try_first') >= SIGNAL_THRESHOLD ||
      hitsOf(this.cues, 'elsewhere')
        .concat(hitsOf(this.cues, 'price_shopping'))
        .some((h) => h.weight >= SIGNAL_THRESHOLD && !this.feeContextBefore(h))
    );
  }

  /** Whether a fee was named in the few lines up to a cue ("$89? I'll call someone else" objects to the fee). */
  private feeContextBefore(hit: CueHit): boolean {
    const lines = this.view.lines;
    const at = lines.indexOf(hit.line);
    return lines.slice(Math.max(0, at - 3), at + 1).some((l) => /\$\s?\d|\b(?:fee|charge|dollars?|bucks?)\b/i.test(l.message));
  }

  /**
   * The business failing a caller who was ready to book (classify-interaction: Excused is "not booked for a reason
   * outside the agent's control", so what the caller says in answer to this is no excuse): a booking the caller
   * took that the CRM dropped (a DROPPED job_booking or create_booking action), or the agent asking again, twice
   * over, for a detail the caller had already given (spec 000 §6: the agent never asks again for what it has).
   * `at` is the line from which the caller's answers are a reaction to it.
   */
  get businessFailure(): { what: string; at: number } | null {
    const dropped = this.input.facts.actions.find((a) => a.status === 'DROPPED' && ['job_booking', 'create_booking'].includes(a.type));
    if (dropped) return { what: `a booking the business could not complete (${dropped.type} DROPPED)`, at: -1 };
    const lines = this.view.lines;
    for (const [slot, asks] of Object.entries(DETAIL_ASKED)) {
      let answered = false;
      let repeats = 0;
      for (const [i, l] of lines.entries()) {
        const who = speakerOf(l.role);
        const asksFor = (m: string) => agentAsksIn(m).some((q) => asks.test(q) && !CLARIFYING.test(q));
        if (who === 'customer' && !answered && lines.slice(0, i).some((p) => speakerOf(p.role) === 'agent' && asksFor(p.message))) {
          answered = true;
        } else if (who === 'agent' && answered && asksFor(l.message)) {
          repeats += 1;
          if (repeats >= 2) return { what: `the agent asking again for the caller's ${slot} (${l.timestamp})`, at: i };
        }
      }
    }
    // The agent saying it could not do its part: an address it could not find or validate, a calendar it could not
    // read, a booking its system would not take, a caller's request it lost, or only a vague "someone will reach out".
    for (const [i, l] of lines.entries()) {
      if (speakerOf(l.role) !== 'agent') continue;
      const admitted = AGENT_FAILED.exec(l.message) ?? (NO_CONCRETE_TIME.test(l.message) ? VAGUE_WHEN.exec(l.message) : null);
      if (admitted) return { what: `the agent unable to help ('${admitted[0]}', ${l.timestamp})`, at: i };
      if (noTimeAtAll(l.message)) return { what: `the agent with no time to offer (${l.timestamp})`, at: i };
      // A contact promised with no time that the caller has to ask "when?" about.
      const next = lines.slice(i + 1).find((n) => speakerOf(n.role) !== 'tool');
      if (NO_CONCRETE_TIME.test(l.message) && !NAMED_TIME_SAID.test(l.message) && next && speakerOf(next.role) === 'customer' && ASKS_WHEN.test(next.message)) {
        return { what: `the agent promising contact with no time ('${l.message}', ${l.timestamp})`, at: i };
      }
    }
    // On an inbound call, the caller remarking that the agent asks again ("you just asked me that", "ya le dije").
    if (this.input.direction === 'inbound') {
      for (const [i, l] of lines.entries()) {
        if (speakerOf(l.role) === 'customer' && CALLER_SAW_REPEAT.test(l.message))
          return { what: `the caller told the agent it asked again (${l.timestamp})`, at: i };
      }
    }
    return null;
  }

  /** A problem or a request said outright, not only the equipment named. */
  private get problemOrRequest(): boolean {
    // "You guys installed" names past work: its verb is no request.
    const past = hitsOf(this.cues, 'existing_work');
    const partOfPast = (h: CueHit) => past.some((p) => p.line === h.line && p.said.includes(h.said));
    return this.cues.hits.some((h) => (h.signal === 'service' || h.signal === 'booking_request') && h.weight >= SIGNAL_THRESHOLD && !partOfPast(h));
  }

  /** An outbound call that collects feedback or handles a reminder: not an offer of new work. */
  get feedbackCall(): boolean {
    if (['HAPPY_CALLS_AGENT', 'APPOINTMENT_REMINDER_AGENT'].includes(this.input.agentType)) return true;
    if (EXISTING_JOB_ACTIONS.some((t) => this.completed(t))) return true;
    return FEEDBACK_SIGNALS.some((s) => this.score(s) >= SIGNAL_THRESHOLD);
  }

  /**
   * Abandoned (classify-interaction: "no request was made"): an inbound exchange of a few words that asks
   * nothing, names no problem and states no other purpose (a supplier, a bill, a person, an appointment).
   */
  get madeNoRequest(): Verdict {
    if (this.input.direction !== 'inbound') return no('an outbound call: the agent made the request.');
    if (this.needStated) return no('the caller named a need for service.');
    const purpose = PURPOSE_SIGNALS.filter((s) => this.score(s) >= SIGNAL_THRESHOLD);
    if (purpose.length > 0) return no(`the caller stated a purpose (${purpose.join(', ')}).`);
    if (this.input.facts.actions.some((a) => a.status === 'COMPLETED')) return no('an action was completed.');
    if (this.input.facts.endedReason === 'transferred') return no('the call was transferred.');
    const person = this.personAsked;
    if (person.value) return no(person.reason);
    if (this.languageIssue.value) return no('the caller spoke another language.');
    const words = this.view.customerWords();
    if (words >= SHORT_EXCHANGE_WORDS) return no(`the caller spoke ${words} words.`);
    // A question of a few words or more asks something ("what are your hours?"); one about whether the agent is a machine does not.
    const asks = (q: string) => q.split(/\s+/).filter(Boolean).length >= 4 && !ABOUT_THE_AGENT.test(q);
    // "Can I call you back in ten minutes?" puts the call off before asking anything: it is no question about service.
    const putsOff = (l: TranscriptLine) => this.cues.hits.some((h) => h.line === l && (h.signal === 'follow_up' || h.signal === 'busy_now'));
    const question = this.view.customer.find((l) => !putsOff(l) && questionsIn(l.message).some(asks));
    if (question) return no(`the caller asked a question: ${cite({ line: question, text: question.message })}.`);
    const heard = this.cues.hits.filter((h) => h.signal !== 'affirmative');
    return yes(
      `the caller said only ${words} word${words === 1 ? '' : 's'}, made no request and stated no other purpose${heard.length > 0 ? ` (only ${heard.slice(0, 2).map(describeHit).join(', ')})` : ''}.`,
    );
  }

  /** A price asked by a caller who also asks for someone to come is a lead's question, not a price-only call. */
  private wantsVisit(excuse: Excuse): boolean {
    return excuse === 'estimate_on_call' && this.score('booking_request') > this.score('estimate_on_call');
  }

  /** One sentence per completed or dropped action, from the facts. */
  outcome(): string[] {
    const lines = this.input.facts.actions
      .filter((a) => a.status !== 'NEW')
      .map((a) => `${a.type} ${a.status === 'COMPLETED' ? 'completed' : 'dropped'}${describePayload(a)} (action ${a.id})`);
    return lines.length > 0 ? lines : ['no action was completed'];
  }
}

/**
 * Speech-to-text marks what is not speech in brackets ("[static]", "[inaudible]", "[hangs up]",
 * "(background noise)"): it is no word of the caller's, so it is removed, and a line left empty is dropped.
 */
function withoutNoise(lines: readonly TranscriptLine[]): TranscriptLine[] {
  return lines
    .map((l) => ({
      ...l,
      message: withoutAsides(l.message)
        .replace(/\[[^\]]*\]|\((?:inaudible|unintelligible|crosstalk|static|silence|noise|[a-z ]*noise|laughs?|click)\)/gi, ' ')
        .trim(),
    }))
    .filter((l) => /[\p{L}\p{N}]/u.test(l.message));
}

/**
 * Speech the transcriber marks as said to someone else ("[to someone else] Tyler, put your shoes on!", "(to her
 * son) …", "[aside] …") is no part of the conversation with the agent (classify-interaction: Abandoned is "before
 * any real conversation"): the marker and what follows it in that line, up to the next marker, are dropped.
 */
function withoutAsides(message: string): string {
  return message.replace(
    /[[(]\s*(?:(?:talking|speaking|says?|said|yell(?:s|ing)?|shout(?:s|ing)?|calling)\s+)?(?:to|at)\s+[^\])]*[\])][^[(]*|[[(]\s*aside\s*[\])][^[(]*/gi,
    ' ',
  );
}

/**
 * With no line labelled as the caller, an unidentified speaker is the other party (a robocall, a
 * recorded notice): what it said is read as the caller's, so a recording is not mistaken for silence. On an
 * inbound call the agent answers, so a phone tree or recording (IVR) heard there is the caller's recording too
 * (spec 000 §4 spam: "a robocall … aimed at the business"); on an outbound call it is the callee's menu.
 */
function otherPartyAsCaller(lines: readonly TranscriptLine[], direction: InteractionInput['direction']): TranscriptLine[] {
  if (lines.some((l) => speakerOf(l.role) === 'customer')) return [...lines];
  // A voicemail greeting is no caller ("leave me a message and I'll get back to you").
  if (lines.some((l) => speakerOf(l.role) !== 'agent' && TRANSCRIPT_VOICEMAIL.some((p) => p.test(l.message)))) return [...lines];
  const other = (l: TranscriptLine) =>
    speakerOf(l.role) === 'unknown' || (direction === 'inbound' && speakerOf(l.role) === 'ivr' && !RECORDING_DISCLOSURE.test(l.message));
  return lines.map((l) => (other(l) ? { ...l, role: 'Customer' } : l));
}

/** The business's own notice that the call is recorded: the business's line, not a caller's recording. */
const RECORDING_DISCLOSURE =
  /\b(?:call|conversation) (?:may|will|might) be (?:recorded|monitored)|\bquality (?:and|&) training purposes\b|\b(?:puede|podr[aá]) ser grabada\b|\bpode ser gravada\b|\bpeut [êe]tre enregistr/i;

/** "Do you (guys) do / install / fix / work on …?", "can you (guys) fix …?", "¿hacen / instalan …?". */
const CAPABILITY_QUESTION =
  /\b(?:do|does|can|could) (?:you|y'?all|your company|your guys|you guys|you all) (?:guys |all |folks )?(?:do|install|fix|repair|service|handle|offer|clean|replace|work on|put in|deal with)\b|\b(?:hacen|instalan|reparan|arreglan|fazem|instalam|consertam)\b/i;
const EXISTING_APPOINTMENT_WORDS = /\b(?:appointments?|appt|visit|scheduled|booking|booked|reservation|coming (?:out|over|by|tomorrow|today)|cita|visita)\b/i;
/** A capability question about a day or an hour asks for a time, not for work. */
const WHEN_WORDS = /\b(?:weekends?|saturdays?|sundays?|evenings?|nights?|holidays?|same[- ]day|today|tonight|tomorrow|after hours|24\/7|emergenc(?:y|ies))\b/i;
/** An agent's answer that says no. */
const NEGATIVE_ANSWER =
  /^\s*(?:no\b|nope\b|sorry\b|unfortunately\b|i'?m sorry\b|i'?m afraid\b)|\b(?:we|us) (?:don'?t|do not|only|no longer|can'?t|cannot)\b|\bnot something we\b|\bno (?:hacemos|trabajamos)\b/i;

/** Which sentence (or "but" / "also" clause) of its line a cue was said in. */
function sentenceOf(hit: CueHit): number {
  const parts = normalise(hit.line.message).split(/[.?!;]+|\b(?:but|also)\b/);
  const index = parts.findIndex((p) =>
    p
      .replace(/[^a-z0-9ñ ]/g, ' ')
      .replace(/\s+/g, ' ')
      .includes(hit.said),
  );
  return index < 0 ? 0 : index;
}

/** English (or "inglés", "anglais") within two words of a word that limits it, in either order. */
const LIMITED_ENGLISH =
  /\b(?:english|ingles|anglais)\W+(?:[a-z]+\W+)?(?:little|poco|poquito|bad|broken|un peu|pouco|not good|no good|not so good|not very good)\b|\b(?:little|poco|poquito|broken|un peu|pouco)\W+(?:[a-z]+\W+)?(?:english|ingles|anglais)\b/;

/** A detail of the booking named in an agent's question. */
const DETAIL_ASKED: Record<string, RegExp> = {
  name: /\bname\b|\bwho am i speaking\b|\bnombre\b/i,
  address: /\baddress\b|\bdirecci[oó]n\b/i,
  'phone number': /\bphone\b|\b(?:your|the|best|callback|contact) number\b|\btel[eé]fono\b/i,
};
/**
 * An agent admitting it could not do its part (English, Spanish, Portuguese, French): not found, not validated, a
 * calendar or system it cannot reach, a booking that did not go through, a request it has to ask for again.
 */
const AGENT_FAILED = new RegExp(
  [
    String.raw`\b(?:was ?n[o'’]?t|am not|i['’]?m not|not|unable|wo ?n['’]?t be) able to (?:find|validate|verify|locate|confirm|book|schedule|see|pull up|access|get into)`,
    String.raw`\b(?:can['’]?t|cannot|could ?n['’]?t|could not) (?:find|validate|verify|locate|book|schedule|pull up|access|get into|lock in|confirm it|confirm the)`,
    String.raw`\bhaving (?:some |a little )?(?:trouble|issues|problems) (?:with|pulling|finding|accessing|getting|loading|booking)`,
    String.raw`\b(?:system|computer|calendar|scheduler|scheduling system) (?:is|was|seems to be|went) (?:down|not working|acting up)`,
    String.raw`\b(?:did ?n['’]?t|did not) (?:accept|go through|save|take)\b`,
    String.raw`\bwhat you (?:needed|wanted|said|called about) again\b`,
    String.raw`\b(?:no (?:pude|puedo|logro) (?:validar|encontrar|agendar|ver)|no encuentro|sigo sin poder|el sistema (?:no|est[aá] caído))`,
    String.raw`\bn[aã]o (?:consegui|consigo) (?:encontrar|validar|agendar|ver)|\bo sistema (?:caiu|n[aã]o)`,
    String.raw`\bje n['’]?arrive pas [aà] (?:trouver|valider|r[ée]server)|\ble syst[eè]me (?:est en panne|ne)`,
  ].join('|'),
  'i',
);

/** A caller who hears a question again: "you just asked me that", "I already told you", "ya le dije", "já falei". */
const CALLER_SAW_REPEAT =
  /\byou (?:just|already) asked\b|\bi (?:already|just) (?:told|gave) you\b|\bi (?:already|just) said(?: (?:that|it|so))?(?=\s*[.!?]|\s*$)|\bya (?:le|te|se lo) (?:dije|di)\b|\bj[aá] (?:te |lhe )?(?:falei|disse)\b|\bje (?:vous )?l['’]?ai d[ée]j[aà] dit\b/i;
/** A caller asking when a promised contact will come. */
const ASKS_WHEN = /^\W*(?:(?:ok(?:ay)?|so|um|uh|and|but)\W+)*(?:when|cu[aá]ndo|quando|quand)\b|\bwhen (?:will|would|is|are|can|do)\b/i;
const NAMED_TIME_SAID =
  /\b(?:today|tonight|tomorrow|this week|next week|monday|tuesday|wednesday|thursday|friday|saturday|sunday|morning|afternoon|evening|hour|minutes|hoy|ma[ñn]ana|hoje|amanh[aã]|demain)\b|\d/i;

/** "Someone will reach out at some point": a contact promised with no time (`AGENT_FAILED`'s other half). */
const NO_CONCRETE_TIME = /\b(?:reach out|get back to you|give you a call|call you|contact you|be in touch)\b/i;
const VAGUE_WHEN = /\b(?:at some point|when things slow down|when (?:we|they) get a chance|in a few weeks|sometime soon|eventually)\b/i;

/** An agent asking to spell, repeat or confirm a detail checks it; that is no fumble. */
const CLARIFYING = /\b(?:spell|repeat|confirm|again|sorry|catch|correct|right|verify|just to|make sure|deletrear|repetir|confirmar)\b/i;

/** A question about whether the agent is a machine asks for nothing. */
const ABOUT_THE_AGENT = /\b(?:robot|bot|ai|a\.i\.|machine|computer|recording|real person|automated)\b/i;

/** The sentences of a line that end in a question mark. */
function questionsIn(message: string): string[] {
  return (message.match(/[^.?!]*\?/g) ?? []).map((q) => q.replace(/[?]/g, '').trim());
}

/**
 * The questions an agent's line asks. Speech-to-text often drops the question mark ("can i get your first and last
 * name please"): in a line with none, a sentence that opens like a request for a detail counts as one.
 */
function agentAsksIn(message: string): string[] {
  if (message.includes('?')) return questionsIn(message);
  return message
    .split(/[.!]+/)
    .map((q) => q.trim())
    .filter((q) => ASKS_WITHOUT_MARK.test(q));
}
const ASKS_WITHOUT_MARK =
  /^(?:(?:ok(?:ay)?|thanks?|thank you|great|got it|and|so|now|perfect|alright|sure)[, ]+)*(?:can i (?:get|have)|could i (?:get|have)|may i (?:get|have)|could you (?:give|tell)|can you (?:give|tell)|what(?:['’]s| is) (?:the|your)|and (?:the|your)|me (?:puede|podr[ií]a) dar|cu[aá]l es (?:su|la|el)|qual (?:[eé]|o|a) )/i;

/** A capitalised name right after "is … there" or "talk / speak to": a staff member asked for. */
const NAMED_PERSON = [
  /\b(?:[Ii]s|[Aa]re) ([A-Z][a-z]+) (?:there|in|around|available|in the office)\b/,
  /\b(?:[Tt]alk|[Ss]peak) (?:to|with) ([A-Z][a-z]+)\b/,
  /\b(?:[Cc]an|[Cc]ould) ([A-Z][a-z]+) (?:call me|give me a call)\b/,
];
const NOT_A_NAME = new Set([
  'i',
  'you',
  'he',
  'she',
  'they',
  'we',
  'it',
  'this',
  'that',
  'there',
  'someone',
  'somebody',
  'anyone',
  'anybody',
  'the',
  'a',
  'an',
  'your',
  'my',
  'our',
  'hi',
  'hello',
  'yes',
  'no',
  ...'monday tuesday wednesday thursday friday saturday sunday today tomorrow tonight january february march april may june july august september october november december'.split(
    ' ',
  ),
]);

const TRANSCRIPT_VOICEMAIL = [
  /\bleave (?:me |us )?(?:a|your|it) (?:message|name and number|at the)\b/i,
  /\b(?:after|at) the (?:tone|beep)\b/i,
  /\brecord your message\b/i,
  /\byou(?:'ve| have) reached\b/i,
  /\b(?:not home|not available|unavailable|away from the phone) right now\b/i,
  /\b(?:can'?t|cannot) get to the phone\b/i,
  /\b(?:is|are) not available\b[^.?!]*\b(?:message|tone|beep)\b/i,
  /\bmailbox (?:is full|of)\b/i,
  /\bhas not set up (?:their|a) (?:voice ?mail|mailbox)\b/i,
  /\b(?:can'?t|cannot) (?:come to|take) (?:the|your) (?:phone|call)\b/i,
  /\bdeje (?:su|un) mensaje\b/i,
];

const TAG_LABEL: Record<string, string> = {
  timing_issue: 'the offered time did not suit the caller',
  estimate_on_call: 'the caller asked for a price on the call',
  message_drop: 'the caller wanted to leave a message',
  follow_up: 'the caller will follow up later',
  sooner_slot: 'the caller asked for a sooner slot',
};

function describePayload(action: Action): string {
  const p = action.payload;
  const when = p.new_appointment_time ?? p.appointment_time;
  if (typeof when === 'string' && when !== '') return ` for ${when}`;
  if (typeof p.status === 'string') return ` as ${p.status}`;
  return '';
}

/** What a non-cue feature of the call-type model means, in the words a reason shows staff. */
const RULE_LABELS: Record<string, string> = {
  lead_weight: 'lead cues',
  not_lead_weight: 'not-a-lead cues',
  need_stated: 'a need stated',
  made_no_request: 'no request made',
  no_conversation: 'no conversation',
  spam: 'spam',
  person_asked: 'a person asked for',
  about_existing_appointment: 'about an existing appointment',
  outbound_decline: 'the offer declined',
  feedback_call: 'a feedback call',
  business_failure: 'the business could not serve',
  own_choice: "the caller's own choice",
  few_words_no_cue: 'a few words and no purpose said',
};

/** What a short call's purpose feature (`rule:short_with:*`) names. */
const SHORT_WITH_LABELS: Record<string, string> = { excuse: 'an excuse', need: 'a need stated', not_lead: 'a not-a-lead purpose' };

export function featureLabel(feature: string): string {
  const [group, ...rest] = feature.split(':');
  const value = rest.join(':');
  switch (group) {
    case 'rule':
      if (value.startsWith('excuse:')) return `excuse ${value.slice('excuse:'.length)}`;
      if (value.startsWith('need_with:')) return `a need stated, and ${value.slice('need_with:'.length)}`;
      if (value.startsWith('after_failure:')) return `${value.slice('after_failure:'.length)} after the business failed`;
      if (value.startsWith('short_with:')) return `a short call with ${SHORT_WITH_LABELS[value.slice('short_with:'.length)] ?? value}`;
      return RULE_LABELS[value] ?? value;
    case 'action':
      return value.replace(':', ' ');
    case 'ended':
      return `ended ${value}`;
    case 'direction':
      return `${value} call`;
    case 'agent':
      return `agent ${value}`;
    case 'duration':
      return `${value} s long`;
    case 'caller_words':
      return `caller said ${value} words`;
    case 'caller_language':
      return `caller's language ${value}`;
    case 'objection':
      return value === 'fee' ? 'refused after a fee' : 'refused an offered time';
    case 'evidence':
      return value.replace('_', ' ');
    case 'w':
      // A word feature (call-type-words.ts), "w:c:caro": who said it, and the word's stem (a pair's two stems).
      return `the ${value.startsWith('a') ? 'agent' : 'caller'} said '${value.slice(2).replace('_', ' ')}'`;
    case 'agent_answered_in_caller_language':
      return "the agent answered in the caller's language";
    default:
      return feature;
  }
}
