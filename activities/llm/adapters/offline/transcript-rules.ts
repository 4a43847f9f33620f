import type { Trade } from '../../../../domain/organization/organization-settings.schema';
import { speakerOf, type TranscriptLine } from '../../../../domain/interaction/interaction.schema';
import { CJK_CHARS } from './cue-text';

const CJK_CHAR = new RegExp(`[${CJK_CHARS}]`, 'g');

// Rules the offline engine can apply honestly: phrases it recognises in the transcript, and values it
// can lift from what was said. Every finding keeps the line it rests on, so reasons can cite it.

/**
 * Free text of the offline engine is no longer marked line by line: the interaction records which engine
 * analysed it (InteractionClassified's engine) and the dashboard shows one badge. Kept as the identity
 * for the in-house dialogue's imports.
 */
export function offline(text: string): string {
  return text;
}

export interface Evidence {
  line: TranscriptLine;
  text: string;
}

export type Who = 'customer' | 'agent' | 'any';

export function cite(evidence: Evidence): string {
  const who = speakerOf(evidence.line.role) === 'agent' ? 'agent' : 'caller';
  const message = evidence.line.message.length > 140 ? `${evidence.line.message.slice(0, 137)}...` : evidence.line.message;
  return `${evidence.line.timestamp} ${who}: "${message}"`;
}

export class TranscriptView {
  readonly customer: TranscriptLine[];
  readonly agent: TranscriptLine[];
  /** Lines of neither side: IVR, voicemail systems, unknown speakers. */
  readonly other: TranscriptLine[];

  constructor(readonly lines: TranscriptLine[]) {
    this.customer = lines.filter((l) => speakerOf(l.role) === 'customer');
    this.agent = lines.filter((l) => speakerOf(l.role) === 'agent');
    this.other = lines.filter((l) => !['customer', 'agent', 'tool'].includes(speakerOf(l.role)));
  }

  linesOf(who: Who): TranscriptLine[] {
    return who === 'customer' ? this.customer : who === 'agent' ? this.agent : this.lines;
  }

  find(who: Who, patterns: readonly RegExp[]): Evidence | null {
    for (const line of this.linesOf(who)) {
      for (const pattern of patterns) {
        const match = pattern.exec(line.message);
        if (match) return { line, text: match[0] };
      }
    }
    return null;
  }

  findAll(who: Who, patterns: readonly RegExp[]): Evidence[] {
    return this.linesOf(who).flatMap((line) => {
      const hit = patterns.map((p) => p.exec(line.message)).find(Boolean);
      return hit ? [{ line, text: hit[0] }] : [];
    });
  }

  /** Words the caller said; a run of Han, kana or hangul written without spaces counts as one word per two characters. */
  customerWords(): number {
    const words = (text: string) =>
      text
        .split(/\s+/)
        .filter(Boolean)
        .reduce((n, w) => {
          const script = w.match(CJK_CHAR)?.length ?? 0;
          return n + (script > 0 ? Math.ceil(script / 2) : 1);
        }, 0);
    return this.customer.reduce((n, l) => n + words(l.message), 0);
  }

  /** The customer's answer to the first agent question matching `question`. */
  answerTo(question: RegExp): TranscriptLine | null {
    for (let i = 0; i < this.lines.length; i++) {
      const line = this.lines[i];
      if (speakerOf(line.role) !== 'agent' || !question.test(line.message) || !line.message.includes('?')) continue;
      const next = this.lines.slice(i + 1).find((l) => speakerOf(l.role) !== 'tool');
      if (next && speakerOf(next.role) === 'customer') return next;
    }
    return null;
  }
}

