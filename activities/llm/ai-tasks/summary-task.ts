import type { z } from 'zod';
import { type AiTask, defineAiTask } from './ai-task';
import { INTERACTION_CONTEXT } from './common';
import type { InteractionInput } from '../../../domain/interaction/interaction.schema';
import { checkSections, SummaryOutputSchema } from '../../../domain/interaction/summary.schema';
import { taskMessages } from './task-input';

/** The summary tasks differ in what they stress and which sections they must have. */
export function defineSummaryTask<I extends z.ZodType<InteractionInput, unknown>>(spec: {
  name: string;
  description: string;
  inputSchema: I;
  focus: string;
  titles: (input: z.output<I>) => readonly string[];
}): AiTask<I, typeof SummaryOutputSchema> {
  return defineAiTask({
    name: spec.name,
    description: spec.description,
    inputSchema: spec.inputSchema,
    outputSchema: SummaryOutputSchema,
    prompt: (input) =>
      taskMessages(
        `${INTERACTION_CONTEXT}

Write the summary the contractor's office reads. ${spec.focus}
Return the sections ${JSON.stringify(spec.titles(input))}, exactly these titles in this order. Each section's content is a list of short plain sentences (no markdown).
When org.instructions.bookedSummary is not empty and a booking action is COMPLETED, also cover each of its instructions (by its title) in the section it fits best.`,
        input,
      ),
    checkOutput: (output, input) => checkSections(output, spec.titles(input)),
  });
}
