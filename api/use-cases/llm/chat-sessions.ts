import { randomUUID } from 'node:crypto';
import type { ApiDeps } from '../../deps';
import { badRequest, notFound } from '../../http/errors';
import { ChatSessionRefused } from '../chat-session-gateway.port';

function asApiError(err: unknown): never {
  if (err instanceof ChatSessionRefused) {
    if (err.reason === 'not_found') throw notFound('Chat session not found');
    throw badRequest(err.message);
  }
  throw err;
}

/**
 * POST /llm/chat (spec 000 §7, 001 §2.7): one message to the org's agent in a chat session. The first
 * message of a session id starts it (the agent greets, then answers); later ones continue the same
 * conversation, held by the session's workflow with the in-house agent runtime of web calls.
 */
export async function sendChatMessage(deps: ApiDeps, orgId: string, body: { sessionId: string; message: string; agentId: string }, correlationId: string) {
  const turn = { orgId, agentId: body.agentId, message: body.message };
  try {
    return await deps.llm.chats.sendTurn(body.sessionId, turn);
  } catch (err) {
    if (!(err instanceof ChatSessionRefused) || err.reason !== 'not_found' || (await deps.llm.chats.find(body.sessionId))) asApiError(err);
  }
  const agent = await deps.webCalls.agents.findAgent(orgId, body.agentId);
  if (!agent) throw notFound('Agent not found');
  return deps.llm.chats
    .startAndSendTurn({ meta: { correlationId }, orgId, sessionId: body.sessionId, interactionId: randomUUID(), agent }, turn)
    .catch(asApiError);
}
