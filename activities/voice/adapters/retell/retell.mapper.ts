import type { CallEndedReason, PartialCallRecord, TranscriptRole, TranscriptTurn, VoiceCallStatus } from '../../../../domain/call/call-record.schema';
import { formatTranscriptWithToolCalls, type TranscriptEntry } from '../../../../domain/call/transcript';
import { callTypeFor, compact, isoFromMs, receiverFor, roundSeconds, roundUsd, stringRecord } from '../mapping';
import type { RetellCall } from './retell.schema';

/** Retell call_status: registered, not_connected, ongoing, ended, error. */
export function retellStatus(callStatus: string): VoiceCallStatus {
  switch (callStatus) {
    case 'registered':
      return 'queued';
    case 'ongoing':
      return 'in-progress';
    case 'not_connected':
      return 'not-connected';
    case 'error':
      return 'error';
    default:
      return 'ended';
  }
}

/** Retell disconnection_reason (API reference, "Disconnection Reason" enum). */
export function retellEndedReason(reason: string): CallEndedReason {
  if (reason.startsWith('error_')) return 'error';
  switch (reason) {
    case 'user_hangup':
      return 'user_hangup';
    case 'agent_hangup':
      return 'agent_hangup';
    case 'call_transfer':
    case 'transfer_bridged':
      return 'transferred';
    case 'voicemail_reached':
      return 'voicemail';
    case 'dial_busy':
      return 'busy';
    case 'dial_no_answer':
    case 'user_declined':
      return 'no_answer';
    case 'dial_failed':
    case 'invalid_destination':
    case 'telephony_provider_permission_denied':
    case 'telephony_provider_unavailable':
    case 'sip_routing_error':
      return 'dial_failed';
    case 'marked_as_spam':
    case 'scam_detected':
      return 'marked_as_spam';
    case 'concurrency_limit_reached':
    case 'no_concurrency_fallback':
    case 'no_valid_payment':
    case 'registered_call_timeout':
      return 'error';
    default:
      // ivr_reached, inactivity, max_duration_reached, manual_stopped, transfer_cancelled, call_take_over, …
      return 'other';
  }
}

/** agent / user / transfer_target (the person a call was transferred to, neither our agent nor the customer). */
export function retellRole(role: string): TranscriptRole {
  if (role === 'agent') return 'Agent';
  if (role === 'user') return 'Customer';
  return 'Unknown';
}

function transcriptFrom(utterances: NonNullable<RetellCall['transcript_object']>): TranscriptTurn[] {
  return utterances.map((utterance) => {
    const words = (utterance.words ?? []).flatMap((w) =>
      w.word != null && w.start != null && w.end != null ? [{ word: w.word, start: w.start, end: w.end }] : [],
    );
    return { role: retellRole(utterance.role), content: utterance.content ?? '', ...(words.length > 0 ? { words } : {}) };
  });
}

function readableWithToolCalls(entries: NonNullable<RetellCall['transcript_with_tool_calls']>): string {
  const lines: TranscriptEntry[] = entries.flatMap((entry): TranscriptEntry[] => {
    if (entry.role === 'tool_call_invocation') return [{ kind: 'tool_call', name: entry.name ?? 'tool', arguments: entry.arguments ?? '' }];
    if (entry.role === 'tool_call_result') return [{ kind: 'tool_result', result: entry.content ?? '' }];
    if (entry.role === 'agent' || entry.role === 'user' || entry.role === 'transfer_target') {
      return [{ kind: 'turn', role: retellRole(entry.role), content: entry.content ?? '' }];
    }
    return [];
  });
  return formatTranscriptWithToolCalls(lines);
}

/** What a Retell call object says, and nothing it does not. */
export function mapRetellCall(call: RetellCall): PartialCallRecord {
  const direction = call.direction ?? undefined;
  const endedReason = call.disconnection_reason ? retellEndedReason(call.disconnection_reason) : undefined;
  const durationSeconds =
    call.duration_ms != null
      ? roundSeconds(call.duration_ms / 1000)
      : call.start_timestamp != null && call.end_timestamp != null
        ? roundSeconds((call.end_timestamp - call.start_timestamp) / 1000)
        : undefined;
  const cents = call.call_cost?.combined_cost;

  return compact({
    voiceAgentId: call.agent_id ?? undefined,
    type: callTypeFor(direction, call.call_type === 'web_call'),
    direction,
    status: call.call_status ? retellStatus(call.call_status) : undefined,
    providerStatus: call.call_status ?? undefined,
    endedReason,
    providerEndedReason: call.disconnection_reason ?? undefined,
    startedAt: isoFromMs(call.start_timestamp),
    endedAt: isoFromMs(call.end_timestamp),
    durationSeconds,
    recordingUrl: call.recording_url ?? undefined,
    stereoRecordingUrl: call.recording_multi_channel_url ?? undefined,
    summary: call.call_analysis?.call_summary ?? undefined,
    forwardedPhoneNumber: call.transfer_destination ?? undefined,
    fromNumber: call.from_number ?? undefined,
    toNumber: call.to_number ?? undefined,
    receiverId: receiverFor(direction, call.from_number, call.to_number),
    // Retell's phone-number APIs use the E.164 number as the id.
    callerPhoneNumberId: direction === 'outbound' ? (call.from_number ?? undefined) : direction === 'inbound' ? (call.to_number ?? undefined) : undefined,
    metadata: call.metadata ?? undefined,
    callVariables: stringRecord(call.retell_llm_dynamic_variables),
    dynamicVariables: call.collected_dynamic_variables ?? undefined,
    transcriptObject: call.transcript_object ? transcriptFrom(call.transcript_object) : undefined,
    readableTranscriptWithToolCalls: call.transcript_with_tool_calls ? readableWithToolCalls(call.transcript_with_tool_calls) : undefined,
    costUsd: cents != null ? roundUsd(cents / 100) : undefined,
  });
}
