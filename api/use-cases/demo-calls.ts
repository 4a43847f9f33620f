import { MessagingError } from '../../activities/notifications/messaging.port';
import type { AgentProfile } from '../../domain/agents/agent-profile';
import type { CanonicalCallRecord } from '../../domain/call/call-record.schema';
import { agentTypeLabel } from '../../domain/contracts/call-labels';
import type { DemoCallRequest, DemoCallResponse } from '../../domain/contracts/demo-call.contract';
import { normalizePhoneNumber } from '../../domain/validation/phone';
import { uuidV5 } from '../../lib/ids';
import type { ApiDeps } from '../deps';
import { ApiError, badRequest, notFound, serviceUnavailable } from '../http/errors';
import { publishCommand } from '../http/publish-command';
import { awaitReadModel } from './await-read-model';
import { receiveVoiceWebhook, type VoiceWebhookRequest } from './receive-voice-webhook';
import { withOrgVoiceProvider } from './voice-agent-calls';

export const DEFAULT_DEMO_ORG_SLUG = 'demo-hvac';
/** A second submission of the same number within this window answers with the call already placed. */
const DUPLICATE_WINDOW_MS = 60_000;

/** Spec 001 §2.16: demo calls are placed by one configured organization (DEMO_ORG_SLUG). */
async function demoOrganization(deps: ApiDeps): Promise<{ id: string; name: string }> {
  const slug = deps.config.DEMO_ORG_SLUG ?? DEFAULT_DEMO_ORG_SLUG;
  const org = await deps.organizations.findBySlug(slug);
  if (!org) throw serviceUnavailable(`Demo calls are not available: the demo organization "${slug}" does not exist`);
  return { id: org.id, name: org.name };
}

/** The agents a visitor may pick: the demo org's inbound ones (a demo call rings the visitor as if they had called in). */
async function demoAgents(deps: ApiDeps, orgId: string): Promise<AgentProfile[]> {
  return (await deps.webCalls.agents.listAgents(orgId)).filter((a) => a.direction === 'inbound' && a.agentType !== 'CHAT_CSR_AGENT');
}

export async function listDemoAssistants(deps: ApiDeps) {
  const org = await demoOrganization(deps);
  const agents = await demoAgents(deps, org.id);
  return { assistants: agents.map((a) => ({ id: a.id, agent_type: a.agentType, label: a.friendlyName || agentTypeLabel(a.agentType) })) };
}

function answerOf(record: CanonicalCallRecord, agent: AgentProfile, toNumber: string): DemoCallResponse {
  const seconds = record.durationSeconds ?? 0;
  const cost = record.costUsd ?? 0;
  const metadata = Object.fromEntries(Object.entries(record.metadata).filter((e): e is [string, string] => typeof e[1] === 'string'));
  return {
    call_id: record.providerCallId,
    call_type: 'phone_call',
    agent_id: agent.id,
    agent_type: agent.agentType,
    retell_llm_dynamic_variables: record.callVariables,
    call_status: record.status,
    latency: {},
    metadata,
    cost_metadata: { telecommunication: record.provider, llm_model: null, voice_provider: record.provider },
    call_cost: {
      product_costs: cost > 0 ? [{ product: record.provider, cost }] : [],
      total_duration_seconds: seconds,
      total_duration_unit_price: seconds > 0 ? cost / seconds : 0,
      total_one_time_price: 0,
      combined_cost: cost,
    },
    opt_out_sensitive_data_storage: false,
    from_number: record.fromNumber,
    to_number: record.toNumber ?? toNumber,
    direction: 'outbound',
    sandbox: record.provider === 'sandbox',
  };
}

/**
 * Spec 001 §2.16 / §3 "Demo call": the demo organization's agent calls the visitor. The call goes through the
 * org's voice platform like any outbound call, so it becomes an interaction on the demo org's Calls page.
 */
