import { defineAiTask } from './ai-task';
import { INTERACTION_CONTEXT, requireNotBooked } from './common';
import { InteractionInputSchema } from '../../../domain/interaction/interaction.schema';
import { checkReasons, UNBOOKED_TAGS, UnbookedTagsSchema } from '../../../domain/interaction/tags.schema';
import { tagInstructions } from './tags-prompt';
import { taskMessages } from './task-input';

export const tagsUnbookedTask = defineAiTask({
  name: 'tags_unbooked',
  description: 'Tags what an unbooked interaction was about (callback, reschedule, cancellation, ...).',
  inputSchema: requireNotBooked(InteractionInputSchema),
  outputSchema: UnbookedTagsSchema,
  prompt: (input) =>
    taskMessages(
      `${INTERACTION_CONTEXT}\n\nThe call was not booked. Set each tag true only when the transcript or facts show it, with the reason:\n${tagInstructions(UNBOOKED_TAGS)}`,
      input,
    ),
  checkOutput: (output) => checkReasons(output, UNBOOKED_TAGS),
});
