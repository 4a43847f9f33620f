import { z } from 'zod';
import { defineAiTask } from './ai-task';
import { INTERACTION_CONTEXT } from './common';
import { InteractionInputSchema } from '../../../domain/interaction/interaction.schema';
import { taskMessages } from './task-input';

/** Spec 000 §3 "Validated address"; null parts were not given. */
export const ValidatedAddressSchema = z.object({
  formattedAddress: z.string().nullable(),
  street: z.string().nullable(),
  city: z.string().nullable(),
  state: z.string().nullable(),
  zip: z.string().nullable(),
  country: z.enum(['US', 'CA', 'AU', 'GB']).nullable(),
});

export const addressValidationTask = defineAiTask({
  name: 'address_validation',
  description: 'Reads the service address the customer gave and splits it into street, city, state, zip and country.',
  inputSchema: InteractionInputSchema,
  outputSchema: ValidatedAddressSchema,
  prompt: (input) =>
    taskMessages(
      `${INTERACTION_CONTEXT}\n\nFind the service address the customer gave (the last one if they corrected it) and split it into parts. formattedAddress is "street, city, state zip". country is US, CA, AU or GB; when not said, derive it from the organization timezone (Canada/* gives CA, Australia/* gives AU, otherwise US). Leave a part null when it was not said; do not complete it from general knowledge.`,
      input,
    ),
});
