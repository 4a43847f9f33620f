import { addDays } from '../../../../domain/time/calendar';
import type { ChatMessage, ToolCall, ToolDefinition } from '../../language-engine.port';
import { bestKeywordMatch, findPhone, findZip, offline, splitAddress } from './transcript-rules';

// The offline engine's booking conversation for an in-house agent that has the capacity and booking
// tools: greet, collect the problem, name, phone and address, check the address, find capacity, offer
// up to three windows, book the one the caller picks, confirm, and end. Every step is decided from the
// caller's words and the tools' answers, so the same conversation always goes the same way.

export interface BookingTurn {
  content: string;
  toolCalls: ToolCall[];
}

/** What the rest of the offline dialogue already knows how to read from the conversation. */
export interface Collected {
  problem: string | null;
  name: string | null;
  phone: string | null;
  address: string | null;
  emergency: boolean;
}

export interface DialogueHelpers {
  collect(messages: ChatMessage[]): Collected;
  isGoodbye(text: string): boolean;
  isNotLead(messages: ChatMessage[]): boolean;
  companyName(messages: ChatMessage[]): string | null;
}

interface ToolOutcome {
  name: string;
  args: Record<string, unknown>;
  result: string;
  data: Record<string, unknown>;
  error: string | null;
}

interface Slot {
  start: string;
  end: string;
}

