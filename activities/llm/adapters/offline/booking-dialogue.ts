import { addDays } from '../../../../domain/time/calendar';
import type { ChatMessage, ToolCall, ToolDefinition } from '../../language-engine.port';
import {
  isDecline,
  isNo,
  isYes,
  pickWindow,
  readUtterance,
  windowsFitting,
  type Expecting,
  type StreetAddress,
  type TimePreference,
  type Window,
} from './caller-facts';
import { offline } from './transcript-rules';

// The offline engine's booking conversation for an in-house agent that has the capacity and booking
// tools. It is a state machine over the booking's slots (problem, name, phone, street, zip, preferred
// time): each caller utterance fills or corrects any of them, in any order and as many at once; each tool
// answer moves the booking on (address checked, windows found, booked). The state is rebuilt from the
// conversation on every turn by replaying it, so the engine stays stateless and the same conversation
// always goes the same way; what the agent asked last decides how a bare answer ("78701", "Friday") is read.

export interface BookingTurn {
  content: string;
  toolCalls: ToolCall[];
}

export interface DialogueHelpers {
  isGoodbye(text: string): boolean;
  isNotLead(messages: ChatMessage[]): boolean;
  companyName(messages: ChatMessage[]): string | null;
}

export const BOOKING_TOOL_NAMES = {
  address: 'check_address',
  capacity: 'get_capacity',
  book: 'create_action_job_booking',
  callback: 'create_action_callback_request',
  end: 'end_call',
} as const;

/** True when the agent was given what a booking conversation needs. */
export function canBook(tools: readonly ToolDefinition[]): boolean {
  const names = new Set(tools.map((t) => t.name));
  return names.has(BOOKING_TOOL_NAMES.capacity) && names.has(BOOKING_TOOL_NAMES.book) && names.has(BOOKING_TOOL_NAMES.address);
}

/** What the agent's last words asked for. */
export type Ask = Exclude<Expecting, null> | 'offer' | 'callback' | 'anything_else';

export interface Facts {
  problem: string | null;
  name: string | null;
  phone: string | null;
  street: StreetAddress | null;
  zip: string | null;
  time: TimePreference | null;
  emergency: boolean;
}

type Slot = 'problem' | 'name' | 'phone' | 'street' | 'zip' | 'time';

interface ToolOutcome {
  name: string;
  args: Record<string, unknown>;
  data: Record<string, unknown>;
  error: string | null;
}

export interface BookingState {
  facts: Facts;
  asked: Ask | null;
  /** The zip check_address last answered for, and its answer. */
  checked: { zip: string; inArea: boolean } | null;
  /** The last get_capacity call's arguments and the windows it found. */
  capacity: { args: Record<string, unknown>; windows: Window[] } | null;
  /** The windows the agent last said. */
  offered: Window[];
  /** Offers the caller turned down, and the windows in them (never offered again). */
  declines: number;
  declined: string[];
  /** get_capacity calls since the caller last spoke: the search for windows not yet turned down is bounded. */
  capacityRounds: number;
  booked: ToolOutcome | null;
  callback: ToolOutcome | null;
  wantsCallback: boolean;
  /** The caller said yes to the offered callback. */
  callbackAgreed: boolean;
  /** Slots the latest utterance filled, and those of them it changed from an earlier value. */
  heard: Slot[];
  corrected: Slot[];
  utterance: string;
}

interface Clock {
  today: string;
  now: string;
}

const EMPTY: BookingState = {
  facts: { problem: null, name: null, phone: null, street: null, zip: null, time: null, emergency: false },
  asked: null,
  checked: null,
  capacity: null,
  offered: [],
  declines: 0,
  declined: [],
  capacityRounds: 0,
  booked: null,
  callback: null,
  wantsCallback: false,
  callbackAgreed: false,
  heard: [],
  corrected: [],
  utterance: '',
};

