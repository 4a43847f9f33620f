import { terminalStatusFor, type CallEndedReason, type PartialCallRecord, type VoiceCallStatus } from '../../../../domain/call/call-record.schema';
import { formatReadableTranscript, parseReadableTranscript } from '../../../../domain/call/transcript';
import { callTypeFor, compact, isoFromText, objectRecord, receiverFor, roundSeconds, stringRecord } from '../mapping';
import type { SynthflowCall, SynthflowWebhook } from './synthflow.schema';

/** Synthflow end_call_reason (webhook docs and the GET /calls/{id} enum). */
export function synthflowEndedReason(reason: string): CallEndedReason {
  switch (reason) {
    case 'human_goodbye':
    case 'human_ended_call':
    case 'human_pick_up_cut_off':
      return 'user_hangup';
    case 'agent_goodbye':
    case 'agent_ended_call':
    case 'custom_end_call':
      return 'agent_hangup';
    case 'voicemail':
    case 'voicemail_cut_off':
    case 'voicemail_message_left':
      return 'voicemail';
    case 'error':
      return 'error';
    default:
      // max_duration, timeout, user_canceled, undefined, …
      return 'other';
  }
}

/**
 * Synthflow call status: pending, ringing, in-progress, completed, no-answer, busy, failed, canceled,
 * user-canceled, hangup_on_voicemail, left_voicemail, spam, paused, registered. Some statuses say more
 * about how the call ended than end_call_reason does, so they can imply the reason.
 */
export function synthflowStatus(status: string, reason: CallEndedReason | undefined): { status: VoiceCallStatus; impliedReason?: CallEndedReason } {
  switch (status) {
    case 'pending':
    case 'paused':
    case 'registered':
      return { status: 'queued' };
    case 'ringing':
      return { status: 'ringing' };
    case 'in-progress':
      return { status: 'in-progress' };
    case 'no-answer':
      return { status: 'not-connected', impliedReason: 'no_answer' };
    case 'busy':
      return { status: 'not-connected', impliedReason: 'busy' };
    case 'failed':
      return { status: 'not-connected', impliedReason: 'dial_failed' };
    case 'canceled':
    case 'user-canceled':
      return { status: 'not-connected', impliedReason: 'other' };
    case 'hangup_on_voicemail':
    case 'left_voicemail':
      return { status: 'ended', impliedReason: 'voicemail' };
    case 'spam':
      return { status: 'ended', impliedReason: 'marked_as_spam' };
    default:
      return { status: terminalStatusFor(reason ?? null) };
  }
}

/** Flattens {name: {value, collected}} (or {agentId: {name: {value, collected}}}) to {name: value}, collected ones only. */
export function collectedValues(variables: Record<string, unknown> | null | undefined): Record<string, unknown> | undefined {
  if (!variables) return undefined;
  const out: Record<string, unknown> = {};
  const visit = (entries: Record<string, unknown>, depth: number) => {
    for (const [name, entry] of Object.entries(entries)) {
      const slot = objectRecord(entry);
      if (!slot) continue;
      if ('collected' in slot || 'value' in slot) {
        if (slot.collected !== false) out[name] = slot.value ?? null;
      } else if (depth === 0) {
        visit(slot, 1);
      }
    }
  };
  visit(variables, 0);
  return out;
}

function direction(call: SynthflowCall) {
  return call.type_of_call === 'inbound' ? 'inbound' : call.type_of_call === 'outbound' ? 'outbound' : undefined;
}

export function mapSynthflowCall(call: SynthflowCall, lead?: SynthflowWebhook['lead'], extraCollected?: Record<string, unknown> | null): PartialCallRecord {
  const reason = call.end_call_reason ? synthflowEndedReason(call.end_call_reason) : undefined;
  const rawStatus = call.status ?? call.call_status ?? undefined;
  const mapped = rawStatus ? synthflowStatus(rawStatus, reason) : undefined;
  const live = mapped && (mapped.status === 'queued' || mapped.status === 'ringing' || mapped.status === 'in-progress');
  const startedAt = isoFromText(call.telephony_start) ?? isoFromText(call.start_time == null ? undefined : String(call.start_time));
  const durationSeconds = call.duration != null ? roundSeconds(call.duration) : undefined;
  const endedAt =
    isoFromText(call.telephony_end) ??
    (!live && startedAt && durationSeconds !== undefined ? new Date(Date.parse(startedAt) + durationSeconds * 1000).toISOString() : undefined);
  const dir = direction(call);
  const turns = call.transcript ? parseReadableTranscript(call.transcript) : undefined;
  const dynamicVariables = { ...collectedValues(call.collected_variables), ...collectedValues(extraCollected) };

  return compact({
    voiceAgentId: call.model_id ?? undefined,
    type: callTypeFor(dir),
    direction: dir,
    status: mapped?.status,
    providerStatus: rawStatus,
    endedReason: live ? undefined : (mapped?.impliedReason ?? reason),
    providerEndedReason: call.custom_end_call_reason ?? call.end_call_reason ?? undefined,
    startedAt,
    endedAt,
    durationSeconds,
    recordingUrl: call.recording_url || undefined,
    fromNumber: call.phone_number_from ?? undefined,
    toNumber: call.phone_number_to ?? undefined,
    receiverId: lead?.phone_number ?? call.lead_phone_number ?? receiverFor(dir, call.phone_number_from, call.phone_number_to),
    callerPhoneNumberId: call.agent_phone_number ?? undefined,
    callVariables: stringRecord(lead?.prompt_variables ?? call.prompt_variables),
    dynamicVariables: Object.keys(dynamicVariables).length > 0 ? dynamicVariables : undefined,
    transcriptObject: turns,
    // Synthflow's transcript has no tool calls in it; the readable form is the turns themselves.
    readableTranscriptWithToolCalls: turns ? formatReadableTranscript(turns) : undefined,
  });
}

/**
 * The webhook's `analysis` fields are graded criteria (true / false / partial / not_applicable, with
 * `_feedback` notes), not a free-text summary, so `summary` stays empty for Synthflow calls.
 */
export function mapSynthflowWebhook(body: SynthflowWebhook): PartialCallRecord {
  return mapSynthflowCall(body.call, body.lead, body.collected_variables);
}