export async function placeDemoCall(deps: ApiDeps, form: DemoCallRequest, correlationId: string): Promise<DemoCallResponse> {
  const org = await demoOrganization(deps);
  const agents = await demoAgents(deps, org.id);
  const agent = form.assistant ? agents.find((a) => a.id === form.assistant) : agents.find((a) => a.agentType === 'DEMO_AGENT');
  if (!agent)
    throw form.assistant
      ? badRequest('assistant must be one of the demo assistants')
      : serviceUnavailable('Demo calls are not available: the demo organization has no demo agent');
  const toNumber = normalizePhoneNumber(form.number);
  const now = Date.now();
  return withOrgVoiceProvider(deps, org.id, correlationId, async (provider) => {
    // A double submit (or a retry after a slow answer) within a minute gets the call already placed.
    const recent = await provider.listCalls({ createdAtGte: new Date(now - DUPLICATE_WINDOW_MS), limit: 100 });
    const duplicate = recent.find((c) => c.toNumber === toNumber && c.metadata.demo === 'true');
    if (duplicate) return answerOf(duplicate, agent, toNumber);
    const dynamicVariables = {
      ...agent.scriptVariables,
      agent_type: agent.agentType,
      name: form.name,
      companyName: form.companyName,
      customer_name: form.name,
      company_name: form.companyName,
    };
    const { callId } = await provider.createCall(
      {
        assistantId: agent.id,
        callVariables: dynamicVariables,
        customerPhone: toNumber,
        metadata: { demo: 'true', name: form.name, companyName: form.companyName, email: form.email, number: toNumber },
      },
      // Two submissions racing within the same minute place one call.
      { idempotencyKey: `demo-call:${toNumber}:${Math.floor(now / DUPLICATE_WINDOW_MS)}` },
    );
    return answerOf(await provider.getCall(callId), agent, toNumber);
  });
}

const DEMO_FOLLOW_UP_NAMESPACE = '7e1f3c2a-9d4b-4c6e-8a5f-1b2d3e4f5a6c';

/**
 * Spec 000 §7 POST /expo/{callId}/comms: the visitor of a demo call asks for follow-up. The request is recorded on the
 * call's interaction (DemoFollowUpRequested, shown with the call's details), then they get a short e-mail.
 */
export async function requestDemoComms(deps: ApiDeps, callId: string, body: { email: string; phone: string }, correlationId: string) {
  const org = await demoOrganization(deps);
  const call = await withOrgVoiceProvider(deps, org.id, correlationId, (provider) => provider.getCall(callId), { notFoundMessage: 'Demo call not found' });
  if (call.metadata.demo !== 'true') throw notFound('Demo call not found');
  // The interaction starts with the call's first webhook delivery; a request ahead of it would have nothing to land on.
  const interactionOfCall = async () => (await deps.calls.interactions.findByProviderCall(org.id, call.provider, callId))?.id ?? null;
  await awaitReadModel(async () => (await interactionOfCall()) !== null, 10_000);
  const interactionId = await interactionOfCall();
  if (interactionId === null) throw serviceUnavailable('The demo call is still being set up: ask for follow-up again in a moment');
  const email = body.email.trim().toLowerCase();
  await publishCommand(deps.calls.events, { correlationId, causationId: 'demo-visitor' }, [
    {
      // The same address asking again is the same request: one event, whatever the retries.
      eventId: uuidV5(`${interactionId}/${email}`, DEMO_FOLLOW_UP_NAMESPACE),
      type: 'DemoFollowUpRequested',
      aggregateId: interactionId,
      orgId: org.id,
      data: { interactionId, orgId: org.id, email, phone: normalizePhoneNumber(body.phone) },
    },
  ]);
  const name = typeof call.metadata.name === 'string' ? call.metadata.name : 'there';
  const text = [
    `Hi ${name},`,
    '',
    `Thanks for trying a demo call with ${org.name}'s AI assistant. We will follow up at ${body.email} or ${body.phone} with next steps.`,
    '',
    `Your demo call reference: ${callId}`,
  ].join('\n');
  const html = text
    .split('\n\n')
    .map((p) => `<p>${p.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;').replace(/\n/g, '<br>')}</p>`)
    .join('');
  try {
    await deps.delivery.messaging.email.sendEmail({
      orgId: org.id,
      interactionId: null,
      dedupKey: `demo-comms:${callId}:${body.email.toLowerCase()}`,
      to: body.email,
      subject: 'Your AI assistant demo: next steps',
      text,
      html,
      template: 'demo_comms',
    });
  } catch (err) {
    if (!(err instanceof MessagingError)) throw err;
    deps.logger.warn({ err, callId }, 'demo comms e-mail not sent');
    throw new ApiError(500, `The e-mail to ${body.email} could not be sent (${err.code}). Try again.`);
  }
  return { success: true as const };
}

/** Spec 000 §7 POST /expo/webhook: a demo call's deliveries are the demo organization's voice webhook. */
export async function receiveDemoWebhook(deps: ApiDeps, req: Omit<VoiceWebhookRequest, 'orgId' | 'provider'>) {
  const org = await demoOrganization(deps);
  return receiveVoiceWebhook(deps, { ...req, orgId: org.id });
}