const WANTS_CALLBACK = /\b(?:call(?:\s+me)?\s+back|callback|have someone call|give me a call)\b/i;
/** The caller asks for a person: the agent transfers when it has a transfer tool, else offers a callback. */
export const WANTS_PERSON =
  /\b(?:(?:speak|talk)\s+(?:to|with)\s+(?:a\s+|an\s+|the\s+|your\s+)?(?:real\s+|live\s+)?(?:person|human|manager|supervisor|someone|somebody|office|owner|representative)|real person|human being|transfer me|put me through|connect me)\b/i;
/** After this many turned-down offers the agent offers a callback instead of more windows. */
const MAX_DECLINES = 3;

/** Fills the slots one utterance speaks to; a later value replaces an earlier one (a correction). */
export function hear(state: BookingState, text: string, clock: Clock): BookingState {
  const expecting: Expecting = state.asked === 'offer' || state.asked === 'callback' || state.asked === 'anything_else' ? null : state.asked;
  const read = readUtterance(text, { today: clock.today, now: clock.now, expecting });
  const facts = { ...state.facts };
  const heard: Slot[] = [];
  const corrected: Slot[] = [];
  const fill = <K extends Slot>(slot: K, value: Facts[K] | undefined, same: (a: Facts[K], b: Facts[K]) => boolean) => {
    if (value === undefined || value === null) return;
    heard.push(slot);
    if (facts[slot] !== null && !same(facts[slot], value)) corrected.push(slot);
    facts[slot] = value;
  };
  fill('name', read.name, (a, b) => a === b);
  fill('phone', read.phone, (a, b) => a === b);
  if (read.street) {
    // "Sorry, it's 41 Oak Lane": a corrected street keeps the city and zip already given.
    const street = { ...read.street, city: read.street.city ?? facts.street?.city ?? null, state: read.street.state ?? facts.street?.state ?? null };
    fill('street', street, (a, b) => a?.street === b?.street);
  }
  fill('zip', read.zip, (a, b) => a === b);
  // A problem is kept once named; a later sentence naming a system replaces it only when it is a correction.
  if (read.problem && (facts.problem === null || state.asked === 'problem' || /\b(?:actually|sorry|not the|i meant)\b/i.test(text))) {
    fill('problem', read.problem, (a, b) => a === b);
  }
  fill(
    'time',
    read.time && mergeTime(facts.time, read.time),
    (a, b) => a?.date === b?.date && a?.after === b?.after && a?.before === b?.before && a?.asap === b?.asap,
  );
  if (read.emergency) facts.emergency = true;
  return { ...state, facts, heard, corrected, utterance: text, wantsCallback: state.wantsCallback || WANTS_CALLBACK.test(text) || WANTS_PERSON.test(text) };
}

/** "Thursday" then "3 PM works" is Thursday at 3; "make it Friday" keeps the time of day; "whenever" starts over. */
function mergeTime(before: TimePreference | null, now: TimePreference): TimePreference {
  if (!before || now.asap) return now;
  const clock = now.after !== null || now.before !== null;
  return { ...now, date: now.date ?? before.date, after: clock ? now.after : before.after, before: clock ? now.before : before.before };
}

function outcomeOf(call: ToolCall, content: string): ToolOutcome {
  let parsed: { data?: unknown; error?: unknown } = {};
  try {
    parsed = JSON.parse(content) as typeof parsed;
  } catch {
    parsed = {};
  }
  return {
    name: call.name,
    args: call.arguments,
    data: typeof parsed.data === 'object' && parsed.data !== null ? (parsed.data as Record<string, unknown>) : {},
    error: typeof parsed.error === 'string' ? parsed.error : null,
  };
}

function windowsOf(outcome: ToolOutcome): Window[] {
  const raw = outcome.data.slots;
  if (!Array.isArray(raw)) return [];
  return raw.filter((s): s is Window => typeof s === 'object' && s !== null && typeof s.start === 'string' && typeof s.end === 'string');
}