interface JobTypeLine {
  id: string;
  businessUnitId: string;
  name: string;
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

const say = (text: string): BookingTurn => ({ content: offline(text), toolCalls: [] });
const call = (text: string, id: string, name: string, args: Record<string, unknown>): BookingTurn => ({
  content: offline(text),
  toolCalls: [{ id, name, arguments: args }],
});

const WANTS_CALLBACK = /\b(?:call(?:\s+me)?\s+back|callback|have someone call|give me a call)\b/i;
const AGREES = /^(?:yes|yeah|yep|sure|please|ok(?:ay)?|that works|sounds good|that'?s fine|perfect)\b/i;
const OFFERED_CALLBACK = 'would you like the office to call you back?';

function outcomes(messages: ChatMessage[]): ToolOutcome[] {
  const calls = new Map<string, ToolCall>();
  for (const m of messages) for (const c of m.toolCalls ?? []) calls.set(c.id, c);
  const found: ToolOutcome[] = [];
  for (const m of messages) {
    if (m.role !== 'tool' || !m.toolCallId) continue;
    const c = calls.get(m.toolCallId);
    if (!c) continue;
    let parsed: { result?: unknown; data?: unknown; error?: unknown } = {};
    try {
      parsed = JSON.parse(m.content) as typeof parsed;
    } catch {
      parsed = { result: m.content };
    }
    found.push({
      name: c.name,
      args: c.arguments,
      result: typeof parsed.result === 'string' ? parsed.result : '',
      data: typeof parsed.data === 'object' && parsed.data !== null ? (parsed.data as Record<string, unknown>) : {},
      error: typeof parsed.error === 'string' ? parsed.error : null,
    });
  }
  return found;
}

const lastOf = (all: ToolOutcome[], name: string) => [...all].reverse().find((o) => o.name === name && o.error === null) ?? null;

function systemLine(messages: ChatMessage[], label: string): string | null {
  const system = messages.find((m) => m.role === 'system')?.content ?? '';
  const match = new RegExp(`^${label}:\\s*(.+)$`, 'm').exec(system);
  return match ? match[1].trim() : null;
}

function jobTypesOf(messages: ChatMessage[]): JobTypeLine[] {
  const system = messages.find((m) => m.role === 'system')?.content ?? '';
  return [...system.matchAll(/^- (\d+) \| (\d+) \| (.+)$/gm)].map((m) => ({ id: m[1], businessUnitId: m[2], name: m[3].trim() }));
}

// Callers name the problem, not the job type: a few everyday words point at the job type's name.
const JOB_WORDS: [RegExp, string][] = [
  [/\b(?:ac|a\/c|air condition\w*|cooling|warm air|not cool\w*)\b/i, 'ac repair'],
  [/\b(?:furnace|heat|heating|no heat|cold house)\b/i, 'furnace'],
  [/\b(?:drain\w*|clog\w*|backed up|sewer)\b/i, 'drain cleaning'],
  [/\b(?:water heater|hot water)\b/i, 'water heater repair'],
  [/\b(?:panel|breaker\w*|electrical|wiring)\b/i, 'panel'],
  [/\b(?:replace\w*|new system|estimate|quote)\b/i, 'replacement estimate'],
];

function pickJobType(problem: string, types: JobTypeLine[]): JobTypeLine {
  const hints = JOB_WORDS.filter(([re]) => re.test(problem)).map(([, words]) => words);
  const index = bestKeywordMatch(
    `${problem} ${hints.join(' ')}`,
    types.map((t) => t.name),
  );
  return types[index ?? 0];
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

export function speakSlot(slot: Slot): string {
  const [, m, d] = slot.start.slice(0, 10).split('-').map(Number);
  return `${weekdayOf(slot.start)}, ${MONTHS[m - 1]} ${d} between ${speakHour(slot.start)} and ${speakHour(slot.end)}`;
}

function speakSlots(slots: Slot[]): string {
  const spoken = slots.map(speakSlot);
  return spoken.length === 1 ? spoken[0] : `${spoken.slice(0, -1).join(', ')} or ${spoken[spoken.length - 1]}`;
}

const ORDINALS: [RegExp, (n: number) => number][] = [
  [/\b(?:first|1st|earliest|number one|option one)\b/i, () => 0],
  [/\b(?:second|2nd|number two|option two|middle)\b/i, () => 1],
  [/\b(?:third|3rd|number three|option three)\b/i, () => 2],
  [/\b(?:last|latest)\b/i, (n) => n - 1],
];

/** The window the caller picked: by position, by start hour, by weekday, or "yes" for the first. */
export function pickSlot(text: string, slots: Slot[]): Slot | null {
  for (const [re, index] of ORDINALS) if (re.test(text)) return slots[index(slots.length)] ?? null;
  const time = /\b(\d{1,2})(?::(\d{2}))?\s*(a\.?m\.?|p\.?m\.?)?(?=\W|$)/i.exec(text);
  if (time) {
    let hour = Number(time[1]);
    const pm = time[3] && /^p/i.test(time[3]);
    if (pm && hour < 12) hour += 12;
    if (!time[3] && hour < 7) hour += 12; // "at 1" on a service call means the afternoon
    const byHour = slots.find((s) => Number(s.start.slice(11, 13)) === hour);
    if (byHour) return byHour;
  }
  const day = WEEKDAYS.find((w) => new RegExp(`\\b${w}\\b`, 'i').test(text));
  if (day) return slots.find((s) => weekdayOf(s.start) === day) ?? null;
  return AGREES.test(text.trim()) ? slots[0] : null;
}

function slotsOf(outcome: ToolOutcome | null): Slot[] {
  const raw = outcome?.data.slots;
  if (!Array.isArray(raw)) return [];
  return raw.filter((s): s is Slot => typeof s === 'object' && s !== null && typeof s.start === 'string' && typeof s.end === 'string').slice(0, 3);
}

const firstName = (c: Collected) => (c.name ? `, ${c.name.split(/\s+/)[0]}` : '');

function zipOf(messages: ChatMessage[], c: Collected): string | null {
  if (c.address) {
    const zip = findZip(c.address);
    if (zip) return zip;
  }
  for (const m of [...messages].reverse())
    if (m.role === 'user') {
      const zip = findZip(m.content);
      if (zip) return zip;
    }
  return null;
}

function endCall(text: string): BookingTurn {
  return call(text, 'offline_end', BOOKING_TOOL_NAMES.end, {});
}

export function nextBookingTurn(messages: ChatMessage[], h: DialogueHelpers): BookingTurn {
  const company = h.companyName(messages) ?? 'us';
  const agentName = systemLine(messages, 'agent_name');
  const users = messages.filter((m) => m.role === 'user');
  const done = outcomes(messages);
  const nextId = () => `offline_call_${messages.reduce((n, m) => n + (m.toolCalls?.length ?? 0), 0) + 1}`;
  const last = messages[messages.length - 1];

  if (users.length === 0) {
    const greeting = systemLine(messages, 'regular_greeting');
    return say(greeting ?? `Thanks for calling ${company}${agentName ? `, this is ${agentName}` : ''}. How can I help you today?`);
  }

  const collected = h.collect(messages);
  if (last.role === 'tool') {
    const outcome = done[done.length - 1];
    if (!outcome) return say('Sorry, could you say that again?');
    if (outcome.name === BOOKING_TOOL_NAMES.end) return say('Goodbye!');
    if (outcome.error) {
      if (/zip/i.test(outcome.error)) return say("What's the zip code of the service address?");
      return say(`I'm sorry, I couldn't do that just now. ${capitalise(OFFERED_CALLBACK)}`);
    }
    switch (outcome.name) {
      case BOOKING_TOOL_NAMES.address:
        if (outcome.data.inServiceArea === false)
          return say(`I'm sorry, we don't serve zip code ${String(outcome.args.zipcode ?? '')}. ${capitalise(OFFERED_CALLBACK)}`);
        return capacityCall(messages, collected, nextId());
      case BOOKING_TOOL_NAMES.capacity: {
        const slots = slotsOf(outcome);
        if (slots.length === 0) return say(`I'm sorry, I don't see an opening in the coming week. ${capitalise(OFFERED_CALLBACK)}`);
        return say(`I have ${speakSlots(slots)}. Which works best for you?`);
      }
      case BOOKING_TOOL_NAMES.book: {
        const status = outcome.data.action_status;
        const slot = { start: String(outcome.args.appointment_time ?? ''), end: '' };
        const when = slot.start ? `${weekdayOf(slot.start)} at ${speakHour(slot.start)}` : 'the time you picked';
        if (status === 'COMPLETED') {
          const job = outcome.data.jobNumber ? ` Your job number is ${String(outcome.data.jobNumber)}.` : '';
          return say(
            `You're all set${firstName(collected)}: a technician will arrive ${when}, within a 2-hour window.${job} Is there anything else I can help with?`,
          );
        }
        if (status === 'NEW')
          return say(`Your appointment for ${when} is being saved and you'll get a confirmation shortly. Is there anything else I can help with?`);
        return say("I couldn't save that booking; the office will call you back to confirm a time. Is there anything else I can help with?");
      }
      case BOOKING_TOOL_NAMES.callback:
        return say(
          `Thanks${firstName(collected)}. The office will call you back at ${collected.phone ?? 'the number you gave'}${collected.emergency ? ' as soon as possible' : ''}. Is there anything else I can help with?`,
        );
      default:
        return say('Is there anything else I can help with?');
    }
  }

  const latest = users[users.length - 1].content;
  const booked = lastOf(done, BOOKING_TOOL_NAMES.book);
  const callback = lastOf(done, BOOKING_TOOL_NAMES.callback);
  const finished = booked !== null || callback !== null;

  if (h.isNotLead(messages)) {
    return endCall(`Thanks for letting me know. This line is for ${company}'s service customers, so I'll let you go. Goodbye!`);
  }
  if (finished && (h.isGoodbye(latest) || /\bthanks?\b|\bthank you\b/i.test(latest)))
    return endCall(`Thank you for calling ${company}. Have a great day, goodbye!`);
  if (h.isGoodbye(latest) && users.length > 1) return endCall(`Thank you for calling ${company}. Goodbye!`);
  if (finished) return say('Is there anything else I can help with?');

  const previousAgent = [...messages].reverse().find((m) => m.role === 'assistant' && m.content.trim())?.content ?? '';
  const wantsCallback =
    users.some((m) => WANTS_CALLBACK.test(m.content)) || (previousAgent.toLowerCase().includes(OFFERED_CALLBACK) && AGREES.test(latest.trim()));
  if (wantsCallback) {
    const phone = collected.phone ?? findPhone(latest);
    if (!phone) return say("Of course. What's the best phone number to reach you?");
    return call(`Of course${firstName(collected)}. I'm asking the office to call you back.`, nextId(), BOOKING_TOOL_NAMES.callback, {
      is_emergency_callback: collected.emergency,
      phone_number: phone,
    });
  }

  const slots = slotsOf(lastOf(done, BOOKING_TOOL_NAMES.capacity));
  if (slots.length > 0) {
    const slot = pickSlot(latest, slots);
    if (!slot) return say(`Which of these works for you: ${speakSlots(slots)}?`);
    const capacity = lastOf(done, BOOKING_TOOL_NAMES.capacity)!;
    return call(`Great, I'm booking ${speakSlot(slot)} for you now.`, nextId(), BOOKING_TOOL_NAMES.book, {
      appointment_time: slot.start,
      job_type_id: capacity.args.job_type_id,
      business_unit_id: capacity.args.business_unit,
      address: collected.address ?? '',
      ...(zipOf(messages, collected) ? { zip: zipOf(messages, collected) } : {}),
      is_emergency_slot: false,
      full_name: collected.name ?? '',
      phone_number: collected.phone ?? '',
    });
  }

  const sympathy =
    collected.emergency && !messages.some((m) => m.role === 'assistant' && m.content.includes("I'm sorry to hear that")) ? "I'm sorry to hear that. " : '';
  if (collected.problem === null) return say('What can we help you with today?');
  if (collected.name === null) return say(`${sympathy}I can help with that. May I have your full name?`);
  if (collected.phone === null) return say(`Thanks${firstName(collected)}. What's the best phone number to reach you?`);
  if (collected.address === null) return say("What's the address where you need service, with the zip code?");
  const zip = zipOf(messages, collected);
  if (!zip) return say("And what's the zip code there?");
  if (!lastOf(done, BOOKING_TOOL_NAMES.address)) {
    const street = splitAddress(collected.address).street ?? collected.address;
    const number = /^(\d+)\s+(.+)$/.exec(street);
    return call('Let me check that address.', nextId(), BOOKING_TOOL_NAMES.address, {
      previouslyCalled: false,
      zipcode: zip,
      ...(number ? { streetNumber: number[1], streetName: number[2] } : { streetName: street }),
    });
  }
  return capacityCall(messages, collected, nextId());
}

function capacityCall(messages: ChatMessage[], collected: Collected, id: string): BookingTurn {
  const types = jobTypesOf(messages);
  if (types.length === 0) return say(`I can't check the schedule for this kind of job. ${capitalise(OFFERED_CALLBACK)}`);
  const type = pickJobType(collected.problem ?? '', types);
  const now = systemLine(messages, 'Current local time') ?? '';
  const today = /^\d{4}-\d{2}-\d{2}/.test(now) ? now.slice(0, 10) : null;
  if (!today) return say(`I can't check the schedule right now. ${capitalise(OFFERED_CALLBACK)}`);
  return call(`Let me check our schedule for ${type.name.toLowerCase()}.`, id, BOOKING_TOOL_NAMES.capacity, {
    time_to_check: `${addDays(today, 1)}T08:00:00`,
    job_type_id: type.id,
    business_unit: type.businessUnitId,
    priority: 0,
    execution_message: 'Checking the schedule.',
  });
}

function capitalise(text: string): string {
  return text.charAt(0).toUpperCase() + text.slice(1);
}
