import { z } from 'zod';
import { INTERACTION } from './interaction.events';
import { ORGANIZATION } from './organization.events';

/**
 * LLM chat sessions (001 §2.7, §3 "LLM chat"): each session is one interaction, so its events share the
 * interaction's stream (aggregate id = interaction id) with the post-call pipeline's steps that analyse it.
 */
export const CHAT_SESSION = INTERACTION;

const Ids = { interactionId: z.uuid(), orgId: z.uuid(), sessionId: z.string().min(1) };

/** A session was opened with the org's chat agent. */
export const ChatSessionStartedV1Schema = z.object({
  ...Ids,
  agentId: z.string().min(1),
  agentType: z.string().min(1),
  startedAt: z.iso.datetime({ offset: true }),
});

/** Messages the session gained in one turn (the visitor's, the agent's reply, the greeting or a nudge), in order. */
export const ChatSessionMessagesAddedV1Schema = z.object({
  ...Ids,
  messages: z.array(z.object({ id: z.string().min(1), role: z.enum(['user', 'agent']), content: z.string(), created_at: z.string() })).min(1),
});

/** The session is over: the agent ended it, it was concluded and quiet, or quiet after its nudge (000 §4). */
export const ChatSessionEndedV1Schema = z.object({
  ...Ids,
  reason: z.enum(['agent_ended', 'concluded', 'idle_timeout']),
  endedAt: z.iso.datetime({ offset: true }),
  /** The phone the visitor gave the agent's booking or callback tool, if any. */
  customerNumber: z.string().nullable(),
});

export const CHAT_CONFIG = ORGANIZATION;

/**
 * Staff changed the org's chat agent settings (001 §2.7, 000 §3 chat_widget_config); a field not named is
 * unchanged. A structural copy of domain/contracts/chat-llm.contract.ts's ChatConfigSchema.
 */
export const ChatConfigUpdatedV1Schema = z.object({
  orgId: z.uuid(),
  changes: z
    .object({
      logo: z.string().nullable(),
      primaryColor: z.string(),
      secondaryColor: z.string(),
      enabled: z.boolean(),
      greeting: z.string().nullable(),
      textTheme: z.enum(['light', 'dark']),
      mascot: z.string().nullable(),
      csrAgentId: z.string().nullable(),
      crmCampaignId: z.string().nullable(),
    })
    .partial(),
});
