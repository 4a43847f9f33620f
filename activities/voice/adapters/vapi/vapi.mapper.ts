import {
  terminalStatusFor,
  type CallDirection,
  type CallEndedReason,
  type PartialCallRecord,
  type TranscriptTurn,
  type VoiceCallStatus,
} from '../../../../domain/call/call-record.schema';
import { formatTranscriptWithToolCalls, type TranscriptEntry } from '../../../../domain/call/transcript';
import { compact, isoFromText, receiverFor, roundSeconds, roundUsd, stringRecord } from '../mapping';
import type { VapiArtifactMessage, VapiCall, VapiServerMessage } from './vapi.schema';

const TRANSFERRED = new Set(['assistant-forwarded-call', 'call.ringing.hook-executed-transfer', 'call.ending.hook-executed-transfer']);
const DIAL_FAILED = new Set([
  'twilio-failed-to-connect-call',
  'twilio-reported-customer-misdialed',
  'vonage-failed-to-connect-call',
  'vonage-rejected',
  'call.in-progress.error-sip-outbound-call-failed-to-connect',
]);
const AGENT_HANGUP = new Set([
  'assistant-ended-call',
  'assistant-said-end-call-phrase',
  'assistant-ended-call-with-hangup-task',
  'assistant-ended-call-after-message-spoken',
]);

/**
 * Vapi's endedReason enum has hundreds of values, most of them `<stage>.error-<component>` failures, so
 * the mapping is by exact value for the outcomes the spec names and by pattern for the rest.
 */
export function vapiEndedReason(reason: string): CallEndedReason {
  if (reason === 'voicemail') return 'voicemail';
  if (reason === 'customer-busy' || reason === 'call.forwarding.operator-busy') return 'busy';
  if (reason === 'customer-did-not-answer') return 'no_answer';
  if (TRANSFERRED.has(reason)) return 'transferred';
  if (AGENT_HANGUP.has(reason)) return 'agent_hangup';
  if (reason.startsWith('customer-ended-call') || reason === 'call.ringing.sip-inbound-caller-hungup-before-call-connect') return 'user_hangup';
  if (DIAL_FAILED.has(reason) || reason.startsWith('call.in-progress.error-providerfault-outbound-sip-')) return 'dial_failed';
  if (reason.includes('error') || reason.startsWith('assistant-request-') || reason.startsWith('assistant-not-')) return 'error';
  // silence-timed-out, exceeded-max-duration, manually-canceled, call-deleted, *-completed-call, …
  return 'other';
}

/** Vapi call.status: scheduled, queued, ringing, in-progress, forwarding, ended (plus not-found, deletion-failed). */
export function vapiStatus(status: string, reason: CallEndedReason | undefined): VoiceCallStatus {
  switch (status) {
    case 'scheduled':
    case 'queued':
      return 'queued';
    case 'ringing':
      return 'ringing';
    case 'in-progress':
      return 'in-progress';
    case 'forwarding':
      return 'forwarding';
    case 'ended':
      return terminalStatusFor(reason ?? null);
    default:
      return 'error';
  }
}

export function vapiDirection(type: string | null | undefined): CallDirection | undefined {
  if (type === 'inboundPhoneCall') return 'inbound';
  if (type === 'outboundPhoneCall') return 'outbound';
  return undefined;
}

function argumentsText(value: unknown): string {
  return typeof value === 'string' ? value : JSON.stringify(value ?? {});
}

/** bot → Agent, user → Customer; system prompts are not part of the conversation. Vapi gives no word timings. */
export function vapiTranscript(messages: readonly VapiArtifactMessage[]): { turns: TranscriptTurn[]; readable: string } {
  const turns: TranscriptTurn[] = [];
  const entries: TranscriptEntry[] = [];
  for (const message of messages) {
    if (message.role === 'bot' || message.role === 'assistant' || message.role === 'user') {
      const turn: TranscriptTurn = { role: message.role === 'user' ? 'Customer' : 'Agent', content: message.message ?? '' };
      turns.push(turn);
      entries.push({ kind: 'turn', ...turn });
    } else if (message.role === 'tool_calls') {
      for (const call of message.toolCalls ?? []) {
        if (call.function) entries.push({ kind: 'tool_call', name: call.function.name, arguments: argumentsText(call.function.arguments) });
      }
    } else if (message.role === 'tool_call_result') {
      entries.push({ kind: 'tool_result', result: message.result ?? '' });
    }
  }
  return { turns, readable: formatTranscriptWithToolCalls(entries) };
}

function durationBetween(startedAt: string | undefined, endedAt: string | undefined): number | undefined {
  if (!startedAt || !endedAt) return undefined;
  return roundSeconds((Date.parse(endedAt) - Date.parse(startedAt)) / 1000);
}

