import type { PartialCallRecord, VoiceAgentProvider } from '../../domain/call/call-record.schema';

/** One tool the agent asked for. Vapi may ask for several in one request; the others ask for one. */
export interface VoiceToolInvocation {
  /** Vapi's id of this tool call, which its answer must carry back; null for the other platforms. */
  toolCallId: string | null;
  tool: string;
  args: Record<string, unknown>;
}

/**
 * A tool request from a voice platform, read as that platform documents it: which call it belongs to and
 * what the agent asked for.
 */
export interface VoiceToolCall {
  provider: VoiceAgentProvider;
  /** The platform's own id of the call; it finds the call's interaction (interactionIdForProviderCall). */
  providerCallId: string | null;
  /** Our interaction id, where the caller knows it: the in-house agent, or a request that names it. */
  interactionId: string | null;
  invocations: VoiceToolInvocation[];
  /**
   * What the request says about the call, folded into the call record like a webhook delivery, so a tool
   * call that comes before the first webhook starts the interaction with what is known.
   */
  call: { occurredAt: string; record: PartialCallRecord } | null;
}

/** What a tool answers (the agent tools' answer): a sentence with the next step, and data. */
export interface VoiceToolAnswer {
  result: string;
  data?: Record<string, unknown>;
  end_call?: boolean;
  delay_ms?: number;
}

/** What goes back to the platform: the answer itself, or Vapi's one result per tool call. */
export type VoiceToolReply = VoiceToolAnswer | { results: { toolCallId: string; result: string }[] };

/** One platform's tool requests: how it sends them and the answer shape it reads. */
export interface VoiceToolRequestReader {
  provider: VoiceAgentProvider;
  /** Null when the body is not this platform's tool request. */
  read(body: unknown, receivedAt: Date): VoiceToolCall | null;
  /** The answer to send back, one answer per invocation, in order. */
  answer(call: VoiceToolCall, answers: VoiceToolAnswer[]): VoiceToolReply;
}

/** A tool's arguments: an object, or the JSON text of one (Vapi and OpenAI-style function calls). */
export function toolArgs(value: unknown): Record<string, unknown> {
  if (typeof value === 'string') {
    try {
      return toolArgs(JSON.parse(value));
    } catch {
      return {};
    }
  }
  if (typeof value !== 'object' || value === null || Array.isArray(value)) return {};
  // A template placeholder the platform left unfilled ("{{input.zip}}", "{zip}") is a value the agent did not give.
  return Object.fromEntries(Object.entries(value).filter(([, v]) => !(typeof v === 'string' && UNFILLED.test(v.trim()))));
}

const UNFILLED = /^(\{\{\s*[\w.]+\s*\}\}|\{[\w.]+\}|<[\w.]+>)$/;

/** A text value, or null when absent, empty or an unfilled placeholder. */
export function filledText(value: unknown): string | null {
  if (typeof value !== 'string') return typeof value === 'number' ? String(value) : null;
  const text = value.trim();
  return text.length > 0 && !UNFILLED.test(text) ? text : null;
}

/** The answers a platform that reads JSON gets: the one answer of its one invocation. */
export function singleAnswer(answers: VoiceToolAnswer[]): VoiceToolAnswer {
  return answers[0] ?? { result: '' };
}

/** A live call's facts that a tool request carries; never a transcript (the webhooks bring the whole one). */
export function liveCallRecord(record: PartialCallRecord): PartialCallRecord {
  const { transcriptObject, readableTranscriptWithToolCalls, ...rest } = record;
  return { ...rest, status: 'in-progress' };
}
