import type { TranscriptRole, TranscriptTurn } from './call-record.schema';

/**
 * Transcript lines of spec 000 §3 / spec 001 "Transcript line": a message written "role: text" and a
 * timestamp "mm:ss" become {role, message, timestamp, seconds} with seconds = minutes × 60 + seconds.
 */
export interface TranscriptLine {
  role: TranscriptRole;
  message: string;
  /** mm:ss from the start of the call. */
  timestamp: string;
  seconds: number;
}

// Minutes are not capped at 59: a 75-minute call has "75:03".
const MMSS = /^(\d+):([0-5]\d)$/;

export function mmssToSeconds(timestamp: string): number {
  const match = MMSS.exec(timestamp.trim());
  if (!match) throw new RangeError(`Invalid transcript timestamp "${timestamp}", expected mm:ss`);
  return Number(match[1]) * 60 + Number(match[2]);
}

export function secondsToMmss(totalSeconds: number): string {
  if (!Number.isFinite(totalSeconds) || totalSeconds < 0) throw new RangeError(`Invalid seconds ${totalSeconds}`);
  const whole = Math.floor(totalSeconds);
  return `${String(Math.floor(whole / 60)).padStart(2, '0')}:${String(whole % 60).padStart(2, '0')}`;
}

const ROLE_ALIASES: Record<string, TranscriptRole> = {
  agent: 'Agent',
  assistant: 'Agent',
  bot: 'Agent',
  ai: 'Agent',
  customer: 'Customer',
  user: 'Customer',
  human: 'Customer',
  caller: 'Customer',
  ivr: 'IVR',
  unknown: 'Unknown',
};

export function normalizeTranscriptRole(label: string): TranscriptRole {
  return ROLE_ALIASES[label.trim().toLowerCase()] ?? 'Unknown';
}

// "Agent: text", also "user : text" as Bland writes it. A colon not followed by a space ("https://") is text.
const LABELLED = /^\s*([A-Za-z][A-Za-z _-]{0,30}?)\s*:(?:\s+|$)([\s\S]*)$/;

function splitLabel(message: string): { label: string; text: string } | null {
  const match = LABELLED.exec(message);
  return match ? { label: match[1], text: match[2].trim() } : null;
}

export function parseTranscriptLine(message: string, timestamp: string): TranscriptLine {
  const seconds = mmssToSeconds(timestamp);
  const labelled = splitLabel(message);
  return {
    role: labelled ? normalizeTranscriptRole(labelled.label) : 'Unknown',
    message: labelled ? labelled.text : message.trim(),
    timestamp: timestamp.trim(),
    seconds,
  };
}

/**
 * Lines for display. A turn's time is its first word's start; turns without word timings keep the previous
 * line's time, so the list never goes backwards.
 */
export function toTranscriptLines(turns: readonly TranscriptTurn[]): TranscriptLine[] {
  let seconds = 0;
  return turns.map((turn) => {
    const start = turn.words?.[0]?.start;
    if (start !== undefined) seconds = Math.max(seconds, Math.floor(start));
    return { role: turn.role, message: turn.content, timestamp: secondsToMmss(seconds), seconds };
  });
}

/** "Agent: text" lines, one per turn. */
export function formatReadableTranscript(turns: readonly TranscriptTurn[]): string {
  return turns.map((turn) => `${turn.role}: ${turn.content}`).join('\n');
}

/**
 * Turns from a vendor's plain-text transcript ("bot: ...\nhuman: ..."). A line without a speaker label
 * continues the previous turn. `roleOf` maps the vendor's labels; unknown labels become `Unknown`.
 */
export function parseReadableTranscript(text: string, roleOf: (label: string) => TranscriptRole = normalizeTranscriptRole): TranscriptTurn[] {
  const turns: TranscriptTurn[] = [];
  for (const line of text.split(/\r?\n/)) {
    if (!line.trim()) continue;
    const labelled = splitLabel(line);
    if (labelled) {
      turns.push({ role: roleOf(labelled.label), content: labelled.text });
    } else if (turns.length > 0) {
      const last = turns[turns.length - 1];
      last.content = `${last.content} ${line.trim()}`.trim();
    } else {
      turns.push({ role: 'Unknown', content: line.trim() });
    }
  }
  return turns;
}

export type TranscriptEntry =
  | { kind: 'turn'; role: TranscriptRole; content: string }
  | { kind: 'tool_call'; name: string; arguments: string }
  | { kind: 'tool_result'; result: string }
  | { kind: 'action'; text: string };

/** The readable transcript with tool calls woven in (spec 000 §3 readableTranscriptWithToolCalls). */
export function formatTranscriptWithToolCalls(entries: readonly TranscriptEntry[]): string {
  return entries
    .map((entry) => {
      if (entry.kind === 'turn') return `${entry.role}: ${entry.content}`;
      if (entry.kind === 'tool_call') return `Tool call: ${entry.name}(${entry.arguments})`;
      if (entry.kind === 'action') return `Action: ${entry.text}`;
      return `Tool result: ${entry.result}`;
    })
    .join('\n');
}
