import type { AgentProfile } from '../../domain/agents/agent-profile';
import type { RunMeta } from '../../domain/run/run-meta';

export interface ChatSessionWorkflowInput {
  meta: RunMeta;
  orgId: string;
  sessionId: string;
  /** The interaction the agent's tools record their actions on. */
  interactionId: string;
  agent: AgentProfile;
  /** A session nobody writes in for this long is ended (default 30 minutes). */
  idleTimeoutMs?: number;
}

/** One message of a chat session, as POST /llm/chat answers it (spec 000 §7). */
export interface ChatSessionMessage {
  role: 'assistant' | 'user';
  content: string;
  created_at: string;
}

export interface ChatTurnInput {
  orgId: string;
  agentId: string;
  message: string;
}

export interface ChatTurnAnswer {
  /** The messages this turn added: the greeting first on a new session, the user's message, the agent's reply. */
  messages: ChatSessionMessage[];
  chatEnded: boolean;
}

export type ChatEndReason = 'agent_ended' | 'idle_timeout';

export interface ChatSessionSnapshot {
  sessionId: string;
  orgId: string;
  agentId: string;
  agentType: string;
  interactionId: string;
  startedAt: string;
  status: 'live' | 'ended';
  endReason: ChatEndReason | null;
  messages: ChatSessionMessage[];
}
