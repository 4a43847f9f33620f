import { z } from 'zod';
import { defineAiTask } from './ai-task';
import { INTERACTION_CONTEXT } from './common';
import { InteractionInputSchema } from '../../../domain/interaction/interaction.schema';
import { taskMessages } from './task-input';

export const reachedVoicemailTask = defineAiTask({
  name: 'reached_voicemail',
  description: 'Says whether an outbound call reached a voicemail box or answering machine instead of a person.',
  inputSchema: InteractionInputSchema,
  outputSchema: z.object({ reached_voicemail: z.boolean() }),
  prompt: (input) =>
    taskMessages(
      `${INTERACTION_CONTEXT}\n\nreached_voicemail is true when the other side was a voicemail greeting, mailbox or answering machine (e.g. "leave a message after the tone", "the mailbox is full") and no person spoke, or facts.endedReason is voicemail.`,
      input,
    ),
});
