import type { ChatMessage, ToolCall, ToolDefinition } from '../../language-engine.port';
import type { TranscriptLine } from '../../../../domain/interaction/interaction.schema';
import { findAddress, findCustomerName, findPhone, findPhrase, findServiceRequest, findZip, offline, TranscriptView } from './transcript-rules';
import { agentIntroduction, canBook, nextBookingTurn, openingGreeting, WANTS_PERSON } from './booking-dialogue';

// A small deterministic dialogue for the in-house voice and chat agent when no model is configured:
// greet, collect the problem, name, phone and address, request a callback through the tools it is
// offered, and close. It says it is the offline engine and never claims a booking.

export interface Turn {
  content: string;
  toolCalls: ToolCall[];
}

interface Collected {
  problem: string | null;
  name: string | null;
  phone: string | null;
  address: string | null;
  emergency: boolean;
}

const CLOSING_WORDS =
  /^(?:no|nope|no thanks?|no thank you|that'?s (?:all|it)|nothing else|i'?m (?:all set|good|fine)|all set)(?: (?:that'?s (?:all|it)|thanks?|thank you|i'?m (?:good|fine|all set)))*$/;

/** "No, that's all, thanks" ends the call; "No heat since this morning" does not. */
function isGoodbye(text: string): boolean {
  const t = text
    .trim()
    .toLowerCase()
    .replace(/[.!?,]/g, '')
    .replace(/\s+/g, ' ');
  return /\b(?:goodbye|bye)\b/.test(t) || CLOSING_WORDS.test(t);
}
const CALLBACK_TOOL = /callback/i;
const END_TOOL = /^end_(?:call|chat)$/;
const QUESTIONS = {
  problem: 'What can we help you with today?',
  name: 'May I have your full name?',
  phone: "What's the best phone number to reach you?",
  address: "What's the address where you need service?",
} as const;

export function nextTurn(messages: ChatMessage[], tools: ToolDefinition[] = []): Turn {
  const transfer = transferTurn(messages, tools);
  if (transfer) return transfer;
  if (canBook(tools)) return nextBookingTurn(messages, { isGoodbye, isNotLead, companyName });
  const company = companyName(messages);
  const users = messages.filter((m) => m.role === 'user');
  const assistantCalls = messages.flatMap((m) => (m.role === 'assistant' ? (m.toolCalls ?? []) : []));
  const last = messages[messages.length - 1];

  if (users.length === 0) {
    // The agent's own greeting, as a booking agent's: its script's words, or its name and the company's.
    return say(openingGreeting(messages, company ?? 'us'));
  }

  if (last.role === 'tool') {
    const call = assistantCalls.find((c) => c.id === last.toolCallId);
    const failed = /\berror\b|"success"\s*:\s*false|\bfailed\b/i.test(last.content);
    if (call && END_TOOL.test(call.name)) return say('Goodbye!');
    const collected = collect(messages);
    if (failed) return say(`I'm sorry, I couldn't record your request. Please call ${company ?? 'the office'} directly. Is there anything else?`);
    return say(
      `Thanks${firstName(collected)}. I've passed your request to our team; someone will call you back at ${collected.phone ?? 'the number you gave'}${collected.emergency ? ' as soon as possible' : ''}. Is there anything else I can help with?`,
    );
  }

  const collected = collect(messages);
  const latest = users[users.length - 1].content;
  const closing = assistantCalls.some((c) => CALLBACK_TOOL.test(c.name)) || messages.some((m) => m.role === 'assistant' && m.content.includes(NOTED));

  if (isGoodbye(latest) && (closing || users.length > 1)) return end(tools);
  if (closing) return say('In offline mode I can only take callback requests; our team will help with that when they call you. Is there anything else?');

  const missing = (['problem', 'name', 'phone', 'address'] as const).find((k) => collected[k] === null);
  if (missing) {
    const opening = assistantTurns(messages) === 0 ? `Thanks for contacting ${company ?? 'us'}${agentIntroduction(messages)}. ` : '';
    const sympathy = missing !== 'problem' && collected.emergency && !alreadySaid(messages, "I'm sorry to hear that") ? "I'm sorry to hear that. " : '';
    return say(`${opening}${sympathy}${QUESTIONS[missing]}`);
  }

  const tool = tools.find((t) => CALLBACK_TOOL.test(t.name));
  const args = tool ? argumentsFor(tool, collected) : null;
  if (tool && args) {
    return {
      content: offline(`Thank you${firstName(collected)}. I'm asking our team to call you back now.`),
      toolCalls: [{ id: `offline_call_${assistantCalls.length + 1}`, name: tool.name, arguments: args }],
    };
  }
  return say(`Thank you${firstName(collected)}. ${NOTED}: ${collected.problem}. Our office will contact you at ${collected.phone}. Is there anything else?`);
}

const NOTED = "I've noted your request";

/**
 * A caller who asks for a person is transferred when the agent has transfer_call (000 §3): the first transfer
 * tool it lists. Warm transfers tell the caller the office is being briefed first; cold ones connect at once.
 */
