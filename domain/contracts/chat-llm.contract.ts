import { z } from 'zod';
import { CallLogsRequestSchema } from './calls.contract';
import { WidgetColorSchema } from './widget.contract';
import { SummarySectionSchema } from '../interaction/summary.schema';

// The LLM chat mode (001 §2.7, §3 "LLM chat", §4, §7 "Chats, widget config and LLM chat"): the org's chat agent
// settings, the /chat/llm visitor routes and the staff views of a chat session. Shared by the API and the dashboard.

const orgId = z.uuid('orgId must be a UUID');

export const CHAT_TEXT_THEMES = ['light', 'dark'] as const;

/** 001 §2.7 / 000 §3 chat_widget_config, with the spec's defaults (enabled false, textTheme dark). */
export const ChatConfigSchema = z.object({
  logo: z
    .url('logo must be a URL')
    .max(2048, 'logo must be at most 2048 characters')
    .refine((u) => /^https?:\/\//i.test(u), 'logo must be an http or https URL')
    .nullable(),
  primaryColor: WidgetColorSchema,
  secondaryColor: WidgetColorSchema,
  enabled: z.boolean('enabled must be true or false'),
  greeting: z.string().trim().max(1000, 'greeting must be at most 1000 characters').nullable(),
  textTheme: z.enum(CHAT_TEXT_THEMES, 'textTheme must be light or dark'),
  mascot: z.string().trim().max(200, 'mascot must be at most 200 characters').nullable(),
  /** The agent that answers the org's chats; none: the org's chat CSR agent. */
  csrAgentId: z.string().trim().min(1, 'csrAgentId must not be empty').max(64, 'csrAgentId must be at most 64 characters').nullable(),
  crmCampaignId: z.string().trim().min(1, 'crmCampaignId must not be empty').max(64, 'crmCampaignId must be at most 64 characters').nullable(),
});
export type ChatConfig = z.infer<typeof ChatConfigSchema>;

export const DEFAULT_CHAT_CONFIG: ChatConfig = {
  logo: null,
  primaryColor: '#1E3A8A',
  secondaryColor: '#FFFFFF',
  enabled: false,
  greeting: null,
  textTheme: 'dark',
  mascot: null,
  csrAgentId: null,
  crmCampaignId: null,
};

export const ChatConfigQuerySchema = z.object({ orgId });
/** PUT /chat/config: the fields to change; a field left out is unchanged. */
export const ChatConfigUpdateRequestSchema = ChatConfigSchema.partial().extend({ orgId });
export type ChatConfigUpdateRequest = z.infer<typeof ChatConfigUpdateRequestSchema>;
export const ChatConfigResponseSchema = ChatConfigSchema.extend({ orgId: z.string() });
export type ChatConfigResponse = z.infer<typeof ChatConfigResponseSchema>;

/** 001 §3 "LLM chat" message. */
export const LlmChatMessageSchema = z.object({
  id: z.string(),
  role: z.enum(['user', 'agent']),
  content: z.string(),
  created_at: z.string(),
});
export type LlmChatMessage = z.infer<typeof LlmChatMessageSchema>;

export const CHAT_SESSION_STATUSES = ['live', 'ended'] as const;

/** 001 §3 "Chat session". */
export const ChatSessionSchema = z.object({
  id: z.string(),
  created_at: z.string(),
  org_id: z.string(),
  status: z.enum(CHAT_SESSION_STATUSES),
  interactionId: z.string(),
  customer_name: z.string().nullable(),
  customer_number: z.string().nullable(),
  customer_address: z.string().nullable(),
  crm_customer_id: z.string().nullable(),
  number_extension: z.string().nullable(),
  tags: z.array(z.string()),
  reviewed_at: z.string().nullable(),
  summary: z.array(SummarySectionSchema),
  interaction_events: z.array(z.object({ id: z.string(), created_at: z.string(), name: z.string(), metadata: z.record(z.string(), z.unknown()) })),
  messages: z.array(LlmChatMessageSchema.extend({ session_id: z.string() })),
  /** This product's additions: the agent, the classification and the review notes of the session's interaction. */
  agent_id: z.string(),
  call_status: z.string(),
  call_type: z.string().nullable(),
  review_notes: z.string().nullable(),
  end_reason: z.string().nullable(),
  ended_at: z.string().nullable(),
});
export type ChatSession = z.infer<typeof ChatSessionSchema>;

/** POST /chat/llm/new. */
export const NewLlmChatRequestSchema = z.object({ orgId });
export const NewLlmChatResponseSchema = z.object({ sessionId: z.string(), agentId: z.string() });

/** GET /chat/llm/?orgId&agentId: what a chat window needs before the first message. */
export const LlmChatAgentQuerySchema = z.object({ orgId, agentId: z.string().min(1).optional() });
export const LlmChatAgentResponseSchema = z.object({
  orgId: z.string(),
  agentId: z.string(),
  agentName: z.string(),
  agentType: z.string(),
  config: ChatConfigSchema,
});

/** POST /chat/llm: a session and its messages. */
export const LoadLlmChatRequestSchema = z.object({ chatSessionId: z.string().min(1, 'chatSessionId is required').max(200), orgId });
export const LoadLlmChatResponseSchema = z.object({ session: ChatSessionSchema, messages: z.array(LlmChatMessageSchema), chatEnded: z.boolean() });

/** PUT /chat/llm: one message; includedGreeting false leaves the agent's greeting out of the answer (the window shows its own). */
export const SendLlmChatRequestSchema = z.object({
  sessionId: z.string().min(1, 'sessionId is required').max(200, 'sessionId must be at most 200 characters'),
  message: z.string('message is required').trim().min(1, 'message must not be empty').max(4000, 'message must be at most 4000 characters'),
  orgId,
  agentId: z.string().min(1, 'agentId is required'),
  includedGreeting: z.boolean('includedGreeting must be true or false').default(true),
});
export const SendLlmChatResponseSchema = z.object({ messages: z.array(LlmChatMessageSchema), chatEnded: z.boolean() });

/** POST /chat-sessions/logs: the call logs' request (001 §3 "Logs request"). */
export const ChatSessionLogsRequestSchema = CallLogsRequestSchema.pick({ orgId: true, agentId: true, from: true, to: true, page: true, pageSize: true });
export type ChatSessionLogsRequest = z.infer<typeof ChatSessionLogsRequestSchema>;
export const ChatSessionLogsResponseSchema = z.object({
  sessions: z.array(ChatSessionSchema.omit({ messages: true }).extend({ message_count: z.number().int() })),
});
export type ChatSessionLogsResponse = z.infer<typeof ChatSessionLogsResponseSchema>;