/** Identity and timing from a Call object; status only when `withStatus` (a message's embedded call is a stale snapshot). */
export function mapVapiCall(call: VapiCall, { withStatus }: { withStatus: boolean }): PartialCallRecord {
  const direction = vapiDirection(call.type);
  const ours = call.phoneNumber?.number ?? undefined;
  const customer = call.customer?.number ?? undefined;
  const fromNumber = direction === 'inbound' ? customer : direction === 'outbound' ? ours : undefined;
  const toNumber = direction === 'inbound' ? ours : direction === 'outbound' ? customer : undefined;
  const endedReason = call.endedReason ? vapiEndedReason(call.endedReason) : undefined;
  const startedAt = isoFromText(call.startedAt);
  const endedAt = isoFromText(call.endedAt);
  const transcript = call.artifact?.messages ? vapiTranscript(call.artifact.messages) : undefined;

  return compact({
    voiceAgentId: call.assistantId ?? undefined,
    type: call.type === 'inboundPhoneCall' || call.type === 'outboundPhoneCall' || call.type === 'webCall' ? call.type : undefined,
    direction,
    ...(withStatus && call.status
      ? { status: vapiStatus(call.status, endedReason), providerStatus: call.status, endedReason, providerEndedReason: call.endedReason ?? undefined }
      : {}),
    createdAt: isoFromText(call.createdAt),
    updatedAt: isoFromText(call.updatedAt),
    startedAt,
    endedAt,
    durationSeconds: durationBetween(startedAt, endedAt),
    recordingUrl: call.artifact?.recording?.mono?.combinedUrl ?? call.artifact?.recordingUrl ?? undefined,
    stereoRecordingUrl: call.artifact?.recording?.stereoUrl ?? call.artifact?.stereoRecordingUrl ?? undefined,
    summary: call.analysis?.summary ?? undefined,
    forwardedPhoneNumber: call.destination?.number ?? call.destination?.sipUri ?? undefined,
    fromNumber,
    toNumber,
    receiverId: receiverFor(direction, fromNumber, toNumber),
    callerPhoneNumberId: call.phoneNumberId ?? undefined,
    metadata: call.assistantOverrides?.metadata ?? undefined,
    callVariables: stringRecord(call.assistantOverrides?.variableValues),
    transcriptObject: transcript?.turns,
    readableTranscriptWithToolCalls: transcript?.readable,
    costUsd: call.cost != null ? roundUsd(call.cost) : undefined,
  });
}

/** A message's call, with the phone number and customer Vapi may put beside it instead of inside it. */
function embeddedCall(message: VapiServerMessage): PartialCallRecord {
  if (!message.call) return {};
  const call = { ...message.call, phoneNumber: message.call.phoneNumber ?? message.phoneNumber, customer: message.call.customer ?? message.customer };
  return mapVapiCall(call, { withStatus: false });
}

/** status-update: the status (and reason once ended) on top of the embedded call's identity. */
export function mapVapiStatusUpdate(message: VapiServerMessage): PartialCallRecord {
  const endedReason = message.endedReason ? vapiEndedReason(message.endedReason) : undefined;
  return compact({
    ...embeddedCall(message),
    status: message.status ? vapiStatus(message.status, endedReason) : undefined,
    providerStatus: message.status ?? undefined,
    endedReason,
    providerEndedReason: message.endedReason ?? undefined,
  });
}

/** end-of-call-report: artifact and analysis at the message level (older deliveries: flat fields). */
export function mapVapiEndOfCallReport(message: VapiServerMessage): PartialCallRecord {
  const endedReason = message.endedReason ? vapiEndedReason(message.endedReason) : undefined;
  const messages = message.artifact?.messages ?? message.messages ?? undefined;
  const transcript = messages ? vapiTranscript(messages) : undefined;
  const startedAt = isoFromText(message.startedAt);
  const endedAt = isoFromText(message.endedAt);
  return compact({
    ...embeddedCall(message),
    status: terminalStatusFor(endedReason ?? null),
    providerStatus: 'ended',
    endedReason,
    providerEndedReason: message.endedReason ?? undefined,
    startedAt,
    endedAt,
    durationSeconds: message.durationSeconds != null ? roundSeconds(message.durationSeconds) : durationBetween(startedAt, endedAt),
    recordingUrl: message.artifact?.recording?.mono?.combinedUrl ?? message.artifact?.recordingUrl ?? message.recordingUrl ?? undefined,
    stereoRecordingUrl: message.artifact?.recording?.stereoUrl ?? message.artifact?.stereoRecordingUrl ?? message.stereoRecordingUrl ?? undefined,
    summary: message.analysis?.summary ?? message.summary ?? undefined,
    forwardedPhoneNumber: message.destination?.number ?? message.destination?.sipUri ?? undefined,
    transcriptObject: transcript?.turns,
    readableTranscriptWithToolCalls: transcript?.readable,
    costUsd: message.cost != null ? roundUsd(message.cost) : undefined,
  });
}

/** tool-calls only happen on a live call. */
export function mapVapiToolCalls(message: VapiServerMessage): PartialCallRecord {
  return compact({ ...embeddedCall(message), status: 'in-progress' });
}

/** Any other server message: who and what, never a status. */
export function mapVapiOtherMessage(message: VapiServerMessage): PartialCallRecord {
  return embeddedCall(message);
}
