import { z } from 'zod';
import { defineAiTask } from './ai-task';
import { idsOf, INTERACTION_CONTEXT } from './common';
import { InteractionInputSchema } from '../../../domain/interaction/interaction.schema';
import { taskMessages } from './task-input';

/** Spec 000 §3 "Cancel reason". */
export const CancelReasonOutputSchema = z.object({ reason_id: z.string().nullable(), cancellation_note: z.string() });

export const cancelJobReasonTask = defineAiTask({
  name: 'cancel_job_reason',
  description: 'Picks the CRM job-cancel reason (GET /job-cancel-reasons) and writes the cancellation note.',
  inputSchema: InteractionInputSchema.extend({
    cancelReasons: z.array(z.object({ id: z.string().min(1), name: z.string().min(1) })).min(1),
  }),
  outputSchema: CancelReasonOutputSchema,
  prompt: (input) =>
    taskMessages(
      `${INTERACTION_CONTEXT}\n\nThe customer cancelled a job. Pick the id of the cancelReasons entry that best matches why (null when the caller gave no reason that fits any), and write a one-sentence cancellation_note for the job record in the customer's terms.`,
      input,
    ),
  checkOutput: (output, input) =>
    output.reason_id !== null && !idsOf(input.cancelReasons).has(output.reason_id) ? [`reason_id ${output.reason_id} is not one of cancelReasons`] : [],
});
