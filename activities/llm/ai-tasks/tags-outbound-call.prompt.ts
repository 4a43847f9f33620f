import { defineAiTask } from './ai-task';
import { INTERACTION_CONTEXT } from './common';
import { InteractionInputSchema } from '../../../domain/interaction/interaction.schema';
import { checkReasons, OUTBOUND_CALL_TAGS, OutboundCallTagsSchema } from '../../../domain/interaction/tags.schema';
import { tagInstructions } from './tags-prompt';
import { taskMessages } from './task-input';

export const tagsOutboundCallTask = defineAiTask({
  name: 'tags_outbound_call',
  description: 'Tags the responses of the person an outbound call reached (spec 000 §4 "Outbound responses").',
  inputSchema: InteractionInputSchema,
  outputSchema: OutboundCallTagsSchema,
  prompt: (input) =>
    taskMessages(
      `${INTERACTION_CONTEXT}\n\nThis is an outbound call the contractor's agent placed (a sales, follow-up, reminder or happy call). Set each tag true only when the transcript or facts show it, with the reason:\n${tagInstructions(OUTBOUND_CALL_TAGS)}`,
      input,
    ),
  checkOutput: (output) => checkReasons(output, OUTBOUND_CALL_TAGS),
});