/** Phrases per tag. They are deliberately narrow: a tag the engine cannot see stays false. */
export const TAG_PHRASES = {
  cancellation: { who: 'customer', patterns: [/\bcancel(?:l?ing|l?ed|lation)?\b/i] },
  reschedule: {
    who: 'customer',
    patterns: [
      /\breschedul\w*/i,
      /\bmove (?:my|the|our) appointment\b/i,
      /\bchange (?:my|the) appointment\b/i,
      /\bpush (?:it|the appointment) (?:back|out)\b/i,
    ],
  },
  spam: {
    who: 'customer',
    patterns: [
      /\bgoogle (?:business )?(?:listing|profile|ranking)\b/i,
      /\bSEO\b/,
      /\brank (?:higher|first|on google)\b/i,
      /\bmerchant services\b/i,
      /\bcredit card processing\b/i,
      /\bbusiness (?:loan|funding|line of credit)\b/i,
      /\bextended (?:car |auto |vehicle )?warranty\b/i,
      /\bthis is (?:a|an) (?:automated|recorded) (?:message|call)\b/i,
      /\bpress (?:one|1) to (?:speak|be removed|talk)\b/i,
      /\byou(?:'ve| have) been (?:selected|pre-?approved)\b/i,
      /\blead generation\b/i,
    ],
  },
  language_issue: {
    who: 'customer',
    patterns: [
      /\bno hablo\b/i,
      /\bhabla(?:s)? (?:español|espanol)\b/i,
      /\bspeak spanish\b/i,
      /\b(?:no|don'?t|do not) (?:speak |understand )?english\b/i,
      /\bmy english (?:is|isn'?t) (?:not )?(?:good|bad|great)\b/i,
    ],
  },
  outside_service_area: {
    who: 'agent',
    patterns: [/\boutside (?:of )?(?:our|the) service area\b/i, /\b(?:don'?t|do not) (?:service|serve|cover) (?:that|your|this) (?:area|city|zip)\b/i],
  },
  dispatch_fee_issue: {
    who: 'customer',
    patterns: [
      /\b(?:fee|charge|trip charge|service call)\b[^.?!]*\b(?:too (?:much|high|expensive)|ridiculous|not paying|won'?t pay)\b/i,
      /\b(?:don'?t|do not|won'?t|not going to) (?:want to )?pay (?:a|the|for (?:a|the)) (?:fee|dispatch|service call|trip)\b/i,
      /\bcharge (?:me )?just to come out\b/i,
      /\bwhy (?:is there|do you charge) a (?:fee|charge)\b/i,
    ],
  },
  timing_issue: {
    who: 'customer',
    patterns: [
      /\b(?:that'?s|it'?s) too (?:late|far out|long)\b/i,
      /\bnothing (?:sooner|earlier)\b/i,
      /\bcan'?t wait (?:that long|until)\b/i,
      /\b(?:doesn'?t|won'?t) work for me\b/i,
      /\bi'?m not available\b/i,
    ],
  },
  sooner_slot: {
    who: 'customer',
    patterns: [/\banything (?:sooner|earlier)\b/i, /\b(?:sooner|earlier) (?:slot|time|appointment|opening)\b/i, /\bif something opens up\b/i, /\bsooner if\b/i],
  },
  estimate_on_call: {
    who: 'customer',
    patterns: [
      /\bhow much (?:does|do|would|will|is)\b/i,
      /\bwhat(?:'s| is| would be| does) (?:the |it )?(?:cost|price)\b/i,
      /\b(?:give me|get) (?:a |an )?(?:quote|price|estimate|ballpark)\b/i,
      /\bballpark\b/i,
    ],
  },
  agent_requested: {
    who: 'customer',
    patterns: [
      /\b(?:speak|talk) (?:to|with) (?:a |an )?(?:real |live |actual )?(?:person|human|representative|someone|somebody|manager|operator)\b/i,
      /\breal person\b/i,
      /\bhuman being\b/i,
    ],
  },
  message_drop: {
    who: 'customer',
    patterns: [
      /\b(?:can i|i'?d like to|i want to|just want to|just wanted to) leave (?:a|him a|her a|them a) message\b/i,
      /\b(?:pass|give) (?:along )?(?:a|the) message\b/i,
      /\bjust tell (?:him|her|them|the office)\b/i,
    ],
  },
  follow_up: {
    who: 'customer',
    patterns: [
      /\b(?:i'?ll|i will|let me) (?:call|get) (?:you )?back\b/i,
      /\bcheck with my (?:wife|husband|spouse|partner|landlord|family)\b/i,
      /\bthink about it\b/i,
      /\b(?:call|text) me (?:back )?(?:later|next week|tomorrow)\b/i,
      /\bget back to (?:you|me)\b/i,
    ],
  },
  callback_requested: { who: 'customer', patterns: [/\bcall me back\b/i, /\b(?:have|can) (?:someone|somebody|a tech(?:nician)?) call me\b/i] },
  no_thanks: {
    who: 'customer',
    patterns: [/^\s*no,? thanks?(?: you)?[.!]?\s*$/i, /\bnot interested\b/i, /\bno,? (?:thanks?|thank you),? (?:i'?m|we'?re) (?:good|fine|all set)\b/i],
  },
  different_service: { who: 'customer', patterns: [/\bdifferent service\b/i, /\bsomething else\b/i, /\bactually (?:i|we) need\b/i, /\binstead\b/i] },
  do_not_contact: {
    who: 'customer',
    patterns: [
      /^\s*stop\s*\.?\s*$/i,
      /\bunsubscribe\b/i,
      /\b(?:do not|don'?t) (?:contact|call|text|message) (?:me|us)\b/i,
      /\bremove me\b/i,
      /\bstop (?:texting|calling|messaging)\b/i,
    ],
  },
  complimented_ai: {
    who: 'customer',
    patterns: [
      /\byou(?:'ve| have)? been (?:very |so |really )?(?:helpful|great|wonderful|amazing)\b/i,
      /\byou(?:'re| are) (?:very |so |really )?(?:helpful|great|awesome|amazing|good at this)\b/i,
      /\bgreat job\b/i,
    ],
  },
  asked_if_ai: {
    who: 'customer',
    patterns: [/\bare you (?:a |an )?(?:robot|bot|ai|real person|computer|machine|human)\b/i, /\bis this (?:a |an )?(?:robot|bot|ai|recording)\b/i],
  },
  frustration: {
    who: 'customer',
    patterns: [/\bfrustrat\w*/i, /\bridiculous\b/i, /\bannoy\w*/i, /\bthird time\b/i, /\bunacceptable\b/i, /\bfed up\b/i, /\bwaste of (?:my )?time\b/i],
  },
  distress: {
    who: 'customer',
    patterns: [
      /\bflood\w*/i,
      /\bburst\b/i,
      /\bgas smell\b/i,
      /\bsmell(?:s)? gas\b/i,
      /\bsparks?\b|\bsparking\b/i,
      /\bsmoke\b/i,
      /\bno heat\b/i,
      /\bfreezing\b/i,
      /\bemergency\b/i,
      /\bwater everywhere\b/i,
      /\bsewage\b/i,
    ],
  },
  empathy: {
    who: 'agent',
    patterns: [
      /\b(?:i'?m|i am|so) sorry (?:to hear|about|for)\b/i,
      /\bi understand\b/i,
      /\bthat (?:sounds|must be) (?:frustrating|stressful|hard|difficult|uncomfortable)\b/i,
    ],
  },
  advice: {
    who: 'agent',
    patterns: [
      /\bin the meantime\b/i,
      /\bturn off (?:the|your) (?:water|main|breaker|gas|power|unit|system)\b/i,
      /\bshut off\b/i,
      /\bmake sure (?:to|you)\b/i,
      /\bfor your safety\b/i,
      /\bchange (?:the|your) (?:air )?filter\b/i,
    ],
  },
  fee_mentioned: { who: 'agent', patterns: [/\b(?:dispatch|diagnostic|evaluation|service call|trip) (?:fee|charge)\b/i, /\$\s?\d+/] },
  booked_confirmation: {
    who: 'agent',
    patterns: [
      /\byou'?re all set\b/i,
      /\b(?:i'?ve|i have|we'?ve|we have) (?:booked|scheduled)\b/i,
      /\byour appointment is (?:booked|confirmed|scheduled|set)\b/i,
      /\b(?:is|are) (?:now )?(?:booked|scheduled) for\b/i,
    ],
  },
  repeat_request: { who: 'agent', patterns: [/\b(?:repeat|say again|spell)\b[^.?!]*\baddress\b/i, /\baddress\b[^.?!]*\b(?:again|repeat)\b/i] },
  objection: { who: 'customer', patterns: [/\bnot (?:sure|interested)\b/i, /\btoo expensive\b/i, /\b(?:i'?ll|let me) think\b/i, /\bcheaper\b/i] },
  upsell: {
    who: 'agent',
    patterns: [/\bmembership\b/i, /\bmaintenance plan\b/i, /\btune-?up\b/i, /\bwhile (?:we'?re|the tech(?:nician)? is) (?:there|out)\b/i, /\badd(?:-| )on\b/i],
  },
  interruption: { who: 'customer', patterns: [/\blet me finish\b/i, /\byou(?:'re| keep) interrupting\b/i, /\bstop talking\b/i, /\bcan i (?:say|finish)\b/i] },
  voicemail: {
    who: 'any',
    patterns: [
      /\bleave (?:a|your) (?:message|name and number)\b/i,
      /\bafter the (?:tone|beep)\b/i,
      /\bat the tone\b/i,
      /\bvoice ?mail\b/i,
      /\bmailbox (?:is full|of)\b/i,
      /\b(?:can'?t|cannot|is not available to) (?:come to|take) (?:the|your) (?:phone|call)\b/i,
      /\bhas not set up (?:their|a) (?:voice ?mail|mailbox)\b/i,
    ],
  },
  ivr: {
    who: 'any',
    patterns: [
      /\bpress (?:one|two|three|\d)\b/i,
      /\bthis call may be (?:recorded|monitored)\b/i,
      /\bpara (?:español|espanol)\b/i,
      /\bplease hold\b/i,
      /\byour call is important\b/i,
    ],
  },
  not_lead: {
    who: 'customer',
    patterns: [
      /\bwrong number\b/i,
      /\b(?:applying|apply) for (?:a |the )?(?:job|position)\b/i,
      /\bare you hiring\b/i,
      /\bsupplier\b/i,
      /\bvendor\b/i,
      /\b(?:my|an) invoice\b/i,
      /\bpay(?:ing)? (?:my|a) bill\b/i,
    ],
  },
} as const satisfies Record<string, { who: Who; patterns: readonly RegExp[] }>;
export type PhraseRule = keyof typeof TAG_PHRASES;

export function findPhrase(view: TranscriptView, rule: PhraseRule): Evidence | null {
  const { who, patterns } = TAG_PHRASES[rule];
  return view.find(who, patterns);
}

const SERVICE_PATTERNS = [
  /\b(?:not|isn'?t|aren'?t|won'?t|doesn'?t|stopped) (?:working|cooling|heating|blowing|turning on|draining|flushing)\b/i,
  /\bbroken\b|\bbroke\b/i,
  /\bleak\w*/i,
  /\bclog\w*/i,
  /\bback(?:ed)? up\b/i,
  /\bno (?:hot )?water\b|\bno heat\b|\bno (?:ac|a\/c|air|power)\b/i,
  /\b(?:repair|replace|replacement|install\w*|maintenance|tune-?up|inspection|estimate|quote)\b/i,
  /\b(?:schedule|book|set up) (?:an? )?(?:appointment|service|visit|technician|tech)\b/i,
  /\b(?:making|makes) (?:a )?(?:\w+ )?(?:noise|sound)\b/i,
  /\b(?:ac|a\/c|air condition\w*|furnace|heat pump|boiler|water heater|toilet|faucet|sink|drain|sewer|pipe|outlet|breaker|panel|roof|generator|garage door|thermostat)\b/i,
];

/** The caller's first line that asks for service, if any. */
export function findServiceRequest(view: TranscriptView): Evidence | null {
  return view.find('customer', SERVICE_PATTERNS);
}

const TRADE_KEYWORDS: [Trade, RegExp][] = [
  ['HVAC', /\b(?:ac|a\/c|air condition\w*|hvac|furnace|heat pump|heating|cooling|thermostat|boiler|duct\w*|cold air|no heat)\b/i],
  ['Drains', /\b(?:drain\w*|clog\w*|sewer|backed up|back up|snake)\b/i],
  ['Plumbing', /\b(?:plumb\w*|leak\w*|pipe\w*|toilet|faucet|water heater|sink|shower|hot water|water line)\b/i],
  ['Electrical', /\b(?:electric\w*|outlet\w*|breaker\w*|panel|wiring|lights?|sparks?|sparking|power)\b/i],
  ['Roofing', /\b(?:roof\w*|shingles?|gutters?)\b/i],
  ['Garage_Door', /\bgarage door\b/i],
  ['Generators', /\bgenerators?\b/i],
  ['Appliances', /\b(?:dishwasher|washer|dryer|fridge|refrigerator|oven|stove|appliance\w*)\b/i],
  ['Restoration', /\b(?:mold|water damage|fire damage|restoration)\b/i],
  ['Excavation', /\b(?:excavat\w*|dig\w*|trench\w*)\b/i],
];

export function findTrade(view: TranscriptView, offered: readonly Trade[]): { trade: Trade; evidence: Evidence } | null {
  const candidates = offered.length > 0 ? TRADE_KEYWORDS.filter(([t]) => offered.includes(t)) : TRADE_KEYWORDS;
  for (const line of view.customer) {
    for (const [trade, pattern] of candidates) {
      const match = pattern.exec(line.message);
      if (match) return { trade, evidence: { line, text: match[0] } };
    }
  }
  return null;
}

const NOT_A_NAME = new Set([
  'calling',
  'looking',
  'just',
  'not',
  'having',
  'trying',
  'the',
  'sorry',
  'here',
  'interested',
  'wondering',
  'good',
  'fine',
  'okay',
  'ok',
  'yes',
  'no',
]);
const NAME = "([A-Z][a-zA-Z'’-]+(?:\\s+[A-Z][a-zA-Z'’-]+){0,2})";

export function findCustomerName(view: TranscriptView): Evidence | null {
  const patterns = [
    new RegExp(`\\b[Mm]y name(?: is|'s)\\s+${NAME}`),
    new RegExp(`\\b(?:[Tt]his is|[Ii]t'?s)\\s+${NAME}(?=\\s+(?:from|calling|speaking|here)\\b|[.,!]|$)`),
    new RegExp(`\\b(?:I'm|I am)\\s+([A-Z][a-z'’-]+\\s+[A-Z][a-zA-Z'’-]+)`),
  ];
  for (const line of view.customer) {
    for (const pattern of patterns) {
      const match = pattern.exec(line.message);
      if (match && !NOT_A_NAME.has(match[1].split(/\s+/)[0].toLowerCase())) return { line, text: cleanName(match[1]) };
    }
  }
  const answer = view.answerTo(/\bname\b/i);
  const bare = answer && new RegExp(`^(?:(?:[Ii]t'?s|[Ss]ure,?|[Yy]es,?)\\s+)?${NAME}[.!]?$`).exec(answer.message.trim());
  if (answer && bare && !NOT_A_NAME.has(bare[1].split(/\s+/)[0].toLowerCase())) return { line: answer, text: cleanName(bare[1]) };
  return null;
}

function cleanName(name: string): string {
  const words = name.split(/\s+/);
  while (words.length > 1 && ['From', 'Calling', 'Speaking', 'Here'].includes(words[words.length - 1])) words.pop();
  return words.join(' ');
}

const ADDRESS_LEAD =
  /\b(?:i live at|my address is|the address is|address is|i'?m at|we'?re at|we are at|located at|the property is at|service address is|it'?s at)\s*:?\s*/i;
const STREET_SUFFIX =
  /\b(?:St|Street|Ave|Avenue|Rd|Road|Dr|Drive|Ln|Lane|Blvd|Boulevard|Ct|Court|Way|Pl|Place|Ter|Terrace|Cir|Circle|Pkwy|Parkway|Hwy|Highway)\b/;

/** The last address the customer gave (a corrected address wins). */
export function findAddress(view: TranscriptView): Evidence | null {
  let found: Evidence | null = null;
  for (const line of view.customer) {
    const lead = ADDRESS_LEAD.exec(line.message);
    if (lead) {
      const address = firstSentence(line.message.slice(lead.index + lead[0].length));
      if (/^\d/.test(address)) found = { line, text: address };
    }
  }
  if (found) return found;
  const answer = view.answerTo(/\baddress\b/i);
  if (answer) {
    const address = firstSentence(answer.message.replace(/^(?:it'?s|sure,?|yes,?)\s+/i, ''));
    if (/^\d+\s+\S+/.test(address) && STREET_SUFFIX.test(address)) return { line: answer, text: address };
  }
  return null;
}

function firstSentence(text: string): string {
  const abbreviations = /\b(?:St|Ave|Rd|Dr|Ln|Blvd|Ct|Apt|Pl|Ter|Cir|Pkwy|Hwy|No|Mt)\.$/;
  let end = text.length;
  for (let i = 0; i < text.length; i++) {
    const ch = text[i];
    if (ch === '?' || ch === '!') {
      end = i;
      break;
    }
    if (ch === '.' && (i === text.length - 1 || /\s/.test(text[i + 1])) && !abbreviations.test(text.slice(0, i + 1))) {
      end = i;
      break;
    }
  }
  return text.slice(0, end).trim().replace(/[,;]$/, '');
}

export function findZip(text: string): string | null {
  const us = /\b(\d{5})(?:-\d{4})?\b/.exec(text);
  if (us) return us[1];
  const ca = /\b([A-Za-z]\d[A-Za-z])\s?\d[A-Za-z]\d\b/.exec(text);
  return ca ? ca[1].toUpperCase() : null;
}

export interface AddressParts {
  formattedAddress: string;
  street: string | null;
  city: string | null;
  state: string | null;
  zip: string | null;
}

/** Splits "42 Oak Street, Springfield, IL 62704"; parts it cannot place stay null. */
export function splitAddress(address: string): AddressParts {
  const parts = address
    .split(',')
    .map((p) => p.trim())
    .filter(Boolean);
  const zip = findZip(address);
  let street: string | null = parts[0] ?? null;
  let city: string | null = null;
  let state: string | null = null;
  const tail = parts.length > 1 ? parts[parts.length - 1] : '';
  const stateZip = /^([A-Za-z]{2})(?:\s+[\dA-Za-z]{3}\s?[\dA-Za-z]{0,3})?$/.exec(tail);
  if (stateZip) {
    state = stateZip[1].toUpperCase();
    city = parts.length > 2 ? parts[parts.length - 2] : null;
  } else if (parts.length > 1 && !/^\d/.test(tail)) {
    city = tail.replace(/\s+\d{5}$/, '') || null;
  }
  if (street && zip && parts.length === 1) street = street.replace(new RegExp(`\\s*${zip}.*$`), '').trim() || null;
  return {
    formattedAddress: [street, city, [state, zip].filter(Boolean).join(' ')].filter((p) => p && p !== '').join(', '),
    street,
    city,
    state,
    zip,
  };
}

const PHONE = /(?:\+?1[\s.-]?)?\(?\b(\d{3})\)?[\s.-]?(\d{3})[\s.-]?(\d{4})\b/;

/** US and Canada numbers as +1XXXXXXXXXX (spec 000 §5 phone normalization). */
export function findPhone(text: string): string | null {
  const match = PHONE.exec(text);
  return match ? `+1${match[1]}${match[2]}${match[3]}` : null;
}

export function normalizePhone(raw: string | null): string | null {
  if (!raw) return null;
  const digits = raw.replace(/\D/g, '');
  if (digits.length === 10) return `+1${digits}`;
  if (digits.length === 11 && digits.startsWith('1')) return `+${digits}`;
  return digits.length > 10 ? `+${digits}` : null;
}

export function findEmail(text: string): string | null {
  const match = /[\w.+-]+@[\w-]+(?:\.[\w-]+)+/.exec(text);
  return match ? match[0] : null;
}

/** Longest wait in seconds between two consecutive lines where the agent spoke next after the customer. */
export function longestAgentSilence(view: TranscriptView): { seconds: number; after: TranscriptLine } | null {
  let worst: { seconds: number; after: TranscriptLine } | null = null;
  for (let i = 1; i < view.lines.length; i++) {
    const before = view.lines[i - 1];
    const line = view.lines[i];
    if (speakerOf(before.role) !== 'customer' || speakerOf(line.role) !== 'agent') continue;
    const gap = line.seconds - before.seconds;
    if (!worst || gap > worst.seconds) worst = { seconds: gap, after: before };
  }
  return worst;
}

export function shorten(text: string, words = 14): string {
  const all = text.trim().split(/\s+/);
  return all.length <= words ? text.trim() : `${all.slice(0, words).join(' ')}...`;
}

/** Words of a phrase worth matching against a list of names (reasons, tags, job types). */
export function keywords(text: string): string[] {
  const STOP = new Set([
    'the',
    'a',
    'an',
    'and',
    'or',
    'of',
    'to',
    'for',
    'in',
    'on',
    'my',
    'is',
    'it',
    'i',
    'we',
    'you',
    'with',
    'at',
    'by',
    'be',
    'was',
    'are',
    'this',
    'that',
    'call',
    'customer',
    'job',
    'service',
  ]);
  return text
    .toLowerCase()
    .split(/[^a-z0-9]+/)
    .filter((w) => w.length > 1 && !STOP.has(w))
    .map((w) => (w.length > 4 ? w.replace(/(?:ing|ed|es|s)$/, '') : w));
}

/** Index of the option sharing the most keywords with the text; null on no overlap or a tie. */
export function bestKeywordMatch(text: string, options: readonly string[]): number | null {
  const words = new Set(keywords(text));
  const scores = options.map((o) => keywords(o).filter((w) => words.has(w)).length);
  const best = Math.max(0, ...scores);
  if (best === 0 || scores.filter((s) => s === best).length > 1) return null;
  return scores.indexOf(best);
}
