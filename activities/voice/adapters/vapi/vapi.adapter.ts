import { z } from 'zod';
import type { CanonicalCallRecord } from '../../../../domain/call/call-record.schema';
import {
  BatchCallInputSchema,
  CreateCallInputSchema,
  VoicemailActionSchema,
  VoiceProviderError,
  type BatchCallInput,
  type CallWebhookIssuer,
  type CreateCallInput,
  type ListCallsQuery,
  type PhoneAssignment,
  type PhoneAssignmentUpdate,
  type SignatureInput,
  type SignatureScope,
  type VoicemailAction,
  type WebhookHeaders,
  type VoiceProvider,
  type WebhookInput,
} from '../../voice-provider.port';
import { headerValue, hmacSha256, rawBodyText, safeEqual } from '../../webhook-signature';
import { badRequest, completeRecord, isoFromMs, isoFromText, objectRecord, parseWebhookJson } from '../mapping';
import { VoiceHttpClient } from '../voice-http-client';
import { mapVapiCall, mapVapiEndOfCallReport, mapVapiOtherMessage, mapVapiStatusUpdate, mapVapiToolCalls } from './vapi.mapper';
import { VapiCallSchema, VapiCampaignSchema, VapiPhoneNumberSchema, VapiServerMessageSchema, type VapiServerMessage } from './vapi.schema';
import { type WebhookEvent, type WebhookEventKind, type WebhookToolCall } from '../../../../domain/call/call-event';
import type { TransferTool } from '../../../../domain/contracts/agents.contract';
import { VapiAssistantSchema, withVapiTransferTools } from './vapi.transfer-tools';

/**
 * How our server URL authenticates Vapi. `secret` (default): the static secret Vapi sends as
 * `X-Vapi-Secret` (a server `secret`, or a custom credential of that kind), or as `Authorization: Bearer`
 * (a bearer credential). `hmac`: a custom HMAC credential; the defaults are those of Vapi's
 * HMACAuthenticationPlan — SHA-256, hex, header `x-signature`, timestamp header `x-timestamp`, payload
 * `{timestamp}.{body}` (the body alone when no timestamp header is sent). `auto` (default): `hmac` with those
 * defaults and five minutes' tolerance when the delivery carries `x-signature`, `secret` otherwise.
 */
export type VapiWebhookAuth =
  { mode: 'auto' } | { mode: 'secret' } | { mode: 'hmac'; signatureHeader?: string; timestampHeader?: string; toleranceMs?: number };

export interface VapiAdapterConfig {
  apiKey: string;
  baseUrl?: string;
  fetch?: typeof fetch;
  timeoutMs?: number;
  now?: () => Date;
  webhookAuth?: VapiWebhookAuth;
  /** Each placed call's own server URL with its token (a static secret covers nothing of the body). */
  callWebhook?: CallWebhookIssuer;
}

export const VAPI_DEFAULT_BASE_URL = 'https://api.vapi.ai';
const FIVE_MINUTES_MS = 5 * 60_000;

const STATUS_SEQUENCE: Record<string, number> = {
  scheduled: 5,
  queued: 6,
  ringing: 8,
  'in-progress': 10,
  forwarding: 15,
  ended: 30,
};
const END_OF_CALL_REPORT_SEQUENCE = 40;
const LIVE_SEQUENCE = 12;

function kindAndSequence(message: VapiServerMessage): { kind: WebhookEventKind; sequence: number } {
  switch (message.type) {
    case 'status-update': {
      const sequence = STATUS_SEQUENCE[message.status ?? ''] ?? LIVE_SEQUENCE;
      const kind = message.status === 'in-progress' ? 'call_started' : message.status === 'ended' ? 'call_ended' : 'other';
      return { kind, sequence };
    }
    // "sent when the call ends and post-processing is complete": it carries the analysis.
    case 'end-of-call-report':
      return { kind: 'call_analyzed', sequence: END_OF_CALL_REPORT_SEQUENCE };
    case 'tool-calls':
      return { kind: 'tool_call', sequence: LIVE_SEQUENCE };
    default:
      return { kind: 'other', sequence: LIVE_SEQUENCE };
  }
}

function toolArguments(value: unknown): Record<string, unknown> {
  if (typeof value === 'string') {
    try {
      return objectRecord(JSON.parse(value)) ?? {};
    } catch {
      return {};
    }
  }
  return objectRecord(value) ?? {};
}

export class VapiVoiceProvider implements VoiceProvider {
  readonly provider = 'vapi' as const;
  private readonly http: VoiceHttpClient;
  private readonly now: () => Date;

  constructor(private readonly config: VapiAdapterConfig) {
    this.now = config.now ?? (() => new Date());
    this.http = new VoiceHttpClient({
      provider: 'vapi',
      baseUrl: config.baseUrl ?? VAPI_DEFAULT_BASE_URL,
      headers: { authorization: `Bearer ${config.apiKey}` },
      fetch: config.fetch,
      timeoutMs: config.timeoutMs,
      now: () => this.now().getTime(),
    });
  }

