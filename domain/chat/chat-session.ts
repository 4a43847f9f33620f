import type { Action, TranscriptLine } from '../interaction/interaction.schema';

/**
 * LLM chat sessions (001 §2.7, §3 "LLM chat", §4; 000 §4): the rules the chat-session workflow and the
 * read model share. Pure: no clock, no I/O.
 */

/** 000 §4, 001 §4: "after 15 minutes of user silence the agent either ends the chat (if it is concluded) or sends a short nudge". */
export const CHAT_FOLLOW_UP_MS = 15 * 60 * 1000;

/** The one nudge an open chat gets; after another quiet period of the same length the chat ends. */
export const CHAT_NUDGE = 'Are you still there? Just reply here whenever you are ready and I will pick up where we left off.';

export const CHAT_SESSION_END_REASONS = ['agent_ended', 'concluded', 'idle_timeout'] as const;
export type ChatSessionEndReason = (typeof CHAT_SESSION_END_REASONS)[number];

/** 001 §3 "LLM chat" roles of a message. */
export type ChatSessionRole = 'user' | 'agent';

export interface ChatSessionLine {
  role: ChatSessionRole;
  content: string;
  created_at: string;
}

// A closing word from the visitor ("thanks, that's all", "bye") ends the conversation from their side.
const CLOSING = /\b(thanks|thank you|thx|bye|goodbye|that'?s all|that is all|that'?s it|no,? that'?s (?:it|everything)|all set|have a good)\b/i;

/**
 * Is the conversation concluded, so that 15 quiet minutes end it instead of earning a nudge? The agent's
 * last word is not a question (it is not waiting on the visitor), or the visitor's last message closes the
 * conversation. An agent still waiting on an answer ("What is your zip code?") means an open chat.
 */
export function isChatConcluded(messages: readonly ChatSessionLine[]): boolean {
  const last = messages.at(-1);
  if (!last) return true;
  if (last.role === 'user') return CLOSING.test(last.content);
  const lastUser = [...messages].reverse().find((m) => m.role === 'user');
  if (lastUser && CLOSING.test(lastUser.content)) return true;
  return !/\?\s*["')\]]?\s*$/.test(last.content.trim());
}

const mmss = (seconds: number) => `${Math.floor(seconds / 60)}:${String(seconds % 60).padStart(2, '0')}`;

/** A chat session's messages as the post-call pipeline's transcript lines, timed from the session's start. */
export function chatSessionTranscript(startedAt: string, messages: readonly ChatSessionLine[]): TranscriptLine[] {
  const start = Date.parse(startedAt);
  return messages.map((m) => {
    const seconds = Math.max(0, Math.floor((Date.parse(m.created_at) - start) / 1000)) || 0;
    return { role: m.role === 'agent' ? 'Agent' : 'Customer', message: m.content, timestamp: mmss(seconds), seconds };
  });
}

/** The phone the visitor gave the agent's booking or callback tool (the first one named), if any. */
export function customerNumberOf(actions: readonly Pick<Action, 'payload'>[]): string | null {
  for (const a of actions) {
    const phone = (a.payload as { phone_number?: unknown }).phone_number;
    if (typeof phone === 'string' && phone.trim() !== '') return phone;
  }
  return null;
}
