import type { ChatSession } from '@contracts/chat-llm.contract';

type Customer = Pick<ChatSession, 'customer_name' | 'customer_number'>;
type Summarised = Pick<ChatSession, 'summary'>;

/** Who the session was with: the name they gave, else their number. */
export function sessionCustomer(session: Customer): string {
  return session.customer_name ?? session.customer_number ?? 'Unknown visitor';
}

/** The list's one-line gist of a session: the summary's first line, shortened; none while it is not summarised. */
export function sessionGist(session: Summarised, max = 120): string | null {
  const line = session.summary
    .flatMap((s) => s.content)
    .map((l) => l.trim())
    .find((l) => l.length > 0);
  if (!line) return null;
  return line.length > max ? `${line.slice(0, max - 1).trimEnd()}…` : line;
}

/** How a message is drawn in the transcript: the visitor on the right, the agent on the left. */
export function bubbleSide(role: ChatSession['messages'][number]['role']): 'right' | 'left' {
  return role === 'user' ? 'right' : 'left';
}

/** The session's state in words: live, or ended and why. */
export function sessionState(session: Pick<ChatSession, 'status' | 'end_reason'>): string {
  if (session.status === 'live') return 'Live';
  return session.end_reason ? `Ended (${session.end_reason.replace(/_/g, ' ').toLowerCase()})` : 'Ended';
}
