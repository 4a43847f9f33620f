import { z } from 'zod';

/**
 * The canonical voice-agent provider call record (spec 000 §3 "Voice-agent provider call record") and the
 * voice-call enumerations of spec 000 §4. Every provider adapter maps its vendor's call object onto this shape.
 */

/**
 * Four third-party platforms and the in-house LLM pipeline (spec README, spec 000 §9), plus `sandbox`:
 * the offline stand-in for a third-party platform that outbound calls go through when an org has none.
 */
export const VOICE_AGENT_PROVIDERS = ['retell', 'vapi', 'bland', 'synthflow', 'in_house', 'sandbox'] as const;
export const VoiceAgentProviderSchema = z.enum(VOICE_AGENT_PROVIDERS);
export type VoiceAgentProvider = z.infer<typeof VoiceAgentProviderSchema>;

export const VOICE_CALL_STATUSES = ['queued', 'ringing', 'in-progress', 'forwarding', 'ended', 'error', 'not-connected'] as const;
export const VoiceCallStatusSchema = z.enum(VOICE_CALL_STATUSES);
export type VoiceCallStatus = z.infer<typeof VoiceCallStatusSchema>;

/** A call in one of these states will not change state again. */
export const TERMINAL_CALL_STATUSES: ReadonlySet<VoiceCallStatus> = new Set(['ended', 'error', 'not-connected']);

export const CALL_ENDED_REASONS = [
  'transferred',
  'user_hangup',
  'agent_hangup',
  'error',
  'other',
  'ongoing',
  'busy',
  'no_answer',
  'dial_failed',
  'voicemail',
  'marked_as_spam',
] as const;
export const CallEndedReasonSchema = z.enum(CALL_ENDED_REASONS);
export type CallEndedReason = z.infer<typeof CallEndedReasonSchema>;

export const VoiceCallTypeSchema = z.enum(['inboundPhoneCall', 'outboundPhoneCall', 'webCall']);
export type VoiceCallType = z.infer<typeof VoiceCallTypeSchema>;

export const CallDirectionSchema = z.enum(['inbound', 'outbound']);
export type CallDirection = z.infer<typeof CallDirectionSchema>;

/** Spec 000 §6 "Transcript speaker roles". */
export const TRANSCRIPT_ROLES = ['Agent', 'Customer', 'Unknown', 'IVR'] as const;
export const TranscriptRoleSchema = z.enum(TRANSCRIPT_ROLES);
export type TranscriptRole = z.infer<typeof TranscriptRoleSchema>;

/** Seconds from the start of the recording (spec 001 "transcript_object ... words[{start, end, word}]"). */
export const TranscriptWordSchema = z.object({
  word: z.string(),
  start: z.number().nonnegative(),
  end: z.number().nonnegative(),
});
export type TranscriptWord = z.infer<typeof TranscriptWordSchema>;

export const TranscriptTurnSchema = z.object({
  role: TranscriptRoleSchema,
  content: z.string(),
  words: z.array(TranscriptWordSchema).optional(),
});
export type TranscriptTurn = z.infer<typeof TranscriptTurnSchema>;

const IsoDateTime = z.iso.datetime({ offset: true });

export const CanonicalCallRecordSchema = z.object({
  provider: VoiceAgentProviderSchema,
  providerCallId: z.string().min(1),
  /** The provider's agent (assistant, pathway, model) that handled the call. */
  voiceAgentId: z.string().nullable(),
  type: VoiceCallTypeSchema.nullable(),
  direction: CallDirectionSchema.nullable(),
  status: VoiceCallStatusSchema,
  endedReason: CallEndedReasonSchema.nullable(),
  /** The vendor's own words, kept for support and for reasons the enums flatten. */
  providerStatus: z.string().nullable(),
  providerEndedReason: z.string().nullable(),
  createdAt: IsoDateTime.nullable(),
  updatedAt: IsoDateTime.nullable(),
  startedAt: IsoDateTime.nullable(),
  endedAt: IsoDateTime.nullable(),
  durationSeconds: z.number().nonnegative().nullable(),
  recordingUrl: z.string().nullable(),
  stereoRecordingUrl: z.string().nullable(),
  summary: z.string().nullable(),
  /** Where the call was transferred to, if it was. */
  forwardedPhoneNumber: z.string().nullable(),
  fromNumber: z.string().nullable(),
  toNumber: z.string().nullable(),
  /** The customer's side of the call: the number dialled on outbound calls, the caller on inbound ones. */
  receiverId: z.string().nullable(),
  /** The provider's id of our phone number the call used (for Retell and Bland the number itself). */
  callerPhoneNumberId: z.string().nullable(),
  metadata: z.record(z.string(), z.unknown()),
  /** Variables we handed the agent when the call was created. */
  callVariables: z.record(z.string(), z.string()),
  /** Variables the agent collected or computed during the call. */
  dynamicVariables: z.record(z.string(), z.unknown()),
  transcriptObject: z.array(TranscriptTurnSchema),
  readableTranscriptWithToolCalls: z.string().nullable(),
  costUsd: z.number().nonnegative().nullable(),
});
export type CanonicalCallRecord = z.infer<typeof CanonicalCallRecordSchema>;

/** What one webhook delivery or API read knows about a call; absent fields are unknown, not cleared. */
export type PartialCallRecord = Partial<CanonicalCallRecord>;

export function emptyCallRecord(provider: VoiceAgentProvider, providerCallId: string): CanonicalCallRecord {
  return {
    provider,
    providerCallId,
    voiceAgentId: null,
    type: null,
    direction: null,
    status: 'queued',
    endedReason: null,
    providerStatus: null,
    providerEndedReason: null,
    createdAt: null,
    updatedAt: null,
    startedAt: null,
    endedAt: null,
    durationSeconds: null,
    recordingUrl: null,
    stereoRecordingUrl: null,
    summary: null,
    forwardedPhoneNumber: null,
    fromNumber: null,
    toNumber: null,
    receiverId: null,
    callerPhoneNumberId: null,
    metadata: {},
    callVariables: {},
    dynamicVariables: {},
    transcriptObject: [],
    readableTranscriptWithToolCalls: null,
    costUsd: null,
  };
}

/**
 * The voice-call status a vendor's "it is over" should become: calls that never reached anyone are
 * `not-connected`, platform failures `error`, everything else `ended`.
 */
export function terminalStatusFor(reason: CallEndedReason | null): VoiceCallStatus {
  if (reason === 'busy' || reason === 'no_answer' || reason === 'dial_failed') return 'not-connected';
  if (reason === 'error') return 'error';
  return 'ended';
}

export function isTerminalStatus(status: VoiceCallStatus): boolean {
  return TERMINAL_CALL_STATUSES.has(status);
}