/** Moves the booking on with a tool's answer. */
export function observe(state: BookingState, outcome: ToolOutcome): BookingState {
  if (outcome.error) return state;
  switch (outcome.name) {
    case BOOKING_TOOL_NAMES.address:
      return { ...state, checked: { zip: String(outcome.args.zipcode ?? ''), inArea: outcome.data.inServiceArea !== false } };
    case BOOKING_TOOL_NAMES.capacity:
      return { ...state, capacity: { args: outcome.args, windows: windowsOf(outcome) } };
    case BOOKING_TOOL_NAMES.book:
      return { ...state, booked: outcome };
    case BOOKING_TOOL_NAMES.callback:
      return { ...state, callback: outcome };
    default:
      return state;
  }
}

interface Decision {
  turn: BookingTurn;
  /** What the agent's words ask for; unset while a tool runs. */
  ask?: Ask;
  /** The windows these words offer. */
  offered?: Window[];
  declined?: boolean;
  callbackAgreed?: boolean;
}

interface Setting {
  company: string;
  clock: Clock;
  jobTypes: JobTypeLine[];
  nextId: string;
}

const say = (text: string, ask: Ask, extra: Partial<Decision> = {}): Decision => ({ turn: { content: offline(text), toolCalls: [] }, ask, ...extra });
const call = (text: string, id: string, name: string, args: Record<string, unknown>): Decision => ({
  turn: { content: offline(text), toolCalls: [{ id, name, arguments: args }] },
});
const OFFERED_CALLBACK = 'would you like the office to call you back?';
const offerCallback = (why: string) => say(`${why} ${capitalise(OFFERED_CALLBACK)}`, 'callback');

/** The conversation replayed: every utterance and tool answer folded into the state, the agent's asks re-derived. */
export function replay(
  messages: ChatMessage[],
  setting: Omit<Setting, 'nextId'>,
): { state: BookingState; decision: Decision | null; askedBeforeLast: Ask | null } {
  let state = EMPTY;
  let decision: Decision | null = null;
  let askedBeforeLast: Ask | null = null;
  const calls = new Map<string, ToolCall>();
  let callCount = 0;
  for (const m of messages) {
    if (m.role === 'assistant') {
      for (const c of m.toolCalls ?? []) calls.set(c.id, c);
      callCount += m.toolCalls?.length ?? 0;
      continue;
    }
    const here = { ...setting, nextId: `offline_call_${callCount + 1}` };
    if (m.role === 'user') {
      askedBeforeLast = state.asked;
      state = hear({ ...state, capacityRounds: 0 }, m.content, setting.clock);
      decision = decideAfterCaller(state, here);
    } else if (m.role === 'tool' && m.toolCallId && calls.has(m.toolCallId)) {
      const outcome = outcomeOf(calls.get(m.toolCallId)!, m.content);
      state = observe(state, outcome);
      if (outcome.name === BOOKING_TOOL_NAMES.capacity) state = { ...state, capacityRounds: state.capacityRounds + 1 };
      decision = decideAfterTool(state, outcome, here);
    } else continue;
    if (decision.ask) state = { ...state, asked: decision.ask };
    if (decision.offered) state = { ...state, offered: decision.offered };
    if (decision.declined) state = { ...state, declines: state.declines + 1, declined: [...state.declined, ...state.offered.map((w) => w.start)] };
    if (decision.callbackAgreed) state = { ...state, callbackAgreed: true };
  }
  return { state, decision, askedBeforeLast };
}

/** The agent's first words: its script's greeting, else one built from the company's and the agent's names. */
export function openingGreeting(messages: ChatMessage[], company: string): string {
  return systemLine(messages, 'regular_greeting') ?? `Thanks for calling ${company}${agentIntroduction(messages)}. How can I help you today?`;
}

/** ", this is Riley" when the agent's script names it, else nothing: how an agent names itself in its first words. */
export function agentIntroduction(messages: ChatMessage[]): string {
  const agentName = systemLine(messages, 'agent_name');
  return agentName ? `, this is ${agentName}` : '';
}

function greeting(messages: ChatMessage[], company: string): BookingTurn {
  return { content: offline(openingGreeting(messages, company)), toolCalls: [] };
}

