import { CallEndedReasonSchema } from '../call/call-record.schema';
import { z } from 'zod';
import { TimezoneSchema, TradeSchema } from '../organization/organization-settings.schema';
import { TaskInstructionsSchema } from '../organization/org-profile.schema';

// Enumerations of spec 000 §4 and §6 that AI tasks read or write, and the interaction every
// post-call task is given.

export const AGENT_TYPES = [
  'RECEPTIONIST',
  'OFFICE_HOURS_CSR',
  'AFTER_HOURS_CSR',
  'HAPPY_CALLS_AGENT',
  'DEMO_AGENT',
  'SALES_AGENT',
  'ESTIMATE_FOLLOWUPS_AGENT',
  'APPOINTMENT_REMINDER_AGENT',
  'MEMBERSHIP_AGENT',
  'LEAD_ENGAGEMENT_AGENT',
  'CHAT_CSR_AGENT',
] as const;
export const AgentTypeSchema = z.enum(AGENT_TYPES);
export type AgentType = z.infer<typeof AgentTypeSchema>;

/** 000 §6 "Inbound: RECEPTIONIST, OFFICE_HOURS_CSR, AFTER_HOURS_CSR". */
export const INBOUND_AGENT_TYPES: readonly AgentType[] = ['RECEPTIONIST', 'OFFICE_HOURS_CSR', 'AFTER_HOURS_CSR'];

/** Spec 000 §4 "Voice call evaluation status"; an evaluation by the AI sets one of the first two. */
export const EvaluationStatusSchema = z.enum(['success', 'failed', 'reviewed_success', 'reviewed_failure']);

export const CALL_TYPES = ['Abandoned', 'Unbooked', 'Excused', 'Booked', 'NotLead'] as const;
export const CallTypeSchema = z.enum(CALL_TYPES);
export type CallType = z.infer<typeof CallTypeSchema>;

export const CALL_STATUSES = [
  'PROCESSING',
  'ERROR',
  'TRANSFERRED',
  'STARTED',
  'COMPLETED',
  'PENDING',
  'OUTGOING',
  'BOOKED',
  'UNBOOKED',
  'EXCUSED',
  'ABANDONED',
  'SOLD',
  'NO_ANSWER',
  'VOICEMAIL',
] as const;
export const CallStatusSchema = z.enum(CALL_STATUSES);
export type CallStatus = z.infer<typeof CallStatusSchema>;

/**
 * §4 has no NOT_LEAD status: a NotLead interaction is a finished call that needs no follow-up, so it
 * keeps COMPLETED.
 */
export const CALL_STATUS_FOR_CALL_TYPE: Record<CallType, CallStatus> = {
  Booked: 'BOOKED',
  Unbooked: 'UNBOOKED',
  Excused: 'EXCUSED',
  Abandoned: 'ABANDONED',
  NotLead: 'COMPLETED',
};

/** 000 §4: a call transferred to a person is TRANSFERRED whatever its call type; otherwise its type's status. */
export function callStatusFor(callType: CallType, endedReason: string | null | undefined): CallStatus {
  return endedReason === 'transferred' ? 'TRANSFERRED' : CALL_STATUS_FOR_CALL_TYPE[callType];
}

/** Spec 000 §8. */
export const BOOKED_WITHOUT_BOOKINGS = 'Call with status BOOKED must have bookings';

export const ACTION_TYPES = [
  'job_booking',
  'job_reschedule',
  'job_cancel',
  'create_booking',
  'create_callback',
  'update_estimate',
  'confirm_appointment',
] as const;
export const ActionTypeSchema = z.enum(ACTION_TYPES);
export type ActionType = z.infer<typeof ActionTypeSchema>;

export const ActionStatusSchema = z.enum(['NEW', 'COMPLETED', 'DROPPED']);
export type ActionStatus = z.infer<typeof ActionStatusSchema>;

/** A job booked in the CRM or a booking request created there: both are bookings of the interaction. */
export const BOOKING_ACTION_TYPES: readonly ActionType[] = ['job_booking', 'create_booking'];

export const BOOKING_OUTCOME_TAGS = [
  'booked',
  'same_day',
  'next_day',
  'callback',
  'reschedule',
  'cancellation',
  'sooner_slot',
  'appointment_confirmed',
] as const;
export const EXCUSE_REASON_TAGS = [
  'dispatch_fee_issue',
  'timing_issue',
  'estimate_on_call',
  'agent_requested',
  'message_drop',
  'message_left',
  'spam',
  'no_conversation',
  'follow_up',
  'language_issue',
  'outside_service_area',
  'do_not_service',
] as const;
export const OUTBOUND_RESPONSE_TAGS = [
  'outbound_call',
  'not_interested',
  'agreed_to_review',
  'positive',
  'negative',
  'estimate_accepted',
  'estimate_declined',
  'different_service',
  'do_not_call',
  'no_thanks',
  'do_not_contact',
] as const;
export const InteractionTagSchema = z.enum([...BOOKING_OUTCOME_TAGS, ...EXCUSE_REASON_TAGS, ...OUTBOUND_RESPONSE_TAGS]);
export type InteractionTag = z.infer<typeof InteractionTagSchema>;

