import { z } from 'zod';
import { defineAiTask } from './ai-task';
import { DEFAULT_QA_SCORE_METRICS, INTERACTION_CONTEXT, ScoreMetricSchema } from './common';
import { InteractionInputSchema } from '../../../domain/interaction/interaction.schema';
import { taskMessages } from './task-input';

export const QaInputSchema = InteractionInputSchema.extend({
  /** qa_settings.score_metrics; the §3 default list when the organization has none. */
  scoreMetrics: z.array(ScoreMetricSchema).min(1).default(DEFAULT_QA_SCORE_METRICS),
});

/** `value` is null when the transcript cannot tell (e.g. a hold never happened). */
export const QaCallScorerOutputSchema = z.object({
  flags: z.array(z.object({ name: z.string(), value: z.boolean().nullable(), reasoning: z.array(z.string()) })),
});

export const qaCallScorerTask = defineAiTask({
  name: 'qa_call_scorer',
  description: "Scores a CSR's call against the organization's QA score metrics (spec 000 §3 qa_settings).",
  inputSchema: QaInputSchema,
  outputSchema: QaCallScorerOutputSchema,
  prompt: (input) =>
    taskMessages(
      `${INTERACTION_CONTEXT}\n\nThis is a QA review of the CSR (the agent side). For every metric in scoreMetrics, in order, return a flag with the metric name, value true when the CSR met it and false when they did not, or null when the call gave no occasion for it, and reasoning as a list of short points citing lines (mm:ss).`,
      input,
    ),
  checkOutput: (output, input) => {
    const expected = input.scoreMetrics.map((m) => m.name);
    const got = output.flags.map((f) => f.name);
    return expected.join('\u0000') === got.join('\u0000')
      ? []
      : [`flags must name every metric once, in order: expected ${JSON.stringify(expected)}, got ${JSON.stringify(got)}`];
  },
});
