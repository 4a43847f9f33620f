import { z } from 'zod';
import { defineAiTask } from './ai-task';
import { INTERACTION_CONTEXT } from './common';
import { InteractionInputSchema } from '../../../domain/interaction/interaction.schema';
import { taskMessages } from './task-input';

/** Spec 000 §3 "Opportunity estimator". */
export const OpportunityEstimateSchema = z.object({
  job_type: z.string().nullable(),
  estimates: z.array(z.number()),
  average_estimate: z.number().nullable(),
});

export const opportunityEstimatorTask = defineAiTask({
  name: 'opportunity_estimator',
  description: "Estimates the revenue of an interaction's opportunity from the organization's own price history.",
  inputSchema: InteractionInputSchema.extend({
    jobTypes: z.array(z.object({ name: z.string().min(1) })).min(1),
    priceHistory: z.array(z.object({ jobType: z.string(), amount: z.number().nonnegative() })).default([]),
    /** The organization's avg_job_revenue. */
    avgJobRevenue: z.number().nonnegative().nullable().default(null),
  }),
  outputSchema: OpportunityEstimateSchema,
  prompt: (input) =>
    taskMessages(
      `${INTERACTION_CONTEXT}\n\nName the job type (from jobTypes) the customer needs, then list the amounts of priceHistory entries for that job type as estimates (or the organization's avgJobRevenue alone when there are none) and their average. Use no amounts other than those in the input. null job_type, no estimates and a null average when nothing fits.`,
      input,
    ),
  checkOutput: (output, input) => {
    const problems: string[] = [];
    if (output.job_type !== null && !input.jobTypes.some((t) => t.name === output.job_type)) {
      problems.push(`job_type "${output.job_type}" is not one of jobTypes`);
    }
    if (output.estimates.length === 0) {
      if (output.average_estimate !== null) problems.push('average_estimate must be null when there are no estimates');
    } else {
      const mean = output.estimates.reduce((a, b) => a + b, 0) / output.estimates.length;
      if (output.average_estimate === null || Math.abs(output.average_estimate - mean) > 0.01 * Math.max(1, mean)) {
        problems.push(`average_estimate must be the mean of estimates (${mean.toFixed(2)})`);
      }
    }
    return problems;
  },
});