export function nextBookingTurn(messages: ChatMessage[], h: DialogueHelpers): BookingTurn {
  const company = h.companyName(messages) ?? 'us';
  if (!messages.some((m) => m.role === 'user')) return greeting(messages, company);
  const now = systemLine(messages, 'Current local time') ?? '';
  const clock: Clock = /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}/.test(now) ? { today: now.slice(0, 10), now: now.slice(11, 16) } : { today: '', now: '' };
  const { state, decision, askedBeforeLast } = replay(messages, { company, clock, jobTypes: jobTypesOf(messages) });
  const last = messages[messages.length - 1];
  if (last.role === 'user') {
    const finished = state.booked !== null || state.callback !== null;
    const users = messages.filter((m) => m.role === 'user').length;
    // Not a customer (a wrong number, a sales pitch): said now, or said before any service need was heard.
    const saidNow = h.isNotLead([...messages.filter((m) => m.role === 'system'), last]);
    if (!finished && (saidNow || (state.facts.problem === null && h.isNotLead(messages)))) {
      return endCall(`Thanks for letting me know. This line is for ${company}'s service customers, so I'll let you go. Goodbye!`);
    }
    if (finished && (h.isGoodbye(last.content) || isNo(last.content) || /\bthanks?\b|\bthank you\b/i.test(last.content)))
      return endCall(`Thank you for calling ${company}. Have a great day, goodbye!`);
    // A "no" answers an offer or a question; only a goodbye, or a "no" to "anything else?", ends the call.
    const answering = askedBeforeLast !== null && askedBeforeLast !== 'anything_else';
    if (h.isGoodbye(last.content) && users > 1 && (!answering || /\b(?:bye|goodbye)\b/i.test(last.content)))
      return endCall(`Thank you for calling ${company}. Goodbye!`);
  }
  return decision?.turn ?? { content: offline('Sorry, could you say that again?'), toolCalls: [] };
}

function endCall(text: string): BookingTurn {
  return { content: offline(text), toolCalls: [{ id: 'offline_end', name: BOOKING_TOOL_NAMES.end, arguments: {} }] };
}

const QUESTIONS: Record<Exclude<Slot, 'time'>, string> = {
  problem: 'What can we help you with today?',
  name: 'May I have your full name?',
  phone: "What's the best phone number to reach you?",
  street: "What's the address where you need service, with the zip code?",
  zip: "And what's the zip code there?",
};

function missingSlot(f: Facts): Exclude<Slot, 'time'> | null {
  if (f.problem === null) return 'problem';
  if (f.name === null) return 'name';
  if (f.phone === null) return 'phone';
  if (f.street === null) return 'street';
  if (f.zip === null) return 'zip';
  return null;
}

const askOf = (slot: Exclude<Slot, 'time'>): Ask => (slot === 'street' ? 'address' : slot);

/** A short acknowledgement of what the caller just corrected, so they hear it was taken. */
function acknowledgement(s: BookingState): string {
  const parts: string[] = [];
  for (const slot of s.corrected) {
    if (slot === 'street' && s.facts.street) parts.push(s.facts.street.street);
    if (slot === 'zip' && s.facts.zip) parts.push(`zip code ${s.facts.zip}`);
    if (slot === 'phone' && s.facts.phone) parts.push(s.facts.phone);
    if (slot === 'name' && s.facts.name) parts.push(s.facts.name);
  }
  return parts.length > 0 ? `Got it, ${parts.join(', ')}. ` : '';
}

