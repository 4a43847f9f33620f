import {
  terminalStatusFor,
  type CallEndedReason,
  type PartialCallRecord,
  type TranscriptRole,
  type VoiceCallStatus,
} from '../../../../domain/call/call-record.schema';
import { formatTranscriptWithToolCalls, parseReadableTranscript, type TranscriptEntry } from '../../../../domain/call/transcript';
import { callTypeFor, compact, isoFromText, receiverFor, roundSeconds, roundUsd, stringRecord } from '../mapping';
import type { BlandCall } from './bland.schema';

/**
 * `robot` is not explained in Bland's reference; Bland navigates phone trees, so it is read as the
 * automated system on the other end (IVR). An assumption, kept here.
 */
export function blandRole(user: string): TranscriptRole {
  if (user === 'assistant') return 'Agent';
  if (user === 'user') return 'Customer';
  if (user === 'robot') return 'IVR';
  return 'Unknown';
}

const QUEUE_ERRORS_BEFORE_DIALLING = new Set(['pre_queue_error', 'queue_error']);

export function blandEndedReason(call: BlandCall): CallEndedReason | undefined {
  const queue = call.queue_status ?? '';
  if (QUEUE_ERRORS_BEFORE_DIALLING.has(queue)) return 'dial_failed';
  if (queue === 'call_error') return 'error';
  if (call.answered_by === 'voicemail') return 'voicemail';
  if (call.answered_by === 'no-answer') return 'no_answer';
  if (call.transferred_to) return 'transferred';
  const endedBy = call.call_ended_by?.toUpperCase();
  if (endedBy === 'ASSISTANT') return 'agent_hangup';
  if (endedBy === 'USER') return 'user_hangup';
  if (call.completed) return call.error_message ? 'error' : 'other';
  return undefined;
}

/** queue_status: new → queued → allocated → started → complete, or one of the *_error stages. */
export function blandStatus(call: BlandCall, reason: CallEndedReason | undefined): VoiceCallStatus | undefined {
  const queue = call.queue_status ?? '';
  // complete_error is a failure after the call (e.g. a post-call webhook), not of the call.
  const finished = call.completed === true || queue === 'complete' || queue === 'completed' || queue.endsWith('_error');
  if (finished) return terminalStatusFor(reason ?? null);
  if (queue === 'started') return 'in-progress';
  if (queue === 'new' || queue === 'queued' || queue === 'allocated') return 'queued';
  return undefined;
}

function transcriptOf(call: BlandCall): { turns: PartialCallRecord['transcriptObject']; readable?: string } {
  if (call.transcripts && call.transcripts.length > 0) {
    const entries: TranscriptEntry[] = [];
    const turns = [];
    for (const line of call.transcripts) {
      if (line.user === 'agent-action') {
        entries.push({ kind: 'action', text: line.text ?? '' });
        continue;
      }
      const turn = { role: blandRole(line.user), content: line.text ?? '' };
      turns.push(turn);
      entries.push({ kind: 'turn', ...turn });
    }
    return { turns, readable: formatTranscriptWithToolCalls(entries) };
  }
  // The list endpoint leaves transcripts out; the concatenated text ("user: …\n assistant: …") remains.
  if (call.concatenated_transcript) return { turns: parseReadableTranscript(call.concatenated_transcript, blandRole) };
  return { turns: undefined };
}

export function blandCallId(call: BlandCall): string | undefined {
  return call.call_id ?? call.c_id ?? undefined;
}

export function mapBlandCall(call: BlandCall): PartialCallRecord {
  const direction = call.inbound == null ? undefined : call.inbound ? 'inbound' : 'outbound';
  const endedReason = blandEndedReason(call);
  const status = blandStatus(call, endedReason);
  const startedAt = isoFromText(call.started_at);
  const durationSeconds = call.call_length != null ? roundSeconds(call.call_length * 60) : undefined;
  // end_at is when max_duration would have cut the call off, not when it ended.
  const endedAt =
    status && status !== 'in-progress' && status !== 'queued' && startedAt && durationSeconds !== undefined
      ? new Date(Date.parse(startedAt) + durationSeconds * 1000).toISOString()
      : undefined;
  const transcript = transcriptOf(call);

  return compact({
    voiceAgentId: call.pathway_id ?? call.persona_id ?? undefined,
    type: callTypeFor(direction),
    direction,
    status,
    providerStatus: call.queue_status ?? call.status ?? undefined,
    endedReason: status === 'in-progress' || status === 'queued' ? undefined : endedReason,
    providerEndedReason: call.call_ended_by ?? call.answered_by ?? call.error_message ?? undefined,
    createdAt: isoFromText(call.created_at),
    startedAt,
    endedAt,
    durationSeconds,
    recordingUrl: call.recording_url ?? undefined,
    summary: call.summary ?? undefined,
    forwardedPhoneNumber: call.transferred_to ?? undefined,
    fromNumber: call.from ?? undefined,
    toNumber: call.to ?? undefined,
    receiverId: receiverFor(direction, call.from, call.to),
    callerPhoneNumberId: direction === 'outbound' ? (call.from ?? undefined) : direction === 'inbound' ? (call.to ?? undefined) : undefined,
    metadata: call.metadata ?? undefined,
    callVariables: stringRecord(call.request_data),
    dynamicVariables: call.variables ?? undefined,
    transcriptObject: transcript.turns,
    readableTranscriptWithToolCalls: transcript.readable,
    costUsd: call.price != null ? roundUsd(call.price) : undefined,
  });
}
