import { z } from 'zod';
import type { CanonicalCallRecord } from '../../../../domain/call/call-record.schema';
import {
  BatchCallInputSchema,
  CreateCallInputSchema,
  VoicemailActionSchema,
  type BatchCallInput,
  type CreateCallInput,
  type ListCallsQuery,
  type PhoneAssignment,
  type PhoneAssignmentUpdate,
  type SignatureInput,
  type VoicemailAction,
  type VoiceProvider,
  type WebhookInput,
} from '../../voice-provider.port';
import { headerValue, hmacSha256, rawBodyText, safeEqual } from '../../webhook-signature';
import { badRequest, completeRecord, isoFromMs, parseWebhookJson } from '../mapping';
import { VoiceHttpClient } from '../voice-http-client';
import { mapRetellCall } from './retell.mapper';
import { RetellBatchCallResponseSchema, RetellCallSchema, RetellPhoneNumberSchema, RetellWebhookSchema, type RetellCall } from './retell.schema';
import { type WebhookEvent, type WebhookEventKind } from '../../../../domain/call/call-event';
import type { TransferTool } from '../../../../domain/contracts/agents.contract';
import { RetellAgentSchema, RetellLlmSchema, withRetellTransferTools } from './retell.transfer-tools';

export interface RetellAdapterConfig {
  apiKey: string;
  baseUrl?: string;
  fetch?: typeof fetch;
  timeoutMs?: number;
  now?: () => Date;
  /** How far a signature's timestamp may be from now; Retell's SDK allows five minutes. */
  signatureToleranceMs?: number;
}

export const RETELL_DEFAULT_BASE_URL = 'https://api.retellai.com';
const FIVE_MINUTES_MS = 5 * 60 * 1000;

const EVENT_KINDS: Record<string, { kind: WebhookEventKind; sequence: number }> = {
  call_started: { kind: 'call_started', sequence: 10 },
  call_ended: { kind: 'call_ended', sequence: 30 },
  call_analyzed: { kind: 'call_analyzed', sequence: 40 },
};
// transcript_updated and transfer_* happen while the call is live.
const LIVE_EVENT = { kind: 'other' as const, sequence: 20 };

/** `x-retell-signature: v=<epoch ms>,d=<hex HMAC-SHA256(api key, raw body + epoch ms)>`. */
const SIGNATURE = /^v=(\d+),d=([0-9a-fA-F]+)$/;

export class RetellVoiceProvider implements VoiceProvider {
  readonly provider = 'retell' as const;
  private readonly http: VoiceHttpClient;
  private readonly now: () => Date;

  constructor(private readonly config: RetellAdapterConfig) {
    this.now = config.now ?? (() => new Date());
    this.http = new VoiceHttpClient({
      provider: 'retell',
      baseUrl: config.baseUrl ?? RETELL_DEFAULT_BASE_URL,
      headers: { authorization: `Bearer ${config.apiKey}` },
      fetch: config.fetch,
      timeoutMs: config.timeoutMs,
      now: () => this.now().getTime(),
      // Retell answers 422 "Cannot find requested asset under given api key" for unknown calls, agents and numbers.
      mapStatus: (status) => (status === 422 ? 'NOT_FOUND' : undefined),
    });
  }

  verifySignature({ headers, rawBody, secret, now }: SignatureInput): boolean {
    const match = SIGNATURE.exec(headerValue(headers, 'x-retell-signature')?.trim() ?? '');
    if (!match) return false;
    const signedAt = Number(match[1]);
    const tolerance = this.config.signatureToleranceMs ?? FIVE_MINUTES_MS;
    if (Math.abs((now ?? this.now()).getTime() - signedAt) > tolerance) return false;
    const expected = hmacSha256(secret, rawBodyText(rawBody) + match[1], 'hex');
    return safeEqual(expected, match[2].toLowerCase());
  }

  parseWebhook({ headers, rawBody, orgId, receivedAt }: WebhookInput): WebhookEvent {
    const { event, call } = parseWebhookJson('retell', rawBody, RetellWebhookSchema);
    const { kind, sequence } = EVENT_KINDS[event] ?? LIVE_EVENT;
    const signedAt = SIGNATURE.exec(headerValue(headers, 'x-retell-signature')?.trim() ?? '')?.[1];
    const payloadTime = kind === 'call_started' ? call.start_timestamp : kind === 'other' ? undefined : (call.end_timestamp ?? call.start_timestamp);
    const occurredAt = isoFromMs(payloadTime) ?? isoFromMs(signedAt === undefined ? undefined : Number(signedAt)) ?? (receivedAt ?? this.now()).toISOString();
    return {
      orgId,
      kind,
      providerEvent: event,
      providerCallId: call.call_id,
      occurredAt,
      sequence,
      record: mapRetellCall(call),
    };
  }

  async createCall(input: CreateCallInput): Promise<{ callId: string }> {
    const { assistantId, callVariables, customerPhone, phoneId, metadata } = CreateCallInputSchema.parse(input);
    // Retell dials from a number we own; its phone ids are the numbers. Voicemail handling is agent-level here.
    if (!phoneId) throw badRequest('retell', 'a call needs phoneId, the E.164 number to call from');
    const call = await this.http.request({
      method: 'POST',
      path: '/v2/create-phone-call',
      body: {
        from_number: phoneId,
        to_number: customerPhone,
        ...(assistantId ? { override_agent_id: assistantId } : {}),
        retell_llm_dynamic_variables: callVariables,
        ...(metadata ? { metadata } : {}),
      },
      schema: RetellCallSchema,
    });
    return { callId: call.call_id };
  }

