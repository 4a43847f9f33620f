import { z } from 'zod';
import { defineAiTask } from './ai-task';
import { INTERACTION_CONTEXT, IntentBucketSchema, INTENT_BUCKETS } from './common';
import { InteractionInputSchema } from '../../../domain/interaction/interaction.schema';
import { taskMessages } from './task-input';

/** Spec 000 §3 "Log line: bucket, log_line". */
export const LogLineOutputSchema = z.object({ bucket: IntentBucketSchema, log_line: z.string() });

export const logLineTask = defineAiTask({
  name: 'log_line',
  description: 'Writes the one-line log entry of an interaction for the dashboard.',
  inputSchema: InteractionInputSchema,
  outputSchema: LogLineOutputSchema,
  prompt: (input) =>
    taskMessages(
      `${INTERACTION_CONTEXT}\n\nWrite one log line (at most 20 words) saying who called, about what, and the outcome as the facts record it, and the bucket (${INTENT_BUCKETS.join(', ')}).`,
      input,
    ),
  checkOutput: (output) => (output.log_line.split(/\s+/).filter(Boolean).length > 20 ? ['log_line must be at most 20 words'] : []),
});
