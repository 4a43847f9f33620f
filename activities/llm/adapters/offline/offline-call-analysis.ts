import type { Trade } from '../../../../domain/organization/organization-settings.schema';
import { type Action, type CallType, completedBookingActions, type InteractionInput, speakerOf } from '../../../../domain/interaction/interaction.schema';
import { EXCUSED_TAGS, type ExcusedTag } from '../../../../domain/interaction/tags.schema';
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
  offline,
  type PhraseRule,
  TranscriptView,
} from './transcript-rules';

export interface Verdict {
  value: boolean;
  reason: string;
}

const yes = (reason: string): Verdict => ({ value: true, reason: offline(reason) });
const no = (reason: string): Verdict => ({ value: false, reason: offline(reason) });

/**
 * What the offline engine can honestly say about one interaction, computed once and shared by every
 * task answer: facts first (actions, ended reason), then the phrases it recognises in the transcript.
 */
export class CallAnalysis {
  readonly view: TranscriptView;
  readonly booked: Action[];
  private readonly phraseCache = new Map<PhraseRule, Evidence | null>();

  constructor(readonly input: InteractionInput) {
    this.view = new TranscriptView(input.transcript);
    this.booked = completedBookingActions(input.facts);
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
    return findServiceRequest(this.view);
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

  get reachedVoicemail(): Verdict {
    if (this.input.facts.endedReason === 'voicemail') return yes('the call ended with reason voicemail.');
    const greeting = this.view.find('any', TRANSCRIPT_VOICEMAIL);
    if (greeting && speakerOf(greeting.line.role) !== 'agent') {
      return yes(`a voicemail greeting answered: ${cite(greeting)}.`);
    }
    return no('no voicemail greeting was recognised and the call did not end as voicemail.');
  }

  get noConversation(): Verdict {
    if (this.reachedVoicemail.value) return no('the call reached voicemail.');
    const words = this.view.customerWords();
    return words < 4
      ? yes(`the caller said ${words === 0 ? 'nothing' : `only ${words} word${words === 1 ? '' : 's'}`}.`)
      : no(`the caller spoke ${words} words.`);
  }

  get spam(): Verdict {
    if (this.input.facts.endedReason === 'marked_as_spam') return yes('the call ended marked as spam.');
    const evidence = this.phrase('spam');
    return evidence ? yes(`solicitation recognised: ${cite(evidence)}.`) : no('no solicitation phrase was recognised.');
  }

  get outsideServiceArea(): Verdict {
    const said = this.phrase('outside_service_area');
    if (said) return yes(`the agent said so: ${cite(said)}.`);
    const address = this.address;
    const zip = address ? findZip(address.text) : null;
    const area = this.input.org.zipcodes;
    if (zip && area.length > 0 && !area.includes(zip)) {
      return yes(`the zip code ${zip} given at ${address!.line.timestamp} is not in the organization's service area.`);
    }
    return no(zip && area.length > 0 ? `the zip code ${zip} is in the service area.` : 'nothing showed the address is outside the service area.');
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

  get isLead(): Verdict {
    if (this.booked.length > 0) return yes(`a booking action (${this.booked[0].id}) was completed.`);
    const ruled = this.leadRule;
    if (ruled) {
      const reason = `the organization's lead rule "${ruled.rule.title}" applies: ${cite(ruled.evidence)}.`;
      return ruled.rule.isLead ? yes(reason) : no(reason);
    }
    if (this.spam.value) return no('the call is a solicitation, not a customer.');
    const notLead = this.phrase('not_lead');
    if (notLead) return no(`the caller was not asking for service: ${cite(notLead)}.`);
    if (this.reachedVoicemail.value) return no('the call reached voicemail; no one asked for service.');
    if (this.noConversation.value) return no('there was no conversation.');
    const request = this.serviceRequest;
    return request ? yes(`the caller asked for service: ${cite(request)}.`) : no('no request for service was recognised.');
  }

  excusedTag(tag: ExcusedTag): Verdict {
    switch (tag) {
      case 'spam':
        return this.spam;
      case 'no_conversation':
        return this.noConversation;
      case 'outside_service_area':
        return this.outsideServiceArea;
      case 'message_left': {
        const greeting = this.reachedVoicemail;
        if (!greeting.value) return no('the call did not reach voicemail.');
        const last = this.view.agent[this.view.agent.length - 1];
        return last
          ? yes(`the agent left a message after the voicemail greeting: ${cite({ line: last, text: last.message })}.`)
          : no('the call reached voicemail but the agent said nothing.');
      }
      case 'agent_requested':
        if (this.spam.value) return no('a solicitor asking for someone is not a customer asking for a person.');
        return this.fromPhrase('agent_requested', 'the caller asked for a person');
      default:
        return this.fromPhrase(tag, TAG_LABEL[tag]);
    }
  }

  fromPhrase(rule: PhraseRule, label: string): Verdict {
    const evidence = this.phrase(rule);
    return evidence ? yes(`${label}: ${cite(evidence)}.`) : no(`no phrase for ${rule.replace(/_/g, ' ')} was recognised.`);
  }

  excusedTags(): Record<ExcusedTag, Verdict> {
    return Object.fromEntries(EXCUSED_TAGS.map((t) => [t, this.excusedTag(t)])) as Record<ExcusedTag, Verdict>;
  }

  get callType(): { value: CallType; reason: string } {
    if (this.booked.length > 0) return { value: 'Booked', reason: offline(`booking action ${this.booked[0].id} (${this.booked[0].type}) is COMPLETED.`) };
    const tags = this.excusedTags();
    if (this.reachedVoicemail.value) return { value: 'Excused', reason: this.reachedVoicemail.reason };
    if (this.noConversation.value) return { value: 'Abandoned', reason: this.noConversation.reason };
    if (tags.spam.value) return { value: 'Excused', reason: tags.spam.reason };
    const lead = this.isLead;
    if (!lead.value) return { value: 'NotLead', reason: lead.reason };
    const excuse = EXCUSED_TAGS.find((t) => tags[t].value);
    if (excuse) return { value: 'Excused', reason: tags[excuse].reason };
    return { value: 'Unbooked', reason: offline('the caller asked for service, no booking action completed and no excuse was recognised.') };
  }

  /** One sentence per completed or dropped action, from the facts. */
  outcome(): string[] {
    const lines = this.input.facts.actions
      .filter((a) => a.status !== 'NEW')
      .map((a) => `${a.type} ${a.status === 'COMPLETED' ? 'completed' : 'dropped'}${describePayload(a)} (action ${a.id})`);
    return lines.length > 0 ? lines : ['no action was completed'];
  }
}

const TRANSCRIPT_VOICEMAIL = [
  /\bleave (?:a|your) (?:message|name and number)\b/i,
  /\bafter the (?:tone|beep)\b/i,
  /\bat the tone\b/i,
  /\bmailbox (?:is full|of)\b/i,
  /\bhas not set up (?:their|a) (?:voice ?mail|mailbox)\b/i,
  /\b(?:can'?t|cannot) (?:come to|take) (?:the|your) (?:phone|call)\b/i,
];

const TAG_LABEL: Record<string, string> = {
  dispatch_fee_issue: 'the caller objected to the fee',
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
