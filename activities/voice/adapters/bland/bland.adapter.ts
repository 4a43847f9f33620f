import { z } from 'zod';
import type { CanonicalCallRecord } from '../../../../domain/call/call-record.schema';
import {
  BatchCallInputSchema,
  CreateCallInputSchema,
  VoicemailActionSchema,
  VoiceProviderError,
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
import { headerValue, hmacSha256, rawBodyBytes, safeEqual } from '../../webhook-signature';
import { badRequest, completeRecord, parseWebhookJson } from '../mapping';
import { VoiceHttpClient } from '../voice-http-client';
import { blandCallId, mapBlandCall } from './bland.mapper';
import {
  BlandBatchResponseSchema,
  BlandCallSchema,
  BlandInboundNumberSchema,
  BlandListCallsResponseSchema,
  BlandLiveEventSchema,
  BlandSendCallResponseSchema,
  type BlandCall,
} from './bland.schema';
import { type WebhookEvent } from '../../../../domain/call/call-event';

/**
 * Bland sets voicemail behaviour per call (`voicemail: {action, message}` on send-call), not per agent.
 * To honour updateVoicemailAction the adapter keeps each agent's choice in this store and applies it to
 * the calls it places for that agent. Without a store, agent-level voicemail settings are refused.
 */
export interface BlandVoicemailSettings {
  get(agentId: string): Promise<VoicemailAction | undefined>;
  set(agentId: string, action: VoicemailAction): Promise<void>;
}

export interface BlandAdapterConfig {
  apiKey: string;
  baseUrl?: string;
  fetch?: typeof fetch;
  timeoutMs?: number;
  now?: () => Date;
  voicemailSettings?: BlandVoicemailSettings;
  /** Where Bland posts the post-call webhook; Bland takes it per call (`webhook`) or per inbound number. */
  webhookUrl?: string;
}

export const BLAND_DEFAULT_BASE_URL = 'https://api.bland.ai';

const POST_CALL_SEQUENCE = 30;
const LIVE_SEQUENCE = 20;

const BlandWebhookSchema = z.union([BlandLiveEventSchema, BlandCallSchema]);

/** "YYYY-MM-DD HH:MM:SS +00:00", the start_time format of Bland's send-call reference. */
function blandStartTime(epochMs: number): string {
  return `${new Date(epochMs).toISOString().slice(0, 19).replace('T', ' ')} +00:00`;
}

function utcDate(date: Date): string {
  return date.toISOString().slice(0, 10);
}

export class BlandVoiceProvider implements VoiceProvider {
  readonly provider = 'bland' as const;
  private readonly http: VoiceHttpClient;
  private readonly now: () => Date;

  constructor(private readonly config: BlandAdapterConfig) {
    this.now = config.now ?? (() => new Date());
    this.http = new VoiceHttpClient({
      provider: 'bland',
      baseUrl: config.baseUrl ?? BLAND_DEFAULT_BASE_URL,
      // Bland's reference: `authorization: <api key>`; the bare key is the documented form.
      headers: { authorization: config.apiKey },
      fetch: config.fetch,
      timeoutMs: config.timeoutMs,
      now: () => this.now().getTime(),
    });
  }

  /** `X-Webhook-Signature`: hex HMAC-SHA256 of the request body with the account's webhook signing secret. */
  verifySignature({ headers, rawBody, secret }: SignatureInput): boolean {
    const signature = headerValue(headers, 'x-webhook-signature')?.trim();
    if (!signature) return false;
    return safeEqual(hmacSha256(secret, rawBodyBytes(rawBody), 'hex'), signature.toLowerCase());
  }

  parseWebhook({ rawBody, orgId, receivedAt }: WebhookInput): WebhookEvent {
    const body = parseWebhookJson('bland', rawBody, BlandWebhookSchema);
    if ('category' in body && typeof body.category === 'string') {
      return {
        orgId,
        kind: 'other',
        providerEvent: body.category,
        providerCallId: body.call_id,
        occurredAt: (receivedAt ?? this.now()).toISOString(),
        sequence: LIVE_SEQUENCE,
        record: {},
      };
    }
    const call = body as BlandCall;
    const providerCallId = blandCallId(call);
    if (!providerCallId) throw new VoiceProviderError('INVALID_PAYLOAD', 'bland post-call webhook names no call', { provider: 'bland' });
    const record = mapBlandCall(call);
    return {
      orgId,
      // The post-call webhook fires once the call is over and carries the summary with it.
      kind: 'call_ended',
      providerEvent: 'post_call',
      providerCallId,
      occurredAt: record.endedAt ?? record.startedAt ?? record.createdAt ?? (receivedAt ?? this.now()).toISOString(),
      sequence: POST_CALL_SEQUENCE,
      record,
    };
  }

  async createCall(input: CreateCallInput): Promise<{ callId: string }> {
    const { assistantId, callVariables, customerPhone, phoneId, metadata, allowVoiceMail } = CreateCallInputSchema.parse(input);
    // Without a pathway Bland needs a `task` prompt, which the spec's create-call does not carry.
    if (!assistantId) throw badRequest('bland', 'a call needs assistantId, the Bland pathway id');
    const voicemail = await this.voicemailFor(assistantId, allowVoiceMail);
    const response = await this.http.request({
      method: 'POST',
      path: '/v1/calls',
      body: {
        phone_number: customerPhone,
        pathway_id: assistantId,
        ...(phoneId ? { from: phoneId } : {}),
        request_data: callVariables,
        ...(metadata ? { metadata } : {}),
        ...(voicemail ? { voicemail } : {}),
        ...(this.config.webhookUrl ? { webhook: this.config.webhookUrl } : {}),
      },
      schema: BlandSendCallResponseSchema,
    });
    return { callId: response.call_id };
  }

  /**
   * POST /v1/batches applies one set of send-call parameters to every call in `call_data`, so the tasks
   * must share one agent (pathway). Bland documents `base_prompt` as required; with a pathway it is left
   * out, as for single calls — unconfirmed by Bland's docs.
   */
  async createBatchCall(input: BatchCallInput): Promise<{ batchCallId: string }> {
    const batch = BatchCallInputSchema.parse(input);
    const agents = new Set(batch.tasks.map((task) => task.overrideAgentId));
    const [pathwayId] = agents;
    if (agents.size !== 1 || !pathwayId) throw badRequest('bland', 'every task of a batch must name the same agent (pathway)');
    const response = await this.http.request({
      method: 'POST',
      path: '/v1/batches',
      body: {
        pathway_id: pathwayId,
        from: batch.fromNumber,
        call_data: batch.tasks.map((task) => ({ ...task.dynamicVariables, phone_number: task.toNumber })),
        ...(batch.name ? { label: batch.name } : {}),
        ...(batch.triggerTimestamp !== undefined ? { start_time: blandStartTime(batch.triggerTimestamp) } : {}),
        ...(this.config.webhookUrl ? { webhook: this.config.webhookUrl } : {}),
      },
      schema: BlandBatchResponseSchema,
    });
    return { batchCallId: response.batch_id };
  }

  /**
   * GET /v1/calls filters by whole days and has no agent filter, so the exact window and the agent
   * (the call's pathway) are applied to what comes back. The list leaves transcripts out.
   */
  async listCalls({ assistantId, limit, createdAtGte, createdAtLte }: ListCallsQuery): Promise<CanonicalCallRecord[]> {
    const response = await this.http.request({
      method: 'GET',
      path: '/v1/calls',
      query: {
        limit,
        start_date: createdAtGte ? utcDate(createdAtGte) : undefined,
        end_date: createdAtLte ? utcDate(createdAtLte) : undefined,
      },
      schema: BlandListCallsResponseSchema,
    });
    return response.calls
      .map((call) => this.toRecord(call))
      .filter((record) => {
        const created = record.createdAt ? Date.parse(record.createdAt) : undefined;
        if (createdAtGte && (created === undefined || created < createdAtGte.getTime())) return false;
        if (createdAtLte && (created === undefined || created > createdAtLte.getTime())) return false;
        return assistantId === undefined || record.voiceAgentId === assistantId;
      });
  }

  async getCall(callId: string): Promise<CanonicalCallRecord> {
    const call = await this.http.request({ method: 'GET', path: `/v1/calls/${encodeURIComponent(callId)}`, schema: BlandCallSchema });
    return this.toRecord(call, callId);
  }

  async updateVoicemailAction(agentId: string, action: VoicemailAction): Promise<void> {
    const parsed = VoicemailActionSchema.parse(action);
    if (!this.config.voicemailSettings) throw badRequest('bland', 'Bland sets voicemail per call; no voicemail settings store is configured');
    if (parsed.type === 'prompt') throw badRequest('bland', 'Bland leaves a fixed voicemail message, not a prompt');
    await this.config.voicemailSettings.set(agentId, parsed);
  }

  /** A Bland inbound number runs one pathway; outbound calls pick theirs per call. */
  async getPhone(phoneId: string): Promise<PhoneAssignment> {
    const number = await this.http.request({ method: 'GET', path: `/v1/inbound/${encodeURIComponent(phoneId)}`, schema: BlandInboundNumberSchema });
    return { inboundAgentId: number.pathway_id ?? null, outboundAgentId: null, name: number.label ?? null };
  }

  async updatePhone(phoneId: string, update: PhoneAssignmentUpdate): Promise<void> {
    if (update.outboundAgentId != null) throw badRequest('bland', 'Bland numbers have no outbound agent; pass the pathway when creating the call');
    if (update.inboundAgentId !== undefined) {
      await this.http.request({
        method: 'POST',
        path: `/v1/inbound/${encodeURIComponent(phoneId)}`,
        // Bland: "Set to null or an empty string to clear the pathway."
        body: { pathway_id: update.inboundAgentId },
        schema: z.unknown(),
      });
    }
    if (update.name !== undefined) {
      await this.http.request({
        method: 'POST',
        path: '/inbound/update_label',
        body: { phoneNumber: phoneId, newLabel: update.name ?? '' },
        schema: z.unknown(),
      });
    }
  }

  private async voicemailFor(agentId: string, allowVoiceMail: boolean | undefined): Promise<Record<string, string> | undefined> {
    if (allowVoiceMail === false) return { action: 'hangup' };
    const setting = await this.config.voicemailSettings?.get(agentId);
    if (!setting) return undefined;
    return setting.type === 'static_text' ? { action: 'leave_message', message: setting.text } : { action: 'hangup' };
  }

  private toRecord(call: BlandCall, fallbackId?: string): CanonicalCallRecord {
    const id = blandCallId(call) ?? fallbackId;
    if (!id) throw new VoiceProviderError('INVALID_PAYLOAD', 'bland call has no call_id', { provider: 'bland' });
    return completeRecord('bland', id, mapBlandCall(call));
  }

  /** Not mapped for this platform: the agent's transfer tools are not written to Bland (no fake success). */
  async configureTransferTools(): Promise<void> {
    throw new VoiceProviderError('UNSUPPORTED', 'Bland does not support configuring transfer tools on its agent from HomeAgent', { provider: 'bland' });
  }
}
