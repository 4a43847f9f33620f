import { z } from 'zod';
import { completedBookingActions, type InteractionInput } from '../../../domain/interaction/interaction.schema';

export const INTERACTION_CONTEXT =
  "You review one interaction (a phone call or a chat) between a home-service contractor (HVAC, plumbing, electrical, drains, roofing and similar trades) and a customer or caller. The contractor side is an AI voice or chat agent unless the input says otherwise. The input gives the transcript (lines of {role, message, timestamp mm:ss, seconds}), the organization, and facts recorded by the system: the actions the agent took with their status (NEW, COMPLETED, DROPPED), call events and how the call ended. org.instructions holds the organization's own instructions (isLead rules, callReasons, bookedSummary sections, jobTags): follow those that apply to this task; they outrank your general judgement, never the recorded facts.";

/** Only for an interaction with a COMPLETED booking action: booked is a fact, never a reading of the text. */
export function requireBooked<S extends z.ZodType<InteractionInput, unknown>>(schema: S) {
  return schema.refine((input) => completedBookingActions(input.facts).length > 0, {
    message: 'this task needs an interaction with a COMPLETED booking action',
    path: ['facts', 'actions'],
  });
}

export function requireNotBooked<S extends z.ZodType<InteractionInput, unknown>>(schema: S) {
  return schema.refine((input) => completedBookingActions(input.facts).length === 0, {
    message: 'this task needs an interaction without a COMPLETED booking action',
    path: ['facts', 'actions'],
  });
}

export function isBooked(input: InteractionInput): boolean {
  return completedBookingActions(input.facts).length > 0;
}

/** Spec 000 §3 default QA score metrics; the instructions are ours (the spec does not show them). */
export const ScoreMetricSchema = z.object({ name: z.string().min(1), points: z.number().nonnegative(), instruction: z.string() });
export type ScoreMetric = z.infer<typeof ScoreMetricSchema>;

export const DEFAULT_QA_SCORE_METRICS: ScoreMetric[] = [
  { name: 'Friendly Greeting', points: 1, instruction: 'The CSR opens with a warm greeting.' },
  { name: 'Clearly identify self & company', points: 1, instruction: 'The CSR says their name and the company name.' },
  { name: 'Upbeat & Positive Tone', points: 1, instruction: 'The CSR stays positive throughout.' },
  { name: 'Empathy', points: 4, instruction: "The CSR acknowledges the customer's situation or feelings." },
  { name: 'Assurance', points: 4, instruction: 'The CSR assures the customer the company can help.' },
  { name: 'Effective Questioning', points: 1, instruction: 'The CSR asks questions that uncover the problem.' },
  { name: 'Building Value Before Price', points: 1, instruction: 'The CSR explains the value before quoting any fee.' },
  { name: 'Addresses Objections', points: 1, instruction: 'The CSR answers objections instead of giving up.' },
  { name: 'Closing the Appointment', points: 2, instruction: 'The CSR secures a booked appointment.' },
  { name: 'Professional Closing & Gratitude', points: 1, instruction: 'The CSR thanks the customer and closes politely.' },
  { name: 'Ask for appointment', points: 2, instruction: 'The CSR asks to schedule an appointment.' },
  { name: 'Appropriate use of hold time', points: 1, instruction: 'The CSR asks before placing on hold and thanks after.' },
  { name: 'Did the CSR control the call', points: 1, instruction: 'The CSR leads the conversation to an outcome.' },
  { name: 'Verify Address', points: 3, instruction: 'The CSR confirms the service address.' },
  { name: 'Repeat customer name', points: 2, instruction: "The CSR uses the customer's name." },
  { name: 'Phone etiquette', points: 2, instruction: 'The CSR is courteous and professional.' },
  { name: 'Attentive', points: 2, instruction: 'The CSR listens and does not make the customer repeat themselves.' },
  { name: 'Upsell or Additional Offer', points: 4, instruction: 'The CSR offers a membership, add-on or additional service.' },
];

/** Buckets for customer intent and log lines (§3 names `bucket` but not its values). */
export const INTENT_BUCKETS = [
  'new_service',
  'emergency_service',
  'estimate',
  'reschedule',
  'cancellation',
  'appointment_status',
  'billing',
  'membership',
  'callback',
  'spam',
  'other',
] as const;
export const IntentBucketSchema = z.enum(INTENT_BUCKETS);
export type IntentBucket = z.infer<typeof IntentBucketSchema>;

export function idsOf(items: readonly { id: string }[]): Set<string> {
  return new Set(items.map((i) => i.id));
}
