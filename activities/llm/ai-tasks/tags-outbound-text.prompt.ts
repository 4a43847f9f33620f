import { defineAiTask } from './ai-task';
import { INTERACTION_CONTEXT } from './common';
import { InteractionInputSchema } from '../../../domain/interaction/interaction.schema';
import { checkReasons, OUTBOUND_TEXT_TAGS, OutboundTextTagsSchema } from '../../../domain/interaction/tags.schema';
import { tagInstructions } from './tags-prompt';
import { taskMessages } from './task-input';

export const tagsOutboundTextTask = defineAiTask({
  name: 'tags_outbound_text',
  description: 'Tags the replies to an outbound text conversation (spec 000 §3 "Outbound text tags").',
  inputSchema: InteractionInputSchema,
  outputSchema: OutboundTextTagsSchema,
  prompt: (input) =>
    taskMessages(
      `${INTERACTION_CONTEXT}\n\nThis is an outbound text (SMS) conversation the contractor started. Tag the recipient's replies:\n${tagInstructions(OUTBOUND_TEXT_TAGS)}`,
      input,
    ),
  checkOutput: (output) => checkReasons(output, OUTBOUND_TEXT_TAGS),
});
