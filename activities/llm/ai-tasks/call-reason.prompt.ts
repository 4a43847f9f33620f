import { z } from 'zod';
import { type AiTask, defineAiTask } from './ai-task';
import { INTERACTION_CONTEXT } from './common';
import { InteractionInputSchema } from '../../../domain/interaction/interaction.schema';
import { taskMessages } from './task-input';

/** CRM call reasons {id, name, isLead} and custom_instructions.call_reasons (spec 000 §3). */
export const CallReasonInputSchema = InteractionInputSchema.extend({
  callReasons: z.array(z.object({ id: z.string().min(1), name: z.string().min(1), isLead: z.boolean() })).min(1),
  instructions: z.array(z.object({ call_reason_id: z.string(), instruction: z.string() })).default([]),
});

export const CallReasonOutputSchema = z.object({
  call_reason_id: z.string().nullable(),
  call_reason_name: z.string().nullable(),
  reason: z.string(),
});

function defineCallReasonTask(name: string, description: string, who: string): AiTask<typeof CallReasonInputSchema, typeof CallReasonOutputSchema> {
  return defineAiTask({
    name,
    description,
    inputSchema: CallReasonInputSchema,
    outputSchema: CallReasonOutputSchema,
    prompt: (input) =>
      taskMessages(
        `${INTERACTION_CONTEXT}\n\n${who} Pick the one entry of callReasons that best describes why the customer called, following any instruction given for a reason id. Return its id and name (null for both when none fits) and the reason for the choice.`,
        input,
      ),
    checkOutput: (output, input) => {
      if (output.call_reason_id === null) return output.call_reason_name === null ? [] : ['call_reason_name must be null when call_reason_id is'];
      const match = input.callReasons.find((r) => r.id === output.call_reason_id);
      if (!match) return [`call_reason_id ${output.call_reason_id} is not one of callReasons`];
      return output.call_reason_name === match.name ? [] : [`call_reason_name must be "${match.name}" for id ${match.id}`];
    },
  });
}

export const callReasonTask = defineCallReasonTask(
  'call_reason',
  'Picks the CRM call reason of an AI agent interaction (for the telecom call record).',
  'The contractor side is the AI agent.',
);

export const qaCallReasonTask = defineCallReasonTask(
  'qa_call_reason',
  "Picks the CRM call reason of a human CSR's call under QA review.",
  "This is a call answered by the business's own human CSR, reviewed for QA.",
);