  /** The plan a delivery with these headers is checked under. */
  private authFor(headers: WebhookHeaders): Exclude<VapiWebhookAuth, { mode: 'auto' }> {
    const auth = this.config.webhookAuth ?? { mode: 'auto' };
    if (auth.mode !== 'auto') return auth;
    return headerValue(headers, 'x-signature') !== undefined ? { mode: 'hmac', toleranceMs: FIVE_MINUTES_MS } : { mode: 'secret' };
  }

  signatureScope(headers: WebhookHeaders): SignatureScope {
    return this.authFor(headers).mode === 'hmac' ? 'body' : 'nothing';
  }

  verifySignature({ headers, rawBody, secret, now }: SignatureInput): boolean {
    const auth = this.authFor(headers);
    if (auth.mode === 'secret') {
      const sent = headerValue(headers, 'x-vapi-secret') ?? /^Bearer\s+(.+)$/i.exec(headerValue(headers, 'authorization') ?? '')?.[1];
      return sent !== undefined && safeEqual(sent.trim(), secret);
    }
    const signature = headerValue(headers, auth.signatureHeader ?? 'x-signature')
      ?.trim()
      .replace(/^sha256=/i, '');
    if (!signature) return false;
    const timestamp = headerValue(headers, auth.timestampHeader ?? 'x-timestamp')?.trim();
    if (timestamp !== undefined && auth.toleranceMs !== undefined) {
      const value = Number(timestamp);
      // Vapi does not say whether the timestamp is in seconds or milliseconds; both are accepted.
      const signedAt = value < 1e12 ? value * 1000 : value;
      if (!Number.isFinite(value) || Math.abs((now ?? this.now()).getTime() - signedAt) > auth.toleranceMs) return false;
    }
    const body = rawBodyText(rawBody);
    const expected = hmacSha256(secret, timestamp === undefined ? body : `${timestamp}.${body}`, 'hex');
    return safeEqual(expected, signature.toLowerCase());
  }

  parseWebhook({ rawBody, orgId, receivedAt }: WebhookInput): WebhookEvent {
    const { message } = parseWebhookJson('vapi', rawBody, VapiServerMessageSchema);
    const providerCallId = message.call?.id;
    if (!providerCallId) {
      throw new VoiceProviderError('INVALID_PAYLOAD', `vapi ${message.type} message names no call`, { provider: 'vapi' });
    }
    const { kind, sequence } = kindAndSequence(message);
    const record =
      message.type === 'status-update'
        ? mapVapiStatusUpdate(message)
        : message.type === 'end-of-call-report'
          ? mapVapiEndOfCallReport(message)
          : message.type === 'tool-calls'
            ? mapVapiToolCalls(message)
            : mapVapiOtherMessage(message);
    const occurredAt =
      isoFromMs(message.timestamp) ??
      (message.type === 'end-of-call-report' ? isoFromText(message.endedAt) : undefined) ??
      (receivedAt ?? this.now()).toISOString();
    const toolCalls: WebhookToolCall[] | undefined = message.toolCallList?.map((call) => ({
      id: call.id,
      name: call.function.name,
      arguments: toolArguments(call.function.arguments),
    }));
    return { orgId, kind, providerEvent: message.type, providerCallId, occurredAt, sequence, record, ...(toolCalls ? { toolCalls } : {}) };
  }

  /** Voicemail handling is the assistant's (updateVoicemailAction), so `allowVoiceMail` is not sent per call. */
  async createCall(input: CreateCallInput): Promise<{ callId: string }> {
    const { assistantId, callVariables, customerPhone, phoneId, metadata } = CreateCallInputSchema.parse(input);
    if (!assistantId) throw badRequest('vapi', 'a call needs assistantId');
    if (!phoneId) throw badRequest('vapi', 'a call needs phoneId, the Vapi phone-number id to call from');
    const hook = this.config.callWebhook?.();
    const call = await this.http.request({
      method: 'POST',
      path: '/call',
      body: {
        assistantId,
        phoneNumberId: phoneId,
        customer: { number: customerPhone },
        assistantOverrides: {
          variableValues: callVariables,
          ...(metadata ? { metadata } : {}),
          ...(hook ? { server: { url: hook.url, ...(hook.headers ? { headers: hook.headers } : {}) } } : {}),
        },
      },
      schema: VapiCallSchema,
    });
    await hook?.placed(call.id);
    return { callId: call.id };
  }

