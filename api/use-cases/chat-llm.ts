import { randomUUID } from 'node:crypto';
import type { Request } from 'express';
import type { AgentProfile } from '../../domain/agents/agent-profile';
import { CHAT_FOLLOW_UP_MS, CHAT_NUDGE } from '../../domain/chat/chat-session';
import {
  ChatConfigSchema,
  type ChatConfig,
  type ChatConfigResponse,
  type ChatConfigUpdateRequest,
  type ChatSession,
  type LlmChatMessage,
} from '../../domain/contracts/chat-llm.contract';
import type { ChatSessionDoc } from '../../events/projections/chat-sessions/chat-sessions.repository';
import { sameJson } from '../../events/projections/same-json';
import type { ChatSessionMessage, ChatSessionSnapshot } from '../../workflows/chat-session/chat-session.types';
import type { ApiDeps } from '../deps';
import { badRequest, notFound } from '../http/errors';
import { commandOrigin, publishCommand } from '../http/publish-command';
import type { StaffIdentity } from '../repositories/staff.repository';
import { awaitReadModel } from './await-read-model';
import { ChatSessionRefused } from './chat-session-gateway.port';

type Deps = Pick<ApiDeps, 'chatSessions' | 'llm' | 'webCalls' | 'config'>;

const followUpMs = (deps: Deps) => (deps.config.LLM_CHAT_FOLLOW_UP_SECONDS ?? CHAT_FOLLOW_UP_MS / 1000) * 1000;
interface Caller {
  req: Pick<Request, 'correlationId'>;
  user: StaffIdentity | null;
}

const sessionNotFound = () => notFound('Chat session not found');

// The order an org's agents are tried in when its chat config names none (or one it no longer has).
const CHAT_AGENT_TYPES = ['CHAT_CSR_AGENT', 'OFFICE_HOURS_CSR', 'AFTER_HOURS_CSR', 'RECEPTIONIST'];

/** 001 §2.7: the org's chat agent is the chat config's csrAgentId, else its chat CSR agent (else another CSR). */
export async function chatAgentOf(deps: Deps, orgId: string, config?: ChatConfig): Promise<AgentProfile> {
  const agents = await deps.webCalls.agents.listAgents(orgId);
  const { csrAgentId } = config ?? (await deps.chatSessions.configs.find(orgId));
  const chosen = agents.find((a) => a.id === csrAgentId) ?? CHAT_AGENT_TYPES.map((type) => agents.find((a) => a.agentType === type)).find(Boolean) ?? agents[0];
  if (!chosen) throw notFound('Organization not found');
  return chosen;
}

export async function getChatConfig(deps: Deps, orgId: string): Promise<ChatConfigResponse> {
  const { updatedAt: _u, ...config } = await deps.chatSessions.configs.find(orgId);
  return { orgId, ...config };
}

/** PUT /chat/config: the fields given replace the saved ones; csrAgentId must name one of the org's agents. */
export async function updateChatConfig(deps: Deps, caller: Caller, request: ChatConfigUpdateRequest): Promise<ChatConfigResponse> {
  const { orgId, ...fields } = request;
  const { updatedAt: _u, ...current } = await deps.chatSessions.configs.find(orgId);
  const given = Object.fromEntries(Object.entries(fields).filter(([, v]) => v !== undefined)) as Partial<ChatConfig>;
  if (given.csrAgentId) {
    const agents = await deps.webCalls.agents.listAgents(orgId);
    if (!agents.some((a) => a.id === given.csrAgentId)) throw badRequest('csrAgentId must be one of the organization’s agents');
  }
  const merged = ChatConfigSchema.parse({ ...current, ...given });
  const changes = Object.fromEntries(Object.entries(given).filter(([name]) => !sameJson(merged[name as keyof ChatConfig], current[name as keyof ChatConfig])));
  if (Object.keys(changes).length === 0) return { orgId, ...current };
  await publishCommand(deps.chatSessions.events, commandOrigin(caller), [{ type: 'ChatConfigUpdated', aggregateId: orgId, orgId, data: { orgId, changes } }]);
  await awaitReadModel(async () => {
    const { updatedAt: _at, ...saved } = await deps.chatSessions.configs.find(orgId);
    return sameJson(saved, merged);
  });
  return { orgId, ...merged };
}

/** GET /chat/llm: the agent a chat window talks to (the one named, else the org's chat agent) and the chat settings. */
export async function llmChatAgent(deps: Deps, orgId: string, agentId: string | undefined) {
  const { updatedAt: _u, ...config } = await deps.chatSessions.configs.find(orgId);
  const agent = agentId ? await deps.webCalls.agents.findAgent(orgId, agentId) : await chatAgentOf(deps, orgId, config);
  if (!agent) throw notFound('Agent not found');
  return { orgId, agentId: agent.id, agentName: agent.friendlyName, agentType: agent.agentType, config };
}

/** POST /chat/llm/new: a session with the org's chat agent, open before its first message. */
export async function newLlmChat(deps: Deps, orgId: string, correlationId: string) {
  const agent = await chatAgentOf(deps, orgId);
  const sessionId = randomUUID();
  await deps.llm.chats.start({ meta: { correlationId }, orgId, sessionId, interactionId: randomUUID(), agent, followUpMs: followUpMs(deps) });
  return { sessionId, agentId: agent.id };
}

const toMessage = (sessionId: string, m: ChatSessionMessage, i: number): LlmChatMessage => ({
  // Sessions started before messages had ids: a stable one from the position.
  id: m.id ?? `${sessionId}-${i}`,
  role: m.role === 'assistant' ? 'agent' : 'user',
  content: m.content,
  created_at: m.created_at,
});

