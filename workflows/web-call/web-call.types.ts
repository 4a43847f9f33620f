import type { AgentProfile } from '../../domain/agents/agent-profile';
import type { WebCallEntry } from '../../domain/call/web-call-record';
import type { RunMeta } from '../../domain/run/run-meta';
import type { AgentToolUse } from '../../domain/agents/agent-tool-use';

export interface WebCallWorkflowInput {
  meta: RunMeta;
  orgId: string;
  /** The call's interaction id, which is also its in-house provider call id (README glossary). */
  interactionId: string;
  /** Runs started before the ids were unified carry their provider call id here; replay keeps it. */
  callId?: string;
  agent: AgentProfile;
  dynamicVariables: Record<string, string>;
  /** SHA-256 of the access token handed to whoever joins the call; turns must present the token. */
  accessTokenHash: string;
  taskQueuePrefix: string;
  /** A call nobody speaks in for this long is ended (default five minutes). */
  idleTimeoutMs?: number;
}

export type WebCallEndReason = 'caller_ended' | 'agent_ended' | 'idle_timeout';

export interface CallerTurnInput {
  accessTokenHash: string;
  text: string;
}

export interface AgentReply {
  reply: string;
  toolCalls: AgentToolUse[];
  ended: boolean;
}

export interface WebCallSnapshot {
  interactionId: string;
  orgId: string;
  agentId: string;
  status: 'live' | 'ended';
  endReason: WebCallEndReason | null;
  entries: WebCallEntry[];
}
