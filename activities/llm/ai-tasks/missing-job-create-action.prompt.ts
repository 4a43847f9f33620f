import { z } from 'zod';
import { defineAiTask } from './ai-task';
import { INTERACTION_CONTEXT } from './common';
import { InteractionInputSchema } from '../../../domain/interaction/interaction.schema';
import { taskMessages } from './task-input';

export const missingJobCreateActionTask = defineAiTask({
  name: 'missing_job_create_action',
  description: 'Catches calls where the agent told the customer they were booked but no booking action was ever created.',
  inputSchema: InteractionInputSchema,
  outputSchema: z.object({ missing: z.boolean(), reason: z.string() }),
  prompt: (input) =>
    taskMessages(
      `${INTERACTION_CONTEXT}\n\nmissing is true when the agent told the customer an appointment was booked or scheduled but facts.actions has no job_booking or create_booking action at all (whatever its status). Give the reason, citing the line where the agent said so.`,
      input,
    ),
});
