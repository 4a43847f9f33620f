import { createHash, randomBytes, randomUUID } from 'node:crypto';
import { createAgentDirectory, type AgentDirectory } from '../../activities/agent-runtime/agent-directory';
import type { CrmProvider } from '../../activities/crm/crm.port';
import type { ApiDeps } from '../deps';
import type { AgentRepository } from '../../events/projections/agents/agents.repository';
import type { OrganizationRepository } from '../../events/projections/organizations/organizations.repository';
import { badRequest, notFound, unauthorized } from '../http/errors';
import { WebCallRefused } from './web-call-gateway.port';

export const hashAccessToken = (token: string) => createHash('sha256').update(token).digest('hex');

function asApiError(err: unknown): never {
  if (err instanceof WebCallRefused) {
    if (err.reason === 'not_found') throw notFound('Web call not found');
    if (err.reason === 'access_denied') throw unauthorized(err.message);
    throw badRequest(err.message);
  }
  throw err;
}

/** Spec 001 §2.16 "Web call": starts a call in the browser with an agent and dynamic variables. */
export async function createWebCall(deps: ApiDeps, orgId: string, body: { agentId: string; dynamicVariables: Record<string, string> }, correlationId: string) {
  const agent = await deps.webCalls.agents.findAgent(orgId, body.agentId);
  if (!agent) throw notFound('Agent not found');
  // One id for the call: its interaction id, which the in-house agent also uses as its provider call id.
  const interactionId = randomUUID();
  const accessToken = randomBytes(24).toString('base64url');
  const greeting = await deps.webCalls.gateway
    .start({ meta: { correlationId }, orgId, interactionId, agent, dynamicVariables: body.dynamicVariables, accessTokenHash: hashAccessToken(accessToken) })
    .catch(asApiError);
  return { call_id: interactionId, agent_id: agent.id, access_token: accessToken, agent_type: agent.agentType, greeting: greeting.reply };
}

/** The call must exist and belong to the organization the request was authorised for. */
async function requireCall(deps: ApiDeps, orgId: string, interactionId: string) {
  const call = await deps.webCalls.gateway.find(interactionId);
  if (!call || call.orgId !== orgId) throw notFound('Web call not found');
  return call;
}

export async function sendCallerTurn(deps: ApiDeps, orgId: string, body: { callId: string; access_token: string; text: string }) {
  await requireCall(deps, orgId, body.callId);
  const turn = await deps.webCalls.gateway.sendCallerTurn(body.callId, hashAccessToken(body.access_token), body.text).catch(asApiError);
  return {
    call_id: body.callId,
    reply: turn.reply,
    tool_calls: turn.toolCalls.map((t) => ({ name: t.name, arguments: t.arguments, result: t.error ?? t.result })),
    ended: turn.ended,
  };
}

export async function endWebCall(deps: ApiDeps, orgId: string, body: { callId: string; access_token: string }) {
  await requireCall(deps, orgId, body.callId);
  const call = await deps.webCalls.gateway.end(body.callId, hashAccessToken(body.access_token)).catch(asApiError);
  return { call_id: call.interactionId, status: call.status, end_reason: call.endReason };
}

/** Each organization's agents: its recorded ones (the agents read model), and default ones from its settings and CRM. */
export function createOrganizationAgentDirectory(
  organizations: Pick<OrganizationRepository, 'findById'>,
  crm: CrmProvider,
  agents: Pick<AgentRepository, 'listAgents'>,
): AgentDirectory {
  return createAgentDirectory({ findOrganization: (orgId) => organizations.findById(orgId), crm, listRecordedAgents: (orgId) => agents.listAgents(orgId) });
}
