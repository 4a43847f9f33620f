import { z } from 'zod';
import { defineAiTask } from './ai-task';
import { INTERACTION_CONTEXT } from './common';
import { InteractionInputSchema } from '../../../domain/interaction/interaction.schema';
import { taskMessages } from './task-input';

export const qaLeadTask = defineAiTask({
  name: 'qa_lead',
  description: "Says whether a human CSR's call under QA review was a lead (spec 000 §3 lead {is_lead}).",
  inputSchema: InteractionInputSchema.extend({
    /** custom_instructions.is_lead.instructions. */
    instructions: z.array(z.object({ title: z.string(), isLead: z.boolean(), instruction: z.string() })).default([]),
  }),
  outputSchema: z.object({ is_lead: z.boolean() }),
  prompt: (input) =>
    taskMessages(
      `${INTERACTION_CONTEXT}\n\nThis is a call answered by the business's own CSR. It is a lead when the caller is a potential customer asking for service, an estimate or an appointment, and not when it is spam, a vendor, a job seeker, a wrong number or an existing job's status question. The organization's instructions, when given, decide the cases they describe.`,
      input,
    ),
});
