import { defineAiTask } from './ai-task';
import { INTERACTION_CONTEXT, requireBooked } from './common';
import { InteractionInputSchema } from '../../../domain/interaction/interaction.schema';
import { BOOKED_TAGS, BookedTagsSchema, checkReasons } from '../../../domain/interaction/tags.schema';
import { tagInstructions } from './tags-prompt';
import { taskMessages } from './task-input';

export const tagsBookedTask = defineAiTask({
  name: 'tags_booked',
  description: 'Tags a booked interaction (spec 000 §3 "Booked tags").',
  inputSchema: requireBooked(InteractionInputSchema),
  outputSchema: BookedTagsSchema,
  prompt: (input) =>
    taskMessages(
      `${INTERACTION_CONTEXT}\n\nThe call was booked. Set each tag true only when the transcript shows it, with the reason:\n${tagInstructions(BOOKED_TAGS)}`,
      input,
    ),
  checkOutput: (output) => checkReasons(output, BOOKED_TAGS),
});
