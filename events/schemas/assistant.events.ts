import { z } from 'zod';

/** The AI assistant for CSRs (spec 001 §2.15): the stream id is the session's chatId. */
export const ASSISTANT_SESSION = 'assistant-session';

/** POST /ai-assistant/init-session: a CSR opened a chat about one call. */
export const AssistantSessionStartedV1Schema = z.object({
  chatId: z.uuid(),
  orgId: z.uuid(),
  /** The call the session is about (its interaction id). */
  interactionId: z.uuid(),
  /** §6: the assistant identifies the CSR by e-mail. */
  csrEmail: z.string().min(1),
  /** The signed-in staff user who started it (null for an admin-token caller). */
  userId: z.string().min(1).nullable(),
  timezone: z.string().min(1),
  initialMessage: z.string(),
  startedAt: z.iso.datetime({ offset: true }),
});
export type AssistantSessionStartedV1 = z.infer<typeof AssistantSessionStartedV1Schema>;

/** POST /ai-assistant: one question and the reply the language engine (or the stock fallback) gave. */
export const AssistantQuestionAnsweredV1Schema = z.object({
  chatId: z.uuid(),
  orgId: z.uuid(),
  exchangeId: z.uuid(),
  question: z.string().min(1),
  answer: z.string(),
  /** True when the engine failed and a stock reply was given instead. */
  fallback: z.boolean(),
  /** The engine that answered ('offline', 'openai'); null for a fallback. */
  engine: z.string().nullable(),
  askedAt: z.iso.datetime({ offset: true }),
  answeredAt: z.iso.datetime({ offset: true }),
});
export type AssistantQuestionAnsweredV1 = z.infer<typeof AssistantQuestionAnsweredV1Schema>;

/** POST /ai-assistant/end-chat. */
export const AssistantSessionEndedV1Schema = z.object({
  chatId: z.uuid(),
  orgId: z.uuid(),
  userId: z.string().min(1).nullable(),
  endedAt: z.iso.datetime({ offset: true }),
});
export type AssistantSessionEndedV1 = z.infer<typeof AssistantSessionEndedV1Schema>;