function decideAfterCaller(s: BookingState, setting: Setting): Decision {
  const f = s.facts;
  const text = s.utterance;
  if (s.booked || s.callback) return say('Is there anything else I can help with?', 'anything_else');

  if (s.asked === 'callback') {
    if (isYes(text) && !s.heard.includes('time')) {
      if (!f.phone) return say(QUESTIONS.phone, 'phone', { callbackAgreed: true });
      return callbackCall(s, setting);
    }
    if (isNo(text) && !s.heard.includes('time')) return say('Alright. Is there anything else I can help with?', 'anything_else');
  }
  if (s.callbackAgreed || WANTS_CALLBACK.test(text) || WANTS_PERSON.test(text) || (s.wantsCallback && s.capacity === null)) {
    if (!f.phone) {
      const lead = WANTS_PERSON.test(text) ? "I can't transfer you right now, but I can have the office call you back. " : '';
      return say(`${lead}${QUESTIONS.phone}`, 'phone');
    }
    return callbackCall(s, setting);
  }

  const ack = acknowledgement(s);
  const missing = missingSlot(f);
  if (missing) {
    const sympathy = f.emergency && s.asked === null ? "I'm sorry to hear that. " : '';
    const thanks = missing !== 'problem' && s.heard.includes('name') && f.name ? `Thanks, ${firstName(f)}. ` : '';
    const lead = missing === 'name' && s.asked === null ? 'I can help with that. ' : '';
    return say(`${ack}${sympathy}${thanks}${lead}${QUESTIONS[missing]}`, askOf(missing));
  }
  if (s.checked === null || s.checked.zip !== f.zip) return addressCall(s, setting, ack);
  if (!s.checked.inArea) return offerCallback(`I'm sorry, we don't serve zip code ${s.checked.zip}.`);

  if (s.asked === 'offer' && s.offered.length > 0) {
    const picked = s.heard.includes('time') && !pickByTimeFits(s) ? null : pickWindow(text, s.offered, setting.clock.today);
    if (picked && !isDecline(text)) return bookCall(s, picked, setting);
    if (s.heard.includes('time')) return capacityCall(s, setting, null, ack);
    if (isDecline(text)) {
      if (s.declines + 1 >= MAX_DECLINES) return { ...offerCallback("I'm sorry none of those work."), declined: true };
      if (s.declines === 0 && !/\blater\b/i.test(text)) return say('No problem. What day and time would work better for you?', 'time', { declined: true });
      return { ...capacityCall(s, setting, lastOf(s.offered), ack), declined: true };
    }
    if (ack) return say(`${ack}${offerWords(s.offered, s.facts, false)}`, 'offer');
    return say(`Which of these works for you: ${speakSlots(s.offered)}?`, 'offer');
  }
  if (s.asked === 'time') {
    if (s.heard.includes('time')) return capacityCall(s, setting, null, ack);
    if (isNo(text)) return offerCallback("I'm sorry we couldn't find a time.");
    return capacityCall(s, setting, s.offered.length > 0 ? lastOf(s.offered) : null, ack);
  }
  if (s.capacity === null || s.heard.includes('time')) return capacityCall(s, setting, null, ack);
  if (s.offered.length > 0) return say(`${ack}${offerWords(s.offered, s.facts, false)}`, 'offer');
  return capacityCall(s, setting, null, ack);
}

/** "Friday at 10" names an offered window; "make it Friday" when none is on Friday asks for new windows. */
function pickByTimeFits(s: BookingState): boolean {
  return s.facts.time !== null && windowsFitting(s.offered, s.facts.time).length > 0;
}

const lastOf = (windows: Window[]) => latest(windows);
const latest = (windows: Window[]) => windows.reduce((a, b) => (b.start > a.start ? b : a));
/** get_capacity calls in one turn while every window found was already turned down. */
const MAX_CAPACITY_ROUNDS = 3;

