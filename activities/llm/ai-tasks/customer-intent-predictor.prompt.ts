import { z } from 'zod';
import { defineAiTask } from './ai-task';
import { INTERACTION_CONTEXT, IntentBucketSchema, INTENT_BUCKETS } from './common';
import { InteractionInputSchema } from '../../../domain/interaction/interaction.schema';
import { taskMessages } from './task-input';

/** Spec 000 §3 "Customer intent: bucket, intent". */
export const CustomerIntentOutputSchema = z.object({ bucket: IntentBucketSchema, intent: z.string() });

export const customerIntentPredictorTask = defineAiTask({
  name: 'customer_intent_predictor',
  description: 'Predicts what the customer wants from the transcript so far (it may be the opening lines only).',
  inputSchema: InteractionInputSchema,
  outputSchema: CustomerIntentOutputSchema,
  prompt: (input) =>
    taskMessages(
      `${INTERACTION_CONTEXT}\n\nThe transcript may be cut short. Predict the customer's intent: a bucket (${INTENT_BUCKETS.join(', ')}) and the intent in one short sentence.`,
      input,
    ),
});
