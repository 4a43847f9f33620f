import { z } from 'zod';
import { defineAiTask } from './ai-task';
import { idsOf, INTERACTION_CONTEXT } from './common';
import { InteractionInputSchema } from '../../../domain/interaction/interaction.schema';
import { taskMessages } from './task-input';

/** Spec 000 §3 "Reschedule params": the appointment to move and its new start and end. */
export const RescheduleParamsSchema = z.object({ id: z.string().nullable(), startTime: z.string().nullable(), endTime: z.string().nullable() });

export const rescheduleParamsTask = defineAiTask({
  name: 'reschedule_params',
  description: 'Works out which appointment the customer moved and to when (CRM POST /appointments/{id}/reschedule).',
  inputSchema: InteractionInputSchema.extend({
    appointments: z.array(z.object({ id: z.string().min(1), startTime: z.string(), endTime: z.string(), jobId: z.string().nullable().default(null) })),
  }),
  outputSchema: RescheduleParamsSchema,
  prompt: (input) =>
    taskMessages(
      `${INTERACTION_CONTEXT}\n\nThe customer rescheduled. Return the id of the appointment (from appointments) being moved and its new startTime and endTime in ISO 8601, keeping the appointment's original length unless another window was agreed. Prefer the job_reschedule action payload (original_appointment_time, new_appointment_time) over the conversation. All null when no reschedule was agreed.`,
      input,
    ),
  checkOutput: (output, input) => {
    const problems: string[] = [];
    if (output.id !== null && !idsOf(input.appointments).has(output.id)) problems.push(`id ${output.id} is not one of appointments`);
    const set = [output.id, output.startTime, output.endTime].filter((v) => v !== null).length;
    if (set !== 0 && set !== 3) problems.push('id, startTime and endTime are all set or all null');
    if (output.startTime && output.endTime && !(Date.parse(output.startTime) < Date.parse(output.endTime))) {
      problems.push('startTime must be a date before endTime');
    }
    return problems;
  },
});
