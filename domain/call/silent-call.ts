import { isTerminalStatus, type CallEndedReason, type CanonicalCallRecord, type VoiceAgentProvider } from './call-record.schema';

/**
 * Platforms whose "the call ended" comes before the transcript: Vapi's status-update "ended" precedes its
 * end-of-call-report. Retell's call_ended carries the whole call object but call_analysis (the transcript
 * included); Bland's and Synthflow's one post-call webhook, the sandbox's and the in-house agent's end carry theirs.
 */
const TRANSCRIPT_FOLLOWS_END: ReadonlySet<VoiceAgentProvider> = new Set(['vapi']);

/**
 * Platforms that send a post-call delivery after the end (Retell's call_analyzed, Vapi's end-of-call-report),
 * whose transcript is the call's final one. Retell's call_ended normally carries the transcript too, but the
 * two deliveries may come in either order, be retried, or the end may come without it: the post-call one is
 * the one to wait for.
 */
const POST_CALL_DELIVERY_AFTER_END: ReadonlySet<VoiceAgentProvider> = new Set(['retell', 'vapi']);

/**
 * Ends in which nobody spoke with the agent. Voicemail is not one: on an outbound call the agent may leave a
 * message, and its words (message_left) come with the transcript.
 */
const NO_SPEECH_REASONS: ReadonlySet<CallEndedReason> = new Set(['busy', 'no_answer', 'dial_failed', 'marked_as_spam']);

/** A call shorter than this had no room for anyone to speak. */
export const NO_SPEECH_MAX_SECONDS = 3;

/**
 * Whether a call that ended without a transcript should wait for one before it is classified. Only a platform
 * known to send the transcript after the end is waited for, and not when the call plainly had no speech (spec
 * 000 §4: such a call is classified at once, not left STARTED): its post-call delivery already came without
 * one, it ended for a reason nobody speaks in, or it was too short for speech.
 */
export function awaitsTranscript(record: CanonicalCallRecord, seen: { analysed: boolean }): boolean {
  if (!isTerminalStatus(record.status) || record.transcriptObject.length > 0) return false;
  if (seen.analysed || !TRANSCRIPT_FOLLOWS_END.has(record.provider)) return false;
  if (record.endedReason !== null && NO_SPEECH_REASONS.has(record.endedReason)) return false;
  return record.durationSeconds === null || record.durationSeconds >= NO_SPEECH_MAX_SECONDS;
}

/**
 * Whether a call that ended without a transcript must wait for its platform's post-call delivery before it is
 * classified, so classification never reads an empty transcript that is merely late. It waits on every platform
 * that sends one (Retell and Vapi), until that delivery came (with or without a transcript: a call nobody spoke
 * in has none), and never when the call plainly had no speech (spec 000 §4: classified at once). Replaces
 * `awaitsTranscript`, which trusted Retell's call_ended and waited only for Vapi.
 */
export function awaitsPostCallTranscript(record: CanonicalCallRecord, seen: { analysed: boolean }): boolean {
  if (!isTerminalStatus(record.status) || record.transcriptObject.length > 0) return false;
  if (seen.analysed || !POST_CALL_DELIVERY_AFTER_END.has(record.provider)) return false;
  if (record.endedReason !== null && NO_SPEECH_REASONS.has(record.endedReason)) return false;
  return record.durationSeconds === null || record.durationSeconds >= NO_SPEECH_MAX_SECONDS;
}
