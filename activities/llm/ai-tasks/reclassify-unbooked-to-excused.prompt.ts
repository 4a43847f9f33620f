import { z } from 'zod';
import { defineAiTask } from './ai-task';
import { INTERACTION_CONTEXT, requireNotBooked } from './common';
import { InteractionInputSchema } from '../../../domain/interaction/interaction.schema';
import { checkReasons, EXCUSED_TAGS, ExcusedTagsSchema, trueTags } from '../../../domain/interaction/tags.schema';
import { tagInstructions } from './tags-prompt';
import { taskMessages } from './task-input';

/** The excused tags plus the verdict (spec 000 §1: an AI task may reclassify UNBOOKED as EXCUSED). */
export const ReclassifyOutputSchema = ExcusedTagsSchema.extend({
  reclassified_to_excused: z.boolean(),
  reclassified_to_excused_reason: z.string(),
});

export const reclassifyUnbookedToExcusedTask = defineAiTask({
  name: 'reclassify_unbooked_to_excused',
  description: 'Second look at an UNBOOKED interaction: is it really EXCUSED?',
  inputSchema: requireNotBooked(InteractionInputSchema),
  outputSchema: ReclassifyOutputSchema,
  prompt: (input) =>
    taskMessages(
      `${INTERACTION_CONTEXT}\n\nThe interaction is currently UNBOOKED. Decide whether it should be EXCUSED instead: it is excused exactly when at least one of these applies, shown by the transcript or facts:\n${tagInstructions(EXCUSED_TAGS)}\nSet each tag with its reason, then reclassified_to_excused (true exactly when a tag is true) and its reason.`,
      input,
    ),
  checkOutput: (output) => {
    const problems = checkReasons(output, EXCUSED_TAGS);
    const anyTag = trueTags(output, EXCUSED_TAGS).length > 0;
    if (output.reclassified_to_excused !== anyTag) {
      problems.push('reclassified_to_excused must be true exactly when at least one excused tag is true');
    }
    return problems;
  },
});
