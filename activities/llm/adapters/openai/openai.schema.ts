import { z } from 'zod';

// The parts of a chat completion this adapter reads, checked at run time: the SDK types the answer but
// does not validate it, and a compatible server may send less than OpenAI does. Unknown fields are
// ignored so a server that adds fields still parses.

export const OpenAiToolCallSchema = z.object({
  id: z.string(),
  type: z.literal('function').optional(),
  function: z.object({ name: z.string(), arguments: z.string() }),
});

export const OpenAiChatCompletionSchema = z.object({
  id: z.string().optional(),
  model: z.string().optional(),
  choices: z
    .array(
      z.object({
        index: z.number().optional(),
        finish_reason: z.string().nullable().optional(),
        message: z.object({
          role: z.string().optional(),
          content: z.string().nullable().optional(),
          refusal: z.string().nullable().optional(),
          tool_calls: z.array(OpenAiToolCallSchema).nullable().optional(),
        }),
      }),
    )
    .min(1),
  usage: z
    .object({
      prompt_tokens: z.number().int().nonnegative(),
      completion_tokens: z.number().int().nonnegative(),
      prompt_tokens_details: z.object({ cached_tokens: z.number().int().nonnegative().optional() }).nullable().optional(),
    })
    .nullable()
    .optional(),
});
export type OpenAiChatCompletion = z.infer<typeof OpenAiChatCompletionSchema>;
