import type { z } from 'zod';

/**
 * A tool call the agent got wrong (a bad argument, an unknown tool): the API answers it with a 400, the
 * in-house agent reads its message as the answer's `error`.
 */
export class ToolArgumentError extends Error {
  constructor(message: string) {
    super(message);
    this.name = 'ToolArgumentError';
  }
}

/** The schema's own messages, once each: these are the spec's exact strings. */
export const toolArgumentErrorOf = (error: z.ZodError) => new ToolArgumentError([...new Set(error.issues.map((i) => i.message))].join('; '));