  async createBatchCall(input: BatchCallInput): Promise<{ batchCallId: string }> {
    const batch = BatchCallInputSchema.parse(input);
    const response = await this.http.request({
      method: 'POST',
      path: '/create-batch-call',
      body: {
        from_number: batch.fromNumber,
        tasks: batch.tasks.map((task) => ({
          to_number: task.toNumber,
          ...(task.overrideAgentId ? { override_agent_id: task.overrideAgentId } : {}),
          ...(task.dynamicVariables ? { retell_llm_dynamic_variables: task.dynamicVariables } : {}),
        })),
        ...(batch.name ? { name: batch.name } : {}),
        ...(batch.triggerTimestamp !== undefined ? { trigger_timestamp: batch.triggerTimestamp } : {}),
      },
      schema: RetellBatchCallResponseSchema,
    });
    return { batchCallId: response.batch_call_id };
  }

  /**
   * POST /v2/list-calls: documented (though marked deprecated in favour of /v3/list-calls, whose filter
   * grammar is larger than we need). Retell keeps no creation time, so the created-at window filters on
   * start_timestamp.
   */
  async listCalls({ assistantId, limit, createdAtGte, createdAtLte }: ListCallsQuery): Promise<CanonicalCallRecord[]> {
    const startWindow = {
      ...(createdAtGte ? { lower_threshold: createdAtGte.getTime() } : {}),
      ...(createdAtLte ? { upper_threshold: createdAtLte.getTime() } : {}),
    };
    const calls = await this.http.request({
      method: 'POST',
      path: '/v2/list-calls',
      body: {
        filter_criteria: {
          ...(assistantId ? { agent_id: [assistantId] } : {}),
          ...(Object.keys(startWindow).length > 0 ? { start_timestamp: startWindow } : {}),
        },
        sort_order: 'descending',
        ...(limit !== undefined ? { limit } : {}),
      },
      schema: z.array(RetellCallSchema),
    });
    return calls.map((call) => this.toRecord(call));
  }

  async getCall(callId: string): Promise<CanonicalCallRecord> {
    const call = await this.http.request({
      method: 'GET',
      path: `/v2/get-call/${encodeURIComponent(callId)}`,
      schema: RetellCallSchema,
    });
    return this.toRecord(call);
  }

  /** Retell's agent `voicemail_option.action` takes exactly the spec's three shapes. */
  async updateVoicemailAction(agentId: string, action: VoicemailAction): Promise<void> {
    await this.http.request({
      method: 'PATCH',
      path: `/update-agent/${encodeURIComponent(agentId)}`,
      body: { voicemail_option: { action: VoicemailActionSchema.parse(action) } },
      schema: z.unknown(),
    });
  }

  async getPhone(phoneId: string): Promise<PhoneAssignment> {
    const phone = await this.http.request({
      method: 'GET',
      path: `/get-phone-number/${encodeURIComponent(phoneId)}`,
      schema: RetellPhoneNumberSchema,
    });
    return {
      inboundAgentId: phone.inbound_agents?.[0]?.agent_id ?? phone.inbound_agent_id ?? null,
      outboundAgentId: phone.outbound_agents?.[0]?.agent_id ?? phone.outbound_agent_id ?? null,
      name: phone.nickname ?? null,
    };
  }

  /** One agent per direction, written as Retell's weighted agent list with the whole weight on it. */
  async updatePhone(phoneId: string, update: PhoneAssignmentUpdate): Promise<void> {
    const agents = (agentId: string | null) => (agentId === null ? null : [{ agent_id: agentId, weight: 1 }]);
    await this.http.request({
      method: 'PATCH',
      path: `/update-phone-number/${encodeURIComponent(phoneId)}`,
      body: {
        ...(update.inboundAgentId !== undefined ? { inbound_agents: agents(update.inboundAgentId) } : {}),
        ...(update.outboundAgentId !== undefined ? { outbound_agents: agents(update.outboundAgentId) } : {}),
        ...(update.name !== undefined ? { nickname: update.name } : {}),
      },
      schema: RetellPhoneNumberSchema,
    });
  }

  /**
   * Transfer tools are general tools of the agent's Retell LLM (its response engine): the LLM is read first so its
   * other tools are written back as they were. An agent on a conversation flow or a custom LLM has no general tools.
   */
  async configureTransferTools(providerAgentId: string, tools: readonly TransferTool[]): Promise<void> {
    const agent = await this.http.request({ method: 'GET', path: `/get-agent/${encodeURIComponent(providerAgentId)}`, schema: RetellAgentSchema });
    const llmId = agent.response_engine.type === 'retell-llm' ? agent.response_engine.llm_id : null;
    if (!llmId) {
      throw badRequest(
        'retell',
        `agent ${providerAgentId} answers with a ${agent.response_engine.type} response engine; transfer tools can be set only on a Retell LLM`,
      );
    }
    const llm = await this.http.request({ method: 'GET', path: `/get-retell-llm/${encodeURIComponent(llmId)}`, schema: RetellLlmSchema });
    await this.http.request({
      method: 'PATCH',
      path: `/update-retell-llm/${encodeURIComponent(llmId)}`,
      body: { general_tools: withRetellTransferTools(llm.general_tools ?? [], tools) },
      schema: z.unknown(),
    });
  }

  private toRecord(call: RetellCall): CanonicalCallRecord {
    return completeRecord('retell', call.call_id, mapRetellCall(call));
  }
}