/** 001 §3 "Chat session" from the read model. */
export function toChatSession(doc: ChatSessionDoc): ChatSession {
  return {
    id: doc.sessionId,
    created_at: doc.createdAt.toISOString(),
    org_id: doc.orgId,
    status: doc.status,
    interactionId: doc.interactionId,
    customer_name: doc.customerName,
    customer_number: doc.customerNumber,
    customer_address: doc.customerAddress,
    crm_customer_id: doc.crmCustomerId,
    number_extension: doc.numberExtension,
    tags: doc.tags,
    reviewed_at: doc.reviewedAt?.toISOString() ?? null,
    summary: doc.summary,
    interaction_events: doc.events,
    messages: doc.messages.map((m) => ({ ...m, session_id: doc.sessionId })),
    agent_id: doc.agentId,
    call_status: doc.callStatus,
    call_type: doc.callType,
    review_notes: doc.reviewNotes,
    end_reason: doc.endReason,
    ended_at: doc.endedAt?.toISOString() ?? null,
  };
}

/** A session the read model has not caught up with yet, from its workflow. */
function sessionFromSnapshot(s: ChatSessionSnapshot): ChatSession {
  return {
    id: s.sessionId,
    created_at: s.startedAt,
    org_id: s.orgId,
    status: s.status,
    interactionId: s.interactionId,
    customer_name: null,
    customer_number: null,
    customer_address: null,
    crm_customer_id: null,
    number_extension: null,
    tags: [],
    reviewed_at: null,
    summary: [],
    interaction_events: [],
    messages: s.messages.map((m, i) => ({ ...toMessage(s.sessionId, m, i), session_id: s.sessionId })),
    agent_id: s.agentId,
    call_status: s.callStatus ?? 'PROCESSING',
    call_type: null,
    review_notes: null,
    end_reason: s.endReason,
    ended_at: null,
  };
}

/** POST /chat/llm: the session and its messages; the live conversation from its workflow, the rest from the read model. */
export async function loadLlmChat(deps: Deps, orgId: string, sessionId: string) {
  const [snapshot, doc] = await Promise.all([deps.llm.chats.find(sessionId).catch(() => null), deps.chatSessions.repository.findBySessionId(sessionId)]);
  const owner = snapshot?.orgId ?? doc?.orgId;
  if (!owner || owner !== orgId) throw sessionNotFound();
  const session = doc ? toChatSession(doc) : sessionFromSnapshot(snapshot!);
  const messages = snapshot ? snapshot.messages.map((m, i) => toMessage(sessionId, m, i)) : session.messages.map(({ session_id: _s, ...m }) => m);
  const chatEnded = (snapshot?.status ?? session.status) === 'ended';
  return { session: { ...session, messages: messages.map((m) => ({ ...m, session_id: sessionId })) }, messages, chatEnded };
}

async function ownerOf(deps: Deps, sessionId: string): Promise<string | null> {
  const snapshot = await deps.llm.chats.find(sessionId).catch(() => null);
  return snapshot?.orgId ?? (await deps.chatSessions.repository.findBySessionId(sessionId))?.orgId ?? null;
}

/**
 * PUT /chat/llm: one message in a session (started by /chat/llm/new, or by this first message with the agent named).
 * Once the session has ended nothing more is returned (001 §4): `{messages: [], chatEnded: true}`.
 */
export async function sendLlmChat(
  deps: Deps,
  orgId: string,
  body: { sessionId: string; message: string; agentId: string; includedGreeting: boolean },
  correlationId: string,
): Promise<{ messages: LlmChatMessage[]; chatEnded: boolean }> {
  const turn = { orgId, agentId: body.agentId, message: body.message };
  let answer;
  try {
    answer = await deps.llm.chats.sendTurn(body.sessionId, turn).catch(async (err: unknown) => {
      if (!(err instanceof ChatSessionRefused) || err.reason !== 'not_found' || (await deps.llm.chats.find(body.sessionId))) throw err;
      const agent = await deps.webCalls.agents.findAgent(orgId, body.agentId);
      if (!agent) throw notFound('Agent not found');
      return deps.llm.chats.startAndSendTurn(
        { meta: { correlationId }, orgId, sessionId: body.sessionId, interactionId: randomUUID(), agent, followUpMs: followUpMs(deps) },
        turn,
      );
    });
  } catch (err) {
    if (err instanceof ChatSessionRefused) {
      // An ended run refuses before it checks who asks: only its own organization is told it has ended.
      if (err.reason === 'ended' && (await ownerOf(deps, body.sessionId)) === orgId) return { messages: [], chatEnded: true };
      throw sessionNotFound();
    }
    throw err;
  }
  let messages = answer.messages;
  // The window shows the greeting itself: the agent's opening words are left out (a nudge carried over is not an opening).
  if (!body.includedGreeting) {
    const firstUser = messages.findIndex((m) => m.role === 'user');
    messages = messages.filter((m, i) => i >= firstUser || m.content === CHAT_NUDGE);
  }
  return { messages: messages.map((m, i) => toMessage(body.sessionId, m, i)), chatEnded: answer.chatEnded };
}

/** POST /chat-sessions/logs. */
export async function listChatSessions(deps: Deps, filter: Parameters<ApiDeps['chatSessions']['repository']['listSessions']>[0]) {
  const docs = await deps.chatSessions.repository.listSessions(filter);
  return {
    sessions: docs.map((doc) => {
      const { messages, ...session } = toChatSession(doc);
      return { ...session, message_count: messages.length };
    }),
  };
}

export async function findChatSession(deps: Deps, sessionId: string): Promise<ChatSession> {
  const doc = await deps.chatSessions.repository.findBySessionId(sessionId);
  if (!doc) throw sessionNotFound();
  return toChatSession(doc);
}
