import { z } from 'zod';
import { CanonicalCallRecordSchema, VoiceAgentProviderSchema } from '../../domain/call/call-record.schema';
import {
  AgentTypeSchema,
  CallStatusSchema,
  CallTypeSchema,
  InteractionEventTypeSchema,
  TranscriptLineSchema,
} from '../../domain/interaction/interaction.schema';
import { SummarySectionSchema } from '../../domain/interaction/summary.schema';

export const INTERACTION = 'interaction';

const Ids = { interactionId: z.uuid(), orgId: z.uuid() };

/** The first delivery of a call reached its interaction workflow (spec 000 §3 "Call", "Interaction"). */
export const CallStartedV1Schema = z.object({
  ...Ids,
  callId: z.uuid(),
  provider: VoiceAgentProviderSchema,
  providerCallId: z.string().min(1),
  agentType: AgentTypeSchema.nullable(),
  voiceAgentId: z.string().nullable(),
  direction: z.enum(['inbound', 'outbound']).nullable(),
  customerNumber: z.string().nullable(),
  startedAt: z.iso.datetime({ offset: true }).nullable(),
});
export type CallStartedV1 = z.infer<typeof CallStartedV1Schema>;

/** The merged provider call record once the call is over (or given up on). */
export const CallEndedV1Schema = z.object({
  ...Ids,
  record: CanonicalCallRecordSchema,
  /** True when the workflow stopped waiting: the provider never said the call ended. */
  timedOut: z.boolean(),
});
export type CallEndedV1 = z.infer<typeof CallEndedV1Schema>;

export const InteractionTranscribedV1Schema = z.object({ ...Ids, lines: z.array(TranscriptLineSchema) });

export const CustomerIdentifiedV1Schema = z.object({
  ...Ids,
  customerName: z.string().nullable(),
  customerAddress: z.string().nullable(),
  crmCustomerId: z.string().nullable(),
  isLead: z.boolean(),
  subject: z.string(),
  department: z.string().nullable(),
});

export const InteractionClassifiedV1Schema = z.object({
  ...Ids,
  callType: CallTypeSchema,
  callStatus: CallStatusSchema,
  reason: z.string(),
});

/** v2 names the language engine that answered ('offline', 'openai', ...), so a reader sees once which engine analysed the call. */
export const InteractionClassifiedV2Schema = z.object({
  ...Ids,
  callType: CallTypeSchema,
  callStatus: CallStatusSchema,
  reason: z.string(),
  /** Null for classifications recorded before v2. */
  engine: z.string().min(1).nullable(),
});

export const InteractionSummarizedV1Schema = z.object({ ...Ids, kind: z.string().min(1), summary: z.array(SummarySectionSchema) });

export const InteractionTaggedV1Schema = z.object({
  ...Ids,
  tags: z.array(z.string()),
  reasons: z.record(z.string(), z.string()),
});

export const CallScoredV1Schema = z.object({
  ...Ids,
  flags: z.record(z.string(), z.object({ value: z.boolean(), reasoning: z.string() })),
  standoutSummary: z.string(),
});

export const VoicemailDetectedV1Schema = z.object({ ...Ids, reachedVoicemail: z.boolean() });

/** By the post-call reclassifier (UNBOOKED → EXCUSED) or by a user (to UNBOOKED or EXCUSED), spec 000 §1, 001 §4. */
export const InteractionReclassifiedV1Schema = z.object({
  ...Ids,
  from: CallStatusSchema.nullable(),
  to: z.enum(['UNBOOKED', 'EXCUSED']),
  by: z.enum(['ai', 'user']),
  userId: z.uuid().nullable(),
  reason: z.string(),
  tags: z.array(z.string()),
});

export const InteractionReviewedV1Schema = z.object({
  ...Ids,
  reviewedAt: z.iso.datetime({ offset: true }).nullable(),
  /** Absent: the notes stay as they are. */
  reviewNotes: z.string().optional(),
  userId: z.uuid(),
});

/** Spec 000 §3 "Interaction event record" (create_call, call_end_reason, call_error, ...). */
export const InteractionEventRecordedV1Schema = z.object({
  ...Ids,
  recordId: z.uuid(),
  name: InteractionEventTypeSchema,
  metadata: z.record(z.string(), z.unknown()),
});

/**
 * Spec 000 §7 POST /expo/{callId}/comms: the visitor of a landing-page demo call asks to be followed up, at this
 * e-mail address and phone number (E.164). The demo organization's interaction of the call carries it.
 */
export const DemoFollowUpRequestedV1Schema = z.object({
  ...Ids,
  email: z.string().min(1),
  phone: z.string().min(1),
});