function decideAfterTool(s: BookingState, outcome: ToolOutcome, setting: Setting): Decision {
  if (outcome.name === BOOKING_TOOL_NAMES.end) return say('Goodbye!', 'anything_else');
  if (outcome.error) {
    if (/zip/i.test(outcome.error)) return say(QUESTIONS.zip, 'zip');
    return offerCallback("I'm sorry, I couldn't do that just now.");
  }
  const f = s.facts;
  switch (outcome.name) {
    case BOOKING_TOOL_NAMES.address:
      if (outcome.data.inServiceArea === false) return offerCallback(`I'm sorry, we don't serve zip code ${String(outcome.args.zipcode ?? '')}.`);
      if (outcome.data.inServiceArea === null) return say(QUESTIONS.zip, 'zip');
      if (s.capacity !== null && s.offered.length > 0 && s.asked === 'offer') return say(offerWords(s.offered, f, false), 'offer');
      return capacityCall(s, setting, null, '');
    case BOOKING_TOOL_NAMES.capacity: {
      const found = windowsOf(outcome);
      if (found.length === 0) return offerCallback("I'm sorry, I don't see an opening in the coming week.");
      const windows = found.filter((w) => !s.declined.includes(w.start));
      if (windows.length === 0) {
        // Only windows the caller already turned down: look further ahead, a few times at most.
        if (s.capacityRounds < MAX_CAPACITY_ROUNDS) return capacityCall(s, setting, latest(found), '');
        return offerCallback("I'm sorry, I don't see another opening soon.");
      }
      const fitting = windowsFitting(windows, f.time);
      const offered = (fitting.length > 0 ? fitting : windows).slice(0, 3);
      const closest = f.time !== null && fitting.length === 0 && !f.time.asap;
      return say(offerWords(offered, f, closest), 'offer', { offered });
    }
    case BOOKING_TOOL_NAMES.book: {
      const status = outcome.data.action_status;
      const start = String(outcome.args.appointment_time ?? '');
      const when = start ? `${weekdayOf(start)} at ${speakHour(start)}` : 'the time you picked';
      if (status === 'COMPLETED') {
        const job = outcome.data.jobNumber ? ` Your job number is ${String(outcome.data.jobNumber)}.` : '';
        return say(
          `You're all set${firstNameComma(f)}: a technician will arrive ${when}, within a 2-hour window, at ${f.street?.street ?? 'your address'}.${job} Is there anything else I can help with?`,
          'anything_else',
        );
      }
      if (status === 'NEW')
        return say(
          `Your appointment for ${when} is being saved and you'll get a confirmation shortly. Is there anything else I can help with?`,
          'anything_else',
        );
      return say("I couldn't save that booking; the office will call you back to confirm a time. Is there anything else I can help with?", 'anything_else');
    }
    case BOOKING_TOOL_NAMES.callback:
      return say(
        `Thanks${firstNameComma(f)}. The office will call you back at ${f.phone ?? 'the number you gave'}${f.emergency ? ' as soon as possible' : ''}. Is there anything else I can help with?`,
        'anything_else',
      );
    default:
      return say('Is there anything else I can help with?', 'anything_else');
  }
}

function callbackCall(s: BookingState, setting: Setting): Decision {
  return call(`Of course${firstNameComma(s.facts)}. I'm asking the office to call you back.`, setting.nextId, BOOKING_TOOL_NAMES.callback, {
    is_emergency_callback: s.facts.emergency,
    phone_number: s.facts.phone,
  });
}

function addressCall(s: BookingState, setting: Setting, ack: string): Decision {
  const street = s.facts.street!;
  return call(`${ack}Let me check that address.`, setting.nextId, BOOKING_TOOL_NAMES.address, {
    previouslyCalled: false,
    zipcode: s.facts.zip,
    ...(street.streetNumber ? { streetNumber: street.streetNumber } : {}),
    streetName: street.streetName,
  });
}

function formattedAddress(f: Facts): string {
  const street = f.street!;
  const place = [street.street, street.city].filter(Boolean).join(', ');
  return `${place}${street.state ? `, ${street.state}` : ''} ${f.zip ?? ''}`.trim();
}

function bookCall(s: BookingState, window: Window, setting: Setting): Decision {
  const f = s.facts;
  const capacity = s.capacity!;
  return call(`Great, I'm booking ${speakSlot(window)} for you now.`, setting.nextId, BOOKING_TOOL_NAMES.book, {
    appointment_time: window.start,
    job_type_id: capacity.args.job_type_id,
    business_unit_id: capacity.args.business_unit,
    address: formattedAddress(f),
    ...(f.zip ? { zip: f.zip } : {}),
    is_emergency_slot: false,
    full_name: f.name ?? '',
    phone_number: f.phone ?? '',
  });
}

