import { z } from 'zod';
import { defineAiTask } from './ai-task';
import { INTERACTION_CONTEXT } from './common';
import { CHAT_STAGES, ChatStageSchema, InteractionInputSchema } from '../../../domain/interaction/interaction.schema';
import { taskMessages } from './task-input';

export const WidgetStepsOutputSchema = z.object({
  steps: z.array(z.object({ stage: ChatStageSchema, reached: z.boolean(), details: z.string() })),
});

export const widgetStepsDetailsTask = defineAiTask({
  name: 'widget_steps_details',
  description: 'Reports how far a booking-widget chat got through its stages (PHONE_LOOKUP, NEW_ADDRESS, SCHEDULE_LOOKUP, CREATE_BOOKING).',
  inputSchema: InteractionInputSchema,
  outputSchema: WidgetStepsOutputSchema,
  prompt: (input) =>
    taskMessages(
      `${INTERACTION_CONTEXT}\n\nThis is a booking-widget chat. For each stage, in the order ${CHAT_STAGES.join(', ')}, say whether the chat reached it and give one sentence of details: PHONE_LOOKUP (the customer's phone was looked up: a get_jobs event or the customer gave a phone number), NEW_ADDRESS (a service address was given), SCHEDULE_LOOKUP (availability was checked: a get_capacity event), CREATE_BOOKING (a booking action was attempted, with its status).`,
      input,
    ),
  checkOutput: (output) => {
    const got = output.steps.map((s) => s.stage).sort();
    return got.join() === [...CHAT_STAGES].sort().join() ? [] : [`steps must cover each stage once: ${CHAT_STAGES.join(', ')}`];
  },
});
