import { z } from 'zod';
import { defineAiTask } from './ai-task';
import { taskMessages } from './task-input';

export const addressValidationWithCandidatesTask = defineAiTask({
  name: 'address_validation_with_candidates',
  description: 'Picks which geocoding or CRM address candidate is the address the customer spoke, if any.',
  inputSchema: z.object({
    spokenAddress: z.string().min(1),
    candidates: z.array(z.object({ placeId: z.string().min(1), formattedAddress: z.string().min(1) })).min(1),
  }),
  outputSchema: z.object({ matched_place_id: z.string().nullable(), reason: z.string() }),
  prompt: (input) =>
    taskMessages(
      'A customer of a home-service contractor spoke an address (speech to text may have misheard words). Pick the candidate that is the same place: the street number must match and the street name must be the same street (spelling and abbreviation may differ). Return null when no candidate, or more than one, fits.',
      input,
    ),
  checkOutput: (output, input) =>
    output.matched_place_id !== null && !input.candidates.some((c) => c.placeId === output.matched_place_id)
      ? [`matched_place_id ${output.matched_place_id} is not one of the candidates`]
      : [],
});
