import { defineAiTask } from './ai-task';
import { INTERACTION_CONTEXT, requireNotBooked } from './common';
import { InteractionInputSchema } from '../../../domain/interaction/interaction.schema';
import { checkReasons, EXCUSED_TAGS, ExcusedTagsSchema } from '../../../domain/interaction/tags.schema';
import { tagInstructions } from './tags-prompt';
import { taskMessages } from './task-input';

export const tagsExcusedTask = defineAiTask({
  name: 'tags_excused',
  description: 'Tags why an unbooked interaction is excused (spec 000 §3 "Excused tags").',
  inputSchema: requireNotBooked(InteractionInputSchema),
  outputSchema: ExcusedTagsSchema,
  prompt: (input) =>
    taskMessages(
      `${INTERACTION_CONTEXT}\n\nThe call was not booked. Set each tag true only when the transcript or facts show it, with the reason (empty when false is fine):\n${tagInstructions(EXCUSED_TAGS)}`,
      input,
    ),
  checkOutput: (output) => checkReasons(output, EXCUSED_TAGS),
});
