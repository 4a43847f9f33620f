import { z } from 'zod';
import { defineAiTask } from './ai-task';
import { INTERACTION_CONTEXT } from './common';
import { QaInputSchema } from './qa-call-scorer.prompt';
import { taskMessages } from './task-input';

const CoachingPointSchema = z.object({ metric: z.string(), timestamp: z.number(), feedback: z.string() });

/** Spec 000 §3 "QA coach"; timestamp is seconds into the call. */
export const QaCallCoachOutputSchema = z.object({
  strengths: z.array(CoachingPointSchema),
  improvements: z.array(CoachingPointSchema),
  summary_remark: z.string(),
});

export const qaCallCoachTask = defineAiTask({
  name: 'qa_call_coach',
  description: 'Coaches a CSR: strengths and improvements tied to QA metrics and moments of the call.',
  inputSchema: QaInputSchema,
  outputSchema: QaCallCoachOutputSchema,
  prompt: (input) =>
    taskMessages(
      `${INTERACTION_CONTEXT}\n\nCoach the CSR (the agent side). List strengths and improvements, each tied to one metric name from scoreMetrics and to the moment of the call it is about (timestamp in seconds, from the transcript line's seconds), with one or two sentences of feedback addressed to the CSR. End with a one-sentence summary_remark.`,
      input,
    ),
  checkOutput: (output, input) => {
    const metrics = new Set(input.scoreMetrics.map((m) => m.name));
    const end = Math.max(0, ...input.transcript.map((l) => l.seconds));
    return [...output.strengths, ...output.improvements].flatMap((p) => [
      ...(metrics.has(p.metric) ? [] : [`metric "${p.metric}" is not one of scoreMetrics`]),
      ...(p.timestamp >= 0 && p.timestamp <= end ? [] : [`timestamp ${p.timestamp} is outside the call (0-${end} s)`]),
    ]);
  },
});
