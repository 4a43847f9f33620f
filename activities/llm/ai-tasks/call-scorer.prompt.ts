import { z } from 'zod';
import { defineAiTask } from './ai-task';
import { INTERACTION_CONTEXT } from './common';
import { InteractionInputSchema } from '../../../domain/interaction/interaction.schema';
import { taskMessages } from './task-input';

/** Spec 000 §3 call scorer flags; each is a yes/no with its reasoning. */
export const CALL_SCORER_FLAGS = [
  'complimented_ai',
  'repeated_address',
  'addon_sold',
  'multiple_bookings',
  'did_not_realize_ai',
  'distressed_customer_handled',
  'forgot_dispatch_fee',
  'fought_for_call',
  'valuable_advice_given',
  'realized_ai_and_booked',
  'customer_frustrated_detected',
  'interrupted_user',
  'went_silent',
] as const;
export type CallScorerFlag = (typeof CALL_SCORER_FLAGS)[number];

const FlagSchema = z.object({ value: z.boolean(), reasoning: z.string() });

export const CallScorerOutputSchema = z.object({
  ...(Object.fromEntries(CALL_SCORER_FLAGS.map((f) => [f, FlagSchema])) as Record<CallScorerFlag, typeof FlagSchema>),
  standout_summary: z.string(),
});

const MEANINGS: Record<CallScorerFlag, string> = {
  complimented_ai: 'the caller praised the agent',
  repeated_address: 'the caller had to give the address more than once',
  addon_sold: 'the agent added an extra service or membership to the booking',
  multiple_bookings: 'more than one booking action COMPLETED',
  did_not_realize_ai: 'the caller treated the agent as a person throughout and never asked whether it was an AI',
  distressed_customer_handled: 'a distressed caller (emergency, no heat, flooding) was calmed and helped',
  forgot_dispatch_fee: 'a job was booked without the agent mentioning the dispatch or evaluation fee',
  fought_for_call: 'the agent kept a hesitant caller engaged and still booked',
  valuable_advice_given: 'the agent gave useful safety or troubleshooting advice',
  realized_ai_and_booked: 'the caller noticed it was an AI and booked anyway',
  customer_frustrated_detected: 'the caller showed frustration',
  interrupted_user: 'the agent talked over or cut off the caller',
  went_silent: 'the agent left a long silence (over 10 seconds) while the caller waited',
};

export const callScorerTask = defineAiTask({
  name: 'call_scorer',
  description: "Scores an AI agent's call with the §3 flags and a standout summary (Call.score_params).",
  inputSchema: InteractionInputSchema,
  outputSchema: CallScorerOutputSchema,
  prompt: (input) =>
    taskMessages(
      `${INTERACTION_CONTEXT}\n\nScore the agent's handling of the call. For each flag say whether it happened, with the reasoning:\n${CALL_SCORER_FLAGS.map((f) => `- ${f}: ${MEANINGS[f]}`).join('\n')}\nstandout_summary: one or two sentences on what stood out in the call, good or bad.`,
      input,
    ),
});
