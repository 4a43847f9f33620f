import { z } from 'zod';
import { EmailSchema } from '../validation/messages';

/** The AI assistant for CSRs (spec 001 §2.15, §3 "AI assistant", §7): a chat about one call and its customer. */

const chatId = z.uuid('chatId must be a UUID');
export const ASSISTANT_MESSAGE_MAX_LENGTH = 2000;

/** A zone the browser's Intl knows (the CSR's own zone, which need not be one of the org's twelve). */
function isTimeZone(zone: string): boolean {
  try {
    new Intl.DateTimeFormat('en-US', { timeZone: zone });
    return true;
  } catch {
    return false;
  }
}

/** §3 "Init request: orgId, callId, timezone, csrEmail". callId is the call's interaction id (README glossary). */
export const AssistantInitRequestSchema = z.object({
  orgId: z.uuid('orgId must be a UUID'),
  callId: z.uuid('callId must be a UUID'),
  timezone: z
    .string('timezone is required')
    .trim()
    .min(1, 'timezone is required')
    .refine(isTimeZone, 'timezone must be an IANA time zone such as America/Chicago'),
  csrEmail: EmailSchema,
});

export const AssistantInitResponseSchema = z.object({
  chatId: z.uuid(),
  initialMessage: z.string(),
  status: z.literal('initialized'),
});

/** §3 "Chat request: chatId, message". */
export const AssistantChatRequestSchema = z.object({
  chatId,
  message: z
    .string('message is required')
    .trim()
    .min(1, 'message is required')
    .max(ASSISTANT_MESSAGE_MAX_LENGTH, `message must be at most ${ASSISTANT_MESSAGE_MAX_LENGTH} characters`),
});

/** §3: each message of an answer carries role, content, timestamp, name, arguments and tool_call_id. */
export const AssistantTurnMessageSchema = z.object({
  role: z.enum(['user', 'assistant']),
  content: z.string(),
  timestamp: z.string(),
  name: z.string().nullable(),
  arguments: z.record(z.string(), z.unknown()).nullable(),
  tool_call_id: z.string().nullable(),
});

/** §5: "an answer must carry either response or messages". */
export const ASSISTANT_ANSWER_NEEDS_CONTENT = "Either 'response' or 'messages' must be provided";

export const AssistantChatResponseSchema = z
  .object({
    /** The assistant's reply to the message. */
    response: z.string().optional(),
    /** The turn's messages: the CSR's question, then the assistant's reply. */
    messages: z.array(AssistantTurnMessageSchema).optional(),
    chatId: z.uuid(),
    timestamp: z.string(),
    /** True when the language engine could not answer and a stock reply stands in for it. */
    fallback: z.boolean(),
  })
  .refine((a) => a.response !== undefined || a.messages !== undefined, { message: ASSISTANT_ANSWER_NEEDS_CONTENT });

export const AssistantChatIdRequestSchema = z.object({ chatId });

/** §3 "History: messages with role user|assistant"; status tells a reloaded panel whether it can still ask. */
export const AssistantHistoryMessageSchema = z.object({
  role: z.enum(['user', 'assistant']),
  content: z.string(),
  timestamp: z.string(),
});

export const AssistantHistoryResponseSchema = z.object({
  chatId: z.uuid(),
  callId: z.uuid(),
  status: z.enum(['initialized', 'ended']),
  messages: z.array(AssistantHistoryMessageSchema),
});

export const AssistantEndResponseSchema = z.undefined();

export type AssistantInitResponse = z.infer<typeof AssistantInitResponseSchema>;
export type AssistantChatResponse = z.infer<typeof AssistantChatResponseSchema>;
export type AssistantHistoryResponse = z.infer<typeof AssistantHistoryResponseSchema>;
export type AssistantHistoryMessage = z.infer<typeof AssistantHistoryMessageSchema>;
