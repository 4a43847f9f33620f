import type { z } from 'zod';
import type { ChatMessage } from '../language-engine.port';

/**
 * One AI task of spec 000 §7 /llm. The output schema is the §3 "AI task output shapes" entry; it is
 * sent to the engine as a strict JSON schema and every answer is validated against it.
 */
export interface AiTask<I extends z.ZodType = z.ZodType, O extends z.ZodType = z.ZodType> {
  /** snake_case; also the structured-output schema name. */
  name: string;
  description: string;
  inputSchema: I;
  outputSchema: O;
  prompt(input: z.output<I>): ChatMessage[];
  /**
   * Rules that tie the answer to its input and that a JSON schema cannot say (e.g. spec 000 §8 "Call
   * with status BOOKED must have bookings"). Each string is one problem, told back to the model.
   */
  checkOutput?(output: z.output<O>, input: z.output<I>): string[];
}

export type AiTaskInput<T extends AiTask> = z.output<T['inputSchema']>;
export type AiTaskOutput<T extends AiTask> = z.output<T['outputSchema']>;

export function defineAiTask<I extends z.ZodType, O extends z.ZodType>(task: AiTask<I, O>): AiTask<I, O> {
  if (!/^[a-z][a-z0-9_]{0,63}$/.test(task.name)) throw new Error(`AI task name must be snake_case: ${task.name}`);
  return task;
}