/** Where to start looking: the preferred day and time, never before now, and after windows already turned down. */
export function capacityStart(pref: TimePreference | null, clock: Clock, after: Window | null): string {
  const soon = addMinutes(clock.now, 60);
  let date: string;
  let time: string;
  if (pref === null) [date, time] = [addDays(clock.today, 1), '08:00'];
  else if (pref.date) [date, time] = [pref.date, pref.after ?? '08:00'];
  else if (pref.asap) [date, time] = [clock.today, soon];
  else {
    const wanted = pref.after ?? '08:00';
    [date, time] = wanted > soon ? [clock.today, wanted] : [addDays(clock.today, 1), wanted];
  }
  if (after) {
    let [endDate, endTime] = [after.end.slice(0, 10) || after.start.slice(0, 10), after.end.slice(11, 16) || after.start.slice(11, 16)];
    if (endTime >= '17:00') [endDate, endTime] = [addDays(endDate, 1), '08:00'];
    if (`${endDate}T${endTime}` > `${date}T${time}`) [date, time] = [endDate, endTime];
  }
  if (date < clock.today) [date, time] = [addDays(clock.today, 1), '08:00'];
  if (date === clock.today && time < soon) time = soon;
  if (time >= '18:00') [date, time] = [addDays(date, 1), '08:00'];
  return `${date}T${time}:00`;
}

function addMinutes(clock: string, minutes: number): string {
  const [h, m] = clock.split(':').map(Number);
  const total = h * 60 + m + minutes;
  // Round up to the next full hour: windows start on the hour.
  const hour = Math.min(24, Math.ceil(total / 60));
  return `${String(hour).padStart(2, '0')}:00`;
}

function capacityCall(s: BookingState, setting: Setting, after: Window | null, ack: string): Decision {
  const types = setting.jobTypes;
  if (types.length === 0) return offerCallback("I can't check the schedule for this kind of job.");
  if (!setting.clock.today) return offerCallback("I can't check the schedule right now.");
  const type = pickJobType(s.facts.problem ?? '', types);
  return call(`${ack}Let me check our schedule for ${type.name.toLowerCase()}.`, setting.nextId, BOOKING_TOOL_NAMES.capacity, {
    time_to_check: capacityStart(s.facts.time, setting.clock, after),
    job_type_id: type.id,
    business_unit: type.businessUnitId,
    priority: 0,
    execution_message: 'Checking the schedule.',
    ...(s.facts.zip ? { zipcode: s.facts.zip } : {}),
  });
}

/** The offer, with the details read back so the caller can correct them before anything is booked. */
function offerWords(windows: Window[], f: Facts, closest: boolean): string {
  const who = `for ${f.name ?? 'you'} at ${f.street?.street ?? 'your address'}`;
  const one = windows.length === 1;
  const lead = closest ? `I don't have an opening then. The nearest ${one ? 'is' : 'are'}` : 'I have';
  return one ? `${lead} ${speakSlot(windows[0])}, ${who}. Shall I book that?` : `${lead} ${speakSlots(windows)}, ${who}. Which works best for you?`;
}

interface JobTypeLine {
  id: string;
  businessUnitId: string;
  name: string;
}

function systemLine(messages: ChatMessage[], label: string): string | null {
  const system = messages.find((m) => m.role === 'system')?.content ?? '';
  const match = new RegExp(`^${label}:\\s*(.+)$`, 'm').exec(system);
  return match ? match[1].trim() : null;
}

function jobTypesOf(messages: ChatMessage[]): JobTypeLine[] {
  const system = messages.find((m) => m.role === 'system')?.content ?? '';
  return [...system.matchAll(/^- (\d+) \| (\d+) \| (.+)$/gm)].map((m) => ({ id: m[1], businessUnitId: m[2], name: m[3].trim() }));
}

