import { z } from 'zod';
import { defineAiTask } from './ai-task';
import { taskMessages } from './task-input';

/**
 * The AI assistant for CSRs (spec 001 §2.15): one reply to a CSR's question about a call and the customer's
 * earlier calls. Times in the input are already written in the CSR's zone, so an answer can quote them.
 */
const TranscriptLineSchema = z.object({ role: z.string(), message: z.string(), timestamp: z.string() });

export const CsrAssistantCallSchema = z.object({
  id: z.string(),
  /** "Nov 25, 2026, 3:04 PM CST" in the CSR's zone; null when the call has no start. */
  startedAt: z.string().nullable(),
  durationSeconds: z.number().nullable(),
  direction: z.string().nullable(),
  agentType: z.string().nullable(),
  /** The §4 call status (BOOKED, UNBOOKED, EXCUSED, ...). */
  status: z.string(),
  callType: z.string().nullable(),
  /** Why the call has its type, naming its evidence. */
  classificationReason: z.string().nullable(),
  endedReason: z.string().nullable(),
  customer: z.object({ name: z.string().nullable(), number: z.string().nullable(), address: z.string().nullable(), isLead: z.boolean().nullable() }),
  summary: z.array(z.object({ title: z.string(), content: z.array(z.string()) })),
  tags: z.array(z.object({ tag: z.string(), reason: z.string().nullable() })),
  transcript: z.array(TranscriptLineSchema),
  /** The CRM jobs and bookings the call's completed actions made, moved or canceled. */
  jobs: z.array(z.object({ kind: z.enum(['job', 'booking']), id: z.string(), number: z.string().nullable(), status: z.string() })),
  /** Every agent action of the call: what the agent tried in the CRM and how it ended. */
  actions: z.array(
    z.object({
      type: z.string(),
      status: z.string(),
      /** Why a DROPPED action was dropped. */
      reason: z.string().nullable(),
      /** The appointment the action asked for, in the CSR's zone when it named one. */
      appointment: z.string().nullable(),
    }),
  ),
  reviewNotes: z.string().nullable(),
});

export const CsrAssistantEarlierCallSchema = z.object({
  id: z.string(),
  startedAt: z.string().nullable(),
  status: z.string(),
  summary: z.string().nullable(),
  tags: z.array(z.string()),
});

export const CsrAssistantInputSchema = z.object({
  question: z.string().min(1),
  /** What was said before in this session, oldest first (the initial message included). */
  conversation: z.array(z.object({ role: z.enum(['user', 'assistant']), content: z.string() })),
  org: z.object({ name: z.string(), timezone: z.string() }),
  /** The CSR's zone, in which every time of the input is written. */
  timezone: z.string(),
  call: CsrAssistantCallSchema,
  /** The same customer's other calls to the organization (same phone number), newest first. */
  earlierCalls: z.array(CsrAssistantEarlierCallSchema),
});
export type CsrAssistantInput = z.infer<typeof CsrAssistantInputSchema>;

export const csrAssistantReplyTask = defineAiTask({
  name: 'csr_assistant_reply',
  description: "Answers a customer service rep's question about one call and the same customer's earlier calls.",
  inputSchema: CsrAssistantInputSchema,
  outputSchema: z.object({ answer: z.string().min(1) }),
  prompt: (input) =>
    taskMessages(
      [
        `You are the assistant of a customer service rep (CSR) at ${input.org.name}, a home-service contractor. The CSR is looking at one call`,
        'and asks you about it. The input holds the call (summary, classification and its reason, tags with reasons, transcript lines with',
        'mm:ss timestamps, the CRM jobs and agent actions, review notes), the same caller’s earlier calls, the conversation so far, and the',
        'question. Answer the question in `answer`: plain text, short (at most five sentences or a short list), for a busy CSR.',
        'Cite transcript lines by their mm:ss timestamp. Say "booked" only when a job or completed booking action shows it. When the input',
        'does not say, answer that it is not recorded; do not guess. Times are already in the CSR’s zone: quote them as written.',
      ].join(' '),
      input,
    ),
});

/** The first message of a session, built from the call alone (no engine call): what the assistant can help with. */
export function csrAssistantGreeting(call: Pick<z.infer<typeof CsrAssistantCallSchema>, 'customer' | 'startedAt'>, earlierCalls: number): string {
  const who = call.customer.name ?? call.customer.number ?? 'the caller';
  const when = call.startedAt ? ` on ${call.startedAt}` : '';
  const history = earlierCalls === 0 ? 'No earlier calls from this number.' : `This number has ${earlierCalls} earlier call${earlierCalls === 1 ? '' : 's'}.`;
  return `Hi! Ask me about this call with ${who}${when} or the customer's history. ${history} Try "What did the customer want?", "Was anything booked?" or "Previous calls?".`;
}
