import type { ChatMessage } from '../language-engine.port';

// Every task prompt carries its input as JSON between these markers, so the same messages serve a
// hosted model and the offline engine, which reads the input back instead of guessing from prose.
const OPEN = '<task_input>';
const CLOSE = '</task_input>';

const SHARED_RULES = [
  'Answer only from the input. Do not invent names, addresses, times, prices or ids.',
  'Facts (agent actions and their statuses, call events, CRM records) outrank what was said: a booking exists only if a booking action has status COMPLETED.',
  'When the input does not tell you a value, use null (or false for a yes/no that was not shown to be true) and say so in the matching reason.',
  'Reasons are one or two sentences and quote or cite the transcript line (mm:ss) they rest on.',
  'Answer with one JSON object that matches the response schema.',
].join('\n- ');

export function taskMessages(instructions: string, input: unknown): ChatMessage[] {
  return [
    { role: 'system', content: `${instructions.trim()}\n\nRules:\n- ${SHARED_RULES}` },
    { role: 'user', content: `The task input as JSON:\n${OPEN}\n${JSON.stringify(input, null, 2)}\n${CLOSE}` },
  ];
}

/** The input of the first message that carries one; undefined when none does or it is not JSON. */
export function readTaskInput(messages: ChatMessage[]): unknown {
  for (const message of messages) {
    if (message.role !== 'user') continue;
    const start = message.content.indexOf(OPEN);
    const end = message.content.lastIndexOf(CLOSE);
    if (start < 0 || end <= start) continue;
    try {
      return JSON.parse(message.content.slice(start + OPEN.length, end));
    } catch {
      return undefined;
    }
  }
  return undefined;
}