// Callers name the problem, not the job type. The first rule that matches names the words of the job
// type to look for; the job type sharing most of those words is booked (the first job type when none does).
const REPLACEMENT = /\b(?:replac\w*|new (?:system|unit|panel)|upgrad\w*|estimate|quote)\b/i;
const ELECTRICAL = /\b(?:panel|breakers?|electrical|electric|wiring|outlets?)\b/i;
const JOB_RULES: [(problem: string) => boolean, string][] = [
  [(p) => REPLACEMENT.test(p) && ELECTRICAL.test(p), 'panel upgrade electrical estimate'],
  [(p) => REPLACEMENT.test(p), 'hvac replacement estimate'],
  [(p) => /\b(?:water heater|hot water|tankless|pilot)\b/i.test(p), 'water heater repair'],
  [(p) => /\b(?:drain\w*|clog\w*|backed up|back(?:ing)? up|sewer|toilet|sink|shower|tub|disposal)\b/i.test(p), 'drain cleaning'],
  [(p) => ELECTRICAL.test(p), 'panel electrical'],
  [(p) => /\b(?:furnace|heat|heating|heater|no heat|cold house)\b/i.test(p), 'furnace tune-up heating'],
  [(p) => /\b(?:ac|a\/c|air|cool\w*|compressor|condenser|thermostat|coil)\b/i.test(p), 'ac repair air conditioning'],
  [(p) => /\b(?:tune[- ]?up|maintenance)\b/i.test(p), 'furnace tune-up heating'],
];

function keywords(text: string): string[] {
  return text
    .toLowerCase()
    .split(/[^a-z0-9]+/)
    .filter((w) => w.length > 1);
}

function bestOverlap(words: Set<string>, types: JobTypeLine[]): JobTypeLine | null {
  const scores = types.map((t) => keywords(t.name).filter((w) => words.has(w)).length);
  const best = Math.max(...scores);
  return best > 0 ? types[scores.indexOf(best)] : null;
}

/** The job type for the caller's problem. */
export function pickJobType(problem: string, types: JobTypeLine[]): JobTypeLine {
  const rule = JOB_RULES.find(([matches]) => matches(problem));
  return (rule && bestOverlap(new Set(keywords(rule[1])), types)) ?? bestOverlap(new Set(keywords(problem)), types) ?? types[0];
}

const WEEKDAYS = ['Sunday', 'Monday', 'Tuesday', 'Wednesday', 'Thursday', 'Friday', 'Saturday'];
const MONTHS = ['January', 'February', 'March', 'April', 'May', 'June', 'July', 'August', 'September', 'October', 'November', 'December'];

function weekdayOf(localDateTime: string): string {
  const [y, m, d] = localDateTime.slice(0, 10).split('-').map(Number);
  return WEEKDAYS[new Date(Date.UTC(y, m - 1, d)).getUTCDay()];
}

function speakHour(localDateTime: string): string {
  const [h, min] = localDateTime.slice(11, 16).split(':').map(Number);
  const hour = h % 12 === 0 ? 12 : h % 12;
  return `${hour}${min ? `:${String(min).padStart(2, '0')}` : ''} ${h < 12 ? 'AM' : 'PM'}`;
}

export function speakSlot(slot: Window): string {
  const [, m, d] = slot.start.slice(0, 10).split('-').map(Number);
  return `${weekdayOf(slot.start)}, ${MONTHS[m - 1]} ${d} between ${speakHour(slot.start)} and ${speakHour(slot.end)}`;
}

function speakSlots(slots: Window[]): string {
  const spoken = slots.map(speakSlot);
  return spoken.length === 1 ? spoken[0] : `${spoken.slice(0, -1).join(', ')} or ${spoken[spoken.length - 1]}`;
}

const firstName = (f: Facts) => (f.name ? f.name.split(/\s+/)[0] : '');
const firstNameComma = (f: Facts) => (f.name ? `, ${firstName(f)}` : '');

function capitalise(text: string): string {
  return text.charAt(0).toUpperCase() + text.slice(1);
}