  /**
   * A Vapi campaign (POST /campaign) is the batch: one assistant and one phone-number id for all
   * customers, each with its own variable values. Tasks that name different agents cannot share one.
   */
  async createBatchCall(input: BatchCallInput): Promise<{ batchCallId: string }> {
    const batch = BatchCallInputSchema.parse(input);
    if (!batch.phoneId) throw badRequest('vapi', 'a batch needs phoneId, the Vapi phone-number id to call from');
    const agents = new Set(batch.tasks.map((task) => task.overrideAgentId));
    const [assistantId] = agents;
    if (agents.size !== 1 || !assistantId) throw badRequest('vapi', 'every task of a batch must name the same agent');
    const campaign = await this.http.request({
      method: 'POST',
      path: '/campaign',
      body: {
        name: batch.name ?? `Batch from ${batch.fromNumber}`,
        assistantId,
        phoneNumberId: batch.phoneId,
        customers: batch.tasks.map((task) => ({
          number: task.toNumber,
          ...(task.dynamicVariables ? { assistantOverrides: { variableValues: task.dynamicVariables } } : {}),
        })),
        ...(batch.triggerTimestamp !== undefined ? { schedulePlan: { earliestAt: new Date(batch.triggerTimestamp).toISOString() } } : {}),
      },
      schema: VapiCampaignSchema,
    });
    return { batchCallId: campaign.id };
  }

  async listCalls({ assistantId, limit, createdAtGte, createdAtLte }: ListCallsQuery): Promise<CanonicalCallRecord[]> {
    const calls = await this.http.request({
      method: 'GET',
      path: '/call',
      query: { assistantId, limit, createdAtGe: createdAtGte?.toISOString(), createdAtLe: createdAtLte?.toISOString() },
      schema: z.array(VapiCallSchema),
    });
    return calls.map((call) => completeRecord('vapi', call.id, mapVapiCall(call, { withStatus: true })));
  }

  async getCall(callId: string): Promise<CanonicalCallRecord> {
    const call = await this.http.request({ method: 'GET', path: `/call/${encodeURIComponent(callId)}`, schema: VapiCallSchema });
    return completeRecord('vapi', call.id, mapVapiCall(call, { withStatus: true }));
  }

  /**
   * The assistant's `voicemailMessage` is what it says on reaching voicemail; without one it hangs up
   * (assumed from the field's description: Vapi's docs do not say how to clear it, null is used).
   * Vapi has no prompt-generated voicemail on the assistant, so `prompt` is refused.
   */
  async updateVoicemailAction(agentId: string, action: VoicemailAction): Promise<void> {
    const parsed = VoicemailActionSchema.parse(action);
    if (parsed.type === 'prompt') throw badRequest('vapi', 'Vapi assistants take a fixed voicemail message, not a prompt');
    await this.http.request({
      method: 'PATCH',
      path: `/assistant/${encodeURIComponent(agentId)}`,
      body: { voicemailMessage: parsed.type === 'static_text' ? parsed.text : null },
      schema: z.unknown(),
    });
  }

  /** A Vapi number has one assistant, the one answering inbound calls; outbound agents are chosen per call. */
  async getPhone(phoneId: string): Promise<PhoneAssignment> {
    const phone = await this.http.request({ method: 'GET', path: `/phone-number/${encodeURIComponent(phoneId)}`, schema: VapiPhoneNumberSchema });
    return { inboundAgentId: phone.assistantId ?? null, outboundAgentId: null, name: phone.name ?? null };
  }

  async updatePhone(phoneId: string, update: PhoneAssignmentUpdate): Promise<void> {
    if (update.outboundAgentId != null) throw badRequest('vapi', 'Vapi numbers have no outbound agent; pass the assistant when creating the call');
    if (update.inboundAgentId === undefined && update.name === undefined) return;
    const path = `/phone-number/${encodeURIComponent(phoneId)}`;
    // The update body is a union discriminated by the number's `provider`, so it is read first.
    const current = await this.http.request({ method: 'GET', path, schema: VapiPhoneNumberSchema });
    await this.http.request({
      method: 'PATCH',
      path,
      body: {
        ...(current.provider ? { provider: current.provider } : {}),
        ...(update.inboundAgentId !== undefined ? { assistantId: update.inboundAgentId } : {}),
        ...(update.name !== undefined ? { name: update.name } : {}),
      },
      schema: VapiPhoneNumberSchema,
    });
  }

  /**
   * Transfer tools are inline tools of the assistant's model. PATCH replaces `model` whole, so the assistant is read
   * first and its model (provider, model, messages, other tools, toolIds) is sent back with only the transferCall
   * tools changed.
   */
  async configureTransferTools(providerAgentId: string, tools: readonly TransferTool[]): Promise<void> {
    const path = `/assistant/${encodeURIComponent(providerAgentId)}`;
    const assistant = await this.http.request({ method: 'GET', path, schema: VapiAssistantSchema });
    if (!assistant.model) throw badRequest('vapi', `assistant ${providerAgentId} has no model to hold transfer tools`);
    const model = { ...assistant.model, tools: withVapiTransferTools(assistant.model.tools ?? [], tools) };
    await this.http.request({ method: 'PATCH', path, body: { model }, schema: z.unknown() });
  }
}
