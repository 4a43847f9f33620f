import { emptyCallRecord, type CallEndedReason, type CanonicalCallRecord, type TranscriptTurn, type TranscriptWord } from './call-record.schema';
import { formatTranscriptWithToolCalls, type TranscriptEntry } from './transcript';
import type { AgentProfile } from '../agents/agent-profile';
import type { AgentToolUse } from '../agents/agent-tool-use';
import { transferOf } from '../agents/agent-transfer';

// Workflow-safe (no I/O, no Node built-ins): the web-call workflow builds its call record with it.

/** One entry of a web call as it happened: a spoken turn or a tool the agent called. */
export type WebCallEntry = { kind: 'turn'; role: 'Agent' | 'Customer'; content: string } | { kind: 'tool'; use: AgentToolUse };

/**
 * A web call is typed, not spoken, so there is no audio to time words against. Word timings are
 * synthesised from a speaking-rate model: every word takes 60/wpm seconds at the speaker's rate, turns
 * follow one another with a fixed pause, and tool calls take no time. The record says so in its metadata.
 */
export const SPEECH_MODEL = { agentWpm: 165, customerWpm: 150, pauseSeconds: 0.8 } as const;
export const WORD_TIMINGS_NOTE = `synthesised: ${SPEECH_MODEL.agentWpm} wpm agent, ${SPEECH_MODEL.customerWpm} wpm caller, ${SPEECH_MODEL.pauseSeconds}s between turns`;

const round3 = (n: number) => Math.round(n * 1000) / 1000;

export function synthesiseTranscript(entries: readonly WebCallEntry[]): { turns: TranscriptTurn[]; spokenSeconds: number } {
  let clock = 0;
  const turns: TranscriptTurn[] = [];
  for (const entry of entries) {
    if (entry.kind !== 'turn' || !entry.content.trim()) continue;
    const perWord = 60 / (entry.role === 'Agent' ? SPEECH_MODEL.agentWpm : SPEECH_MODEL.customerWpm);
    if (turns.length > 0) clock += SPEECH_MODEL.pauseSeconds;
    const words: TranscriptWord[] = entry.content
      .trim()
      .split(/\s+/)
      .map((word) => {
        const start = clock;
        clock += perWord;
        return { word, start: round3(start), end: round3(clock) };
      });
    turns.push({ role: entry.role, content: entry.content.trim(), words });
  }
  return { turns, spokenSeconds: round3(clock) };
}

export interface WebCallRecordInput {
  providerCallId: string;
  agent: AgentProfile;
  entries: readonly WebCallEntry[];
  dynamicVariables: Record<string, string>;
  startedAt: string;
  endedAt: string | null;
  endedReason: CallEndedReason | null;
  /** Why the call ended in our own words (caller_ended, agent_ended, idle_timeout). */
  providerEndedReason: string | null;
}

/** The canonical provider call record of a web call with the in-house agent (spec 000 §3). */
export function webCallRecord(input: WebCallRecordInput): CanonicalCallRecord {
  const { turns } = synthesiseTranscript(input.entries);
  const readable: TranscriptEntry[] = input.entries.flatMap((e): TranscriptEntry[] =>
    e.kind === 'turn'
      ? [{ kind: 'turn', role: e.role, content: e.content }]
      : [
          { kind: 'tool_call', name: e.use.name, arguments: JSON.stringify(e.use.arguments) },
          { kind: 'tool_result', result: e.use.error ?? e.use.result },
        ],
  );
  const ended = input.endedAt !== null;
  // A call the agent transferred ends `transferred` (000 §4), whatever ended the run; the destination is kept.
  const transfer = transferOf(input.entries.flatMap((e) => (e.kind === 'tool' ? [e.use] : [])));
  return {
    ...emptyCallRecord('in_house', input.providerCallId),
    voiceAgentId: input.agent.id,
    type: 'webCall',
    direction: input.agent.direction,
    status: ended ? 'ended' : 'in-progress',
    endedReason: ended ? (transfer ? 'transferred' : input.endedReason) : 'ongoing',
    providerStatus: ended ? 'ended' : 'in-progress',
    providerEndedReason: input.providerEndedReason,
    createdAt: input.startedAt,
    updatedAt: input.endedAt ?? input.startedAt,
    startedAt: input.startedAt,
    endedAt: input.endedAt,
    durationSeconds: ended ? Math.max(0, (Date.parse(input.endedAt!) - Date.parse(input.startedAt)) / 1000) : null,
    metadata: { agent_type: input.agent.agentType, agent_id: input.agent.id, channel: 'web_call', word_timings: WORD_TIMINGS_NOTE },
    callVariables: { ...input.agent.scriptVariables, agent_type: input.agent.agentType },
    dynamicVariables: input.dynamicVariables,
    transcriptObject: turns,
    ...(transfer ? { forwardedPhoneNumber: transfer.destination } : {}),
    readableTranscriptWithToolCalls: readable.length > 0 ? formatTranscriptWithToolCalls(readable) : null,
  };
}
