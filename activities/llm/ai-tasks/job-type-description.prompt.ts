import { z } from 'zod';
import { TradeSchema } from '../../../domain/organization/organization-settings.schema';
import { defineAiTask } from './ai-task';
import { taskMessages } from './task-input';

export const jobTypeDescriptionTask = defineAiTask({
  name: 'job_type_description',
  description: 'Describes a CRM job type so the agent knows when to choose it (used for job-type sheets).',
  inputSchema: z.object({
    orgName: z.string().min(1),
    jobType: z.object({
      id: z.string().min(1),
      name: z.string().min(1),
      businessUnitName: z.string().nullable().default(null),
      trade: TradeSchema.nullable().default(null),
    }),
  }),
  outputSchema: z.object({ description: z.string() }),
  prompt: (input) =>
    taskMessages(
      'You write job-type descriptions for the AI agent of a home-service contractor. In two or three sentences, say what problems or requests this job type covers and when an agent should pick it, using only what the job type name, business unit and trade imply. Do not invent prices or durations.',
      input,
    ),
  checkOutput: (output) => (output.description.trim() === '' ? ['description must not be empty'] : []),
});
