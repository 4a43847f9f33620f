import { z } from 'zod';
import { TradeSchema } from '../../../domain/organization/organization-settings.schema';
import { defineAiTask } from './ai-task';
import { idsOf, INTERACTION_CONTEXT } from './common';
import { InteractionInputSchema } from '../../../domain/interaction/interaction.schema';
import { taskMessages } from './task-input';

export const CustomerCandidateSchema = z.object({
  id: z.string().min(1),
  name: z.string(),
  phones: z.array(z.string()).default([]),
  addresses: z.array(z.string()).default([]),
});

/** Spec 000 §3 "General call details": each value with its reason. */
export const CallDetailsSchema = z.object({
  customer_id: z.string().nullable(),
  customer_id_reason: z.string(),
  customer_name: z.string().nullable(),
  customer_name_reason: z.string(),
  address: z.string().nullable(),
  address_reason: z.string(),
  is_lead: z.boolean(),
  is_lead_reason: z.string(),
  subject: z.string(),
  subject_reason: z.string(),
  department: TradeSchema.nullable(),
  department_reason: z.string(),
});

export const transcriptToCustomerIdAndIsLeadTask = defineAiTask({
  name: 'transcript_to_customer_id_and_is_lead',
  description: 'Finds which CRM customer the caller is, their name and address, the subject and department, and whether the call is a lead.',
  inputSchema: InteractionInputSchema.extend({ customerCandidates: z.array(CustomerCandidateSchema).default([]) }),
  outputSchema: CallDetailsSchema,
  prompt: (input) =>
    taskMessages(
      `${INTERACTION_CONTEXT}

Extract the call details:
- customer_id: the id of the one customerCandidate the caller is (matching phone, name or address); null when none or more than one match.
- customer_name: the caller's name as they gave it; null when not given.
- address: the service address as spoken; null when not given.
- is_lead: true when the caller is a potential customer asking for service, an estimate or an appointment; false for spam, vendors, job seekers, wrong numbers and calls that need no service. When a rule in org.instructions.isLead fits the call (by its title and instruction), that rule's isLead decides, except that a COMPLETED booking is always a lead; name the rule in is_lead_reason.
- subject: a short subject line for the office (at most 10 words).
- department: the trade the request belongs to (one of the trades enum), preferring the organization's tradesOffered; null when no trade applies.`,
      input,
    ),
  checkOutput: (output, input) =>
    output.customer_id !== null && !idsOf(input.customerCandidates).has(output.customer_id)
      ? [`customer_id ${output.customer_id} is not one of the customerCandidates`]
      : [],
});
