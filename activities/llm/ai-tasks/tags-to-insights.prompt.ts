import { z } from 'zod';
import { defineAiTask } from './ai-task';
import { CallTypeSchema, InteractionTagSchema } from '../../../domain/interaction/interaction.schema';
import { taskMessages } from './task-input';

export const TagsToInsightsInputSchema = z.object({
  orgName: z.string().min(1),
  periodStart: z.string().nullable().default(null),
  periodEnd: z.string().nullable().default(null),
  interactions: z.array(z.object({ callType: CallTypeSchema.nullable(), tags: z.array(InteractionTagSchema) })).min(1),
});

/** The organization's `insights.findings` (spec 000 §3); the caller stamps generatedAt. */
export const InsightsOutputSchema = z.object({ findings: z.array(z.string()) });

export const tagsToInsightsTask = defineAiTask({
  name: 'tags_to_insights',
  description: "Turns a period's interaction types and tags into findings for the organization's insights.",
  inputSchema: TagsToInsightsInputSchema,
  outputSchema: InsightsOutputSchema,
  prompt: (input) =>
    taskMessages(
      `You analyse how a home-service contractor's calls went over a period. The input lists each interaction's call type and tags. Write 3 to 6 findings the owner can act on, each one sentence with the numbers it rests on (counts and shares of all interactions). Only state numbers you can count from the input.`,
      input,
    ),
  checkOutput: (output) => (output.findings.length === 0 ? ['findings must not be empty'] : []),
});