function transferTurn(messages: ChatMessage[], tools: ToolDefinition[]): Turn | null {
  const last = messages[messages.length - 1];
  const tool = tools.find((t) => t.name === 'transfer_call');
  if (!tool || last?.role !== 'user' || !WANTS_PERSON.test(last.content)) return null;
  const names = (tool.parameters as { properties?: { tool_name?: { enum?: unknown } } }).properties?.tool_name?.enum;
  const name = Array.isArray(names) && typeof names[0] === 'string' ? names[0] : null;
  if (!name) return null;
  const warm = new RegExp(`^- ${escapeRegExp(name)}:.*\\(warm transfer\\)$`, 'm').test(tool.description);
  const words = warm
    ? "Of course. Let me connect you with someone at the office; I'll tell them what you need first. One moment, please."
    : "Of course. I'm transferring you to someone at the office now.";
  const calls = messages.flatMap((m) => (m.role === 'assistant' ? (m.toolCalls ?? []) : [])).length;
  return { content: offline(words), toolCalls: [{ id: `offline_call_${calls + 1}`, name: tool.name, arguments: { tool_name: name } }] };
}

function escapeRegExp(text: string): string {
  return text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
}

function say(text: string): Turn {
  return { content: offline(text), toolCalls: [] };
}

function end(tools: ToolDefinition[]): Turn {
  const tool = tools.find((t) => END_TOOL.test(t.name));
  const closing = offline('Thank you for contacting us. Have a great day, goodbye!');
  if (!tool || requiredOf(tool).length > 0) return { content: closing, toolCalls: [] };
  return { content: closing, toolCalls: [{ id: 'offline_end', name: tool.name, arguments: {} }] };
}

function assistantTurns(messages: ChatMessage[]): number {
  return messages.filter((m) => m.role === 'assistant').length;
}

function alreadySaid(messages: ChatMessage[], text: string): boolean {
  return messages.some((m) => m.role === 'assistant' && m.content.includes(text));
}

function firstName(c: Collected): string {
  return c.name ? `, ${c.name.split(/\s+/)[0]}` : '';
}

function companyName(messages: ChatMessage[]): string | null {
  const system = messages.find((m) => m.role === 'system')?.content ?? '';
  const match = /\bcompany(?:_name| name)?\s*[:=]\s*([^\n.]+)/i.exec(system);
  return match ? match[1].trim() : null;
}

/** The conversation as transcript lines, so the transcript rules read it the same way. */
function asTranscript(messages: ChatMessage[]): TranscriptLine[] {
  return messages
    .filter((m) => m.role === 'user' || m.role === 'assistant')
    .map((m, i) => ({
      role: m.role === 'user' ? 'user' : 'agent',
      message: m.content,
      timestamp: `${String(Math.floor(i / 60)).padStart(2, '0')}:${String(i % 60).padStart(2, '0')}`,
      seconds: i,
    }));
}

function isNotLead(messages: ChatMessage[]): boolean {
  const view = new TranscriptView(asTranscript(messages));
  return findPhrase(view, 'not_lead') !== null || findPhrase(view, 'spam') !== null;
}

function collect(messages: ChatMessage[]): Collected {
  const view = new TranscriptView(asTranscript(messages));
  const problem = findServiceRequest(view)?.line ?? view.answerTo(/\bhelp you\b/i);
  const phone = view.customer.map((l) => findPhone(l.message)).find(Boolean) ?? null;
  return {
    problem: problem ? problem.message.trim() : null,
    name: findCustomerName(view)?.text ?? null,
    phone,
    address: findAddress(view)?.text ?? null,
    emergency: findPhrase(view, 'distress') !== null,
  };
}

function requiredOf(tool: ToolDefinition): string[] {
  const required = (tool.parameters as { required?: unknown }).required;
  return Array.isArray(required) ? required.filter((r): r is string => typeof r === 'string') : [];
}

/** Arguments for the tool's declared parameters from what was collected; null if a required one is unknown. */
function argumentsFor(tool: ToolDefinition, c: Collected): Record<string, unknown> | null {
  const properties = Object.keys((tool.parameters as { properties?: Record<string, unknown> }).properties ?? {});
  const valueOf = (key: string): unknown => {
    const k = key.toLowerCase();
    if (/phone|callback_number/.test(k)) return c.phone;
    if (/emergency/.test(k)) return c.emergency;
    if (/^(?:full_?name|name|customer_?name)$/.test(k)) return c.name;
    if (/^(?:zip|zipcode|zip_code|postal_code)$/.test(k)) return c.address ? findZip(c.address) : null;
    if (/address/.test(k)) return c.address;
    if (/reason|summary|description|problem|issue|notes?/.test(k)) return c.problem;
    return null;
  };
  const args: Record<string, unknown> = {};
  for (const key of properties) {
    const value = valueOf(key);
    if (value !== null && value !== undefined) args[key] = value;
  }
  return requiredOf(tool).every((r) => r in args) ? args : null;
}
