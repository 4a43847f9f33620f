import { z } from 'zod';
import { defineAiTask } from './ai-task';
import { INTERACTION_CONTEXT } from './common';
import { InteractionInputSchema } from '../../../domain/interaction/interaction.schema';
import { taskMessages } from './task-input';

export const FilteredActionsOutputSchema = z.object({
  actions: z.array(z.object({ id: z.string(), keep: z.boolean(), reason: z.string() })),
});

export const filteredActionsTask = defineAiTask({
  name: 'filtered_actions',
  description: 'Decides which of the actions the agent created should be reported to the office (drops duplicates and failed attempts).',
  inputSchema: InteractionInputSchema,
  outputSchema: FilteredActionsOutputSchema,
  prompt: (input) =>
    taskMessages(
      `${INTERACTION_CONTEXT}\n\nFor every action in facts.actions decide whether the office should see it: keep COMPLETED actions that reflect what the customer finally agreed to; drop DROPPED actions, actions that never completed, and repeats of an earlier action with the same type and payload. Return each action id exactly once.`,
      input,
    ),
  checkOutput: (output, input) => {
    const expected = input.facts.actions.map((a) => a.id).sort();
    const got = output.actions.map((a) => a.id).sort();
    return expected.join('\u0000') === got.join('\u0000')
      ? []
      : [`actions must list each input action id exactly once: expected ${JSON.stringify(expected)}, got ${JSON.stringify(got)}`];
  },
});