export const INTERACTION_EVENT_TYPES = [
  'send_sms',
  'send_email',
  'send_slack',
  'send_webhook',
  'ai_sms_followup',
  'create_crm_booking',
  'update_crm_booking',
  'update_crm_job',
  'auto_assign_update',
  'get_jobs',
  'create_call',
  'call_error',
  'call_end_reason',
  'callback_required',
  'emergency_pager_no_answer',
  'get_capacity',
  'get_capacity_error',
] as const;
export const InteractionEventTypeSchema = z.enum(INTERACTION_EVENT_TYPES);
export const CHAT_STAGES = ['CREATE_BOOKING', 'PHONE_LOOKUP', 'NEW_ADDRESS', 'SCHEDULE_LOOKUP'] as const;
export const ChatStageSchema = z.enum(CHAT_STAGES);
/** Spec 000 §3 "Transcript line". */
export const TranscriptLineSchema = z.object({
  role: z.string().min(1),
  message: z.string(),
  timestamp: z.string().regex(/^\d+:[0-5]\d$/, 'Must be mm:ss format'),
  seconds: z.number().int().nonnegative(),
});
export type TranscriptLine = z.infer<typeof TranscriptLineSchema>;

export const ActionSchema = z.object({
  id: z.string().min(1),
  type: ActionTypeSchema,
  status: ActionStatusSchema,
  /** The §3 action payload the agent's tool sent (job booking, reschedule, cancel, ...). */
  payload: z.record(z.string(), z.unknown()).default({}),
});
export type Action = z.infer<typeof ActionSchema>;

export const InteractionFactsSchema = z.object({
  actions: z.array(ActionSchema).default([]),
  events: z.array(InteractionEventTypeSchema).default([]),
  endedReason: CallEndedReasonSchema.nullable().default(null),
  durationSeconds: z.number().nonnegative().nullable().default(null),
  /** The caller id or the number dialled. */
  customerPhone: z.string().nullable().default(null),
  /** The CRM marks the customer do-not-service. */
  doNotService: z.boolean().default(false),
  /** When the call started (ISO), to date its bookings same_day or next_day. */
  startedAt: z.string().nullable().default(null),
});
export type InteractionFacts = z.infer<typeof InteractionFactsSchema>;

export const InteractionInputSchema = z.object({
  source: z.enum(['call', 'chat']).default('call'),
  direction: z.enum(['inbound', 'outbound']).default('inbound'),
  agentType: AgentTypeSchema,
  org: z.object({
    name: z.string().min(1),
    timezone: TimezoneSchema.nullable().default(null),
    tradesOffered: z.array(TradeSchema).default([]),
    /** The service area; empty when the organization does not restrict it. */
    zipcodes: z.array(z.string()).default([]),
    /** The organization's custom instructions that apply to post-call tasks (spec 001 §2.14). */
    instructions: TaskInstructionsSchema.prefault({}),
  }),
  transcript: z.array(TranscriptLineSchema),
  facts: InteractionFactsSchema.prefault({}),
});
export type InteractionInput = z.infer<typeof InteractionInputSchema>;

export function completedBookingActions(facts: InteractionFacts): Action[] {
  return facts.actions.filter((a) => a.status === 'COMPLETED' && BOOKING_ACTION_TYPES.includes(a.type));
}

export function hasCompletedAction(facts: InteractionFacts, type: ActionType): boolean {
  return facts.actions.some((a) => a.type === type && a.status === 'COMPLETED');
}

/** Speaker of a transcript line, whatever the provider calls its roles. */
export function speakerOf(role: string): 'agent' | 'customer' | 'ivr' | 'tool' | 'unknown' {
  const r = role.trim().toLowerCase();
  if (['agent', 'assistant', 'bot', 'ai', 'csr'].includes(r)) return 'agent';
  if (['user', 'customer', 'caller', 'human', 'lead'].includes(r)) return 'customer';
  if (r === 'ivr') return 'ivr';
  if (r === 'tool' || r === 'system') return 'tool';
  return 'unknown';
}

/** Parses a provider line `role: text` with its `mm:ss` timestamp (spec 000 §3 "Transcript line"). */
export function parseTranscriptLine(raw: { message: string; ts: string }): TranscriptLine {
  const match = /^\s*(\d+):([0-5]\d)\s*$/.exec(raw.ts);
  if (!match) throw new Error(`Transcript timestamp must be mm:ss, got ${JSON.stringify(raw.ts)}`);
  const colon = raw.message.indexOf(':');
  const head = colon > 0 ? raw.message.slice(0, colon).trim() : '';
  const hasRole = /^[A-Za-z][\w -]{0,19}$/.test(head);
  return {
    role: hasRole ? head : 'Unknown',
    message: (hasRole ? raw.message.slice(colon + 1) : raw.message).trim(),
    timestamp: `${match[1].padStart(2, '0')}:${match[2]}`,
    seconds: Number(match[1]) * 60 + Number(match[2]),
  };
}
