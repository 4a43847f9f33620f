import type { AgentProfile } from '../../domain/agents/agent-profile';
import type { RunMeta } from '../../domain/run/run-meta';

export interface ChatSessionWorkflowInput {
  meta: RunMeta;
  orgId: string;
  sessionId: string;
  /** The interaction the agent's tools record their actions on. */
  interactionId: string;
  agent: AgentProfile;
  /** Runs started before the 15-minute rule: a session nobody writes in for this long is ended (default 30 minutes). */
  idleTimeoutMs?: number;
  /** 000 §4: quiet time after which a concluded session ends and an open one is nudged once (default 15 minutes). */
  followUpMs?: number;
}

/** One message of a chat session, as POST /llm/chat answers it (spec 000 §7). */
export interface ChatSessionMessage {
  /** Sessions started since they became interactions: the message's id (001 §3 "LLM chat"). */
  id?: string;
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

/** agent_ended: the agent closed it; concluded: quiet after a concluded conversation; idle_timeout: quiet after the nudge (or never written in). */
export type ChatEndReason = 'agent_ended' | 'concluded' | 'idle_timeout';

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
  /** Sessions that are interactions: PROCESSING until analysed, then the §4 status; absent on older runs. */
  callStatus?: string;
}
