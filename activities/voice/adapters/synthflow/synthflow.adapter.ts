import { z } from 'zod';
import { uuidV5 } from '../../../../lib/ids';
import type { CanonicalCallRecord } from '../../../../domain/call/call-record.schema';
import {
  BatchCallInputSchema,
  CreateCallInputSchema,
  VoicemailActionSchema,
  VoiceProviderError,
  isVoiceProviderError,
  type BatchCallInput,
  type CallWebhookIssuer,
  type CreateCallInput,
  type ListCallsQuery,
  type PhoneAssignment,
  type PhoneAssignmentUpdate,
  type SignatureInput,
  type SignatureScope,
  type VoicemailAction,
  type VoiceProvider,
  type WebhookInput,
} from '../../voice-provider.port';
import { headerValue, hmacSha256, rawBodyText, safeEqual } from '../../webhook-signature';
import { badRequest, completeRecord, parseWebhookJson } from '../mapping';
import { VoiceHttpClient } from '../voice-http-client';
import { mapSynthflowCall, mapSynthflowWebhook } from './synthflow.mapper';
import { SynthflowCallsResponseSchema, SynthflowCreateCallResponseSchema, SynthflowNumberSchema, SynthflowWebhookSchema } from './synthflow.schema';
import { type WebhookEvent } from '../../../../domain/call/call-event';

export interface SynthflowAdapterConfig {
  apiKey: string;
  /** Includes the API version: https://api.synthflow.ai/v2 (or the us./eu. regional hosts). */
  baseUrl?: string;
  /** Needed to read phone numbers (GET /numbers/{slug} requires `workspace`). */
  workspaceId?: string;
  /** Where Synthflow posts the post-call webhook; it is set per call request (`external_webhook_url`). */
  webhookUrl?: string;
  /** Each placed call's own webhook URL with its token (its signature covers only the call id); wins over `webhookUrl`. */
  callWebhook?: CallWebhookIssuer;
  fetch?: typeof fetch;
  timeoutMs?: number;
  now?: () => Date;
}

export const SYNTHFLOW_DEFAULT_BASE_URL = 'https://api.synthflow.ai/v2';
const POST_CALL_SEQUENCE = 30;
const BATCH_NAMESPACE = '3a1f0e7c-5b2d-4c9e-8f61-0d2b7a4c9e15';

/**
 * Synthflow documents the header as `HTTP_SYNTHFLOW_SIGNATURE` (the CGI name of `Synthflow-Signature`);
 * both spellings are read because proxies differ on headers with underscores.
 */
const SIGNATURE_HEADERS = ['synthflow-signature', 'http_synthflow_signature', 'http-synthflow-signature'];

const CallIdSchema = z.string().min(1);
/** The post-call webhook names the call in `call.call_id`; an inbound-call request may carry it in `call_inbound`. */
const SignedCallIdSchema = z.union([
  z.object({ call: z.object({ call_id: CallIdSchema }) }).transform((b) => b.call.call_id),
  z.object({ call_inbound: z.object({ call_id: CallIdSchema }) }).transform((b) => b.call_inbound.call_id),
]);

export class SynthflowVoiceProvider implements VoiceProvider {
  readonly provider = 'synthflow' as const;
  private readonly http: VoiceHttpClient;
  private readonly now: () => Date;

  constructor(private readonly config: SynthflowAdapterConfig) {
    this.now = config.now ?? (() => new Date());
    this.http = new VoiceHttpClient({
      provider: 'synthflow',
      baseUrl: config.baseUrl ?? SYNTHFLOW_DEFAULT_BASE_URL,
      headers: { authorization: `Bearer ${config.apiKey}` },
      fetch: config.fetch,
      timeoutMs: config.timeoutMs,
      now: () => this.now().getTime(),
    });
  }

  /**
   * Base64 HMAC-SHA256 of the call id — Synthflow signs the call id, not the body, so the signature
   * proves the sender knows the secret for that call but does not cover the rest of the payload.
   */
  verifySignature({ headers, rawBody, secret }: SignatureInput): boolean {
    const signature = SIGNATURE_HEADERS.map((name) => headerValue(headers, name))
      .find((value) => value !== undefined)
      ?.trim();
    if (!signature) return false;
    let callId: string;
    try {
      const parsed = SignedCallIdSchema.safeParse(JSON.parse(rawBodyText(rawBody)));
      if (!parsed.success) return false;
      callId = parsed.data;
    } catch {
      return false;
    }
    return safeEqual(hmacSha256(secret, callId, 'base64'), signature);
  }

  signatureScope(): SignatureScope {
    return 'call-id';
  }

  parseWebhook({ rawBody, orgId, receivedAt }: WebhookInput): WebhookEvent {
    const body = parseWebhookJson('synthflow', rawBody, SynthflowWebhookSchema);
    const record = mapSynthflowWebhook(body);
    return {
      orgId,
      // Synthflow's only call webhook is post-call (the inbound webhook is a routing request, not a call event).
      kind: 'call_ended',
      providerEvent: 'post_call',
      providerCallId: body.call.call_id,
      occurredAt: record.endedAt ?? record.startedAt ?? (receivedAt ?? this.now()).toISOString(),
      sequence: POST_CALL_SEQUENCE,
      record,
    };
  }

  /**
   * Synthflow requires the recipient's `name`; the spec's create call has none, so the callVariables'
   * customer_name (or name) is used, else the number. Voicemail handling is the agent's.
   */
  async createCall(input: CreateCallInput): Promise<{ callId: string }> {
    const { assistantId, callVariables, customerPhone, phoneId } = CreateCallInputSchema.parse(input);
    if (!assistantId) throw badRequest('synthflow', 'a call needs assistantId, the Synthflow model id');
    const hook = this.config.callWebhook?.();
    const webhookUrl = hook?.url ?? this.config.webhookUrl;
    const response = await this.http.request({
      method: 'POST',
      path: '/calls',
      body: {
        model_id: assistantId,
        phone: customerPhone,
        name: callVariables.customer_name ?? callVariables.name ?? customerPhone,
        ...(phoneId ? { from_phone_number: phoneId } : {}),
        custom_variables: Object.entries(callVariables).map(([key, value]) => ({ key, value })),
        ...(webhookUrl ? { external_webhook_url: webhookUrl } : {}),
      },
      schema: SynthflowCreateCallResponseSchema,
    });
    await hook?.placed(response.response.call_id);
    return { callId: response.response.call_id };
  }

  /**
   * Synthflow's API has no batch endpoint and no scheduling, so the calls are placed one by one now. If a
   * call fails after others were placed the error is not retryable (a retry would call those customers
   * again) and lists the placed call ids.
   */
  async createBatchCall(input: BatchCallInput): Promise<{ batchCallId: string }> {
    const batch = BatchCallInputSchema.parse(input);
    if (batch.triggerTimestamp !== undefined && batch.triggerTimestamp > this.now().getTime()) {
      throw badRequest('synthflow', 'Synthflow cannot schedule calls; leave out the trigger time or place them when due');
    }
    if (batch.tasks.some((task) => !task.overrideAgentId)) throw badRequest('synthflow', 'every task needs overrideAgentId, the Synthflow model id');
    const placed: string[] = [];
    for (const task of batch.tasks) {
      try {
        const { callId } = await this.createCall({
          assistantId: task.overrideAgentId,
          customerPhone: task.toNumber,
          callVariables: task.dynamicVariables ?? {},
          phoneId: batch.fromNumber,
        });
        placed.push(callId);
      } catch (error) {
        if (placed.length === 0) throw error;
        throw new VoiceProviderError(
          'BAD_REQUEST',
          `synthflow batch stopped after ${placed.length} of ${batch.tasks.length} calls: ${(error as Error).message}`,
          {
            provider: 'synthflow',
            retryable: false,
            status: isVoiceProviderError(error) ? error.status : undefined,
            details: { placedCallIds: placed },
            cause: error,
          },
        );
      }
    }
    return { batchCallId: uuidV5(placed.join(','), BATCH_NAMESPACE) };
  }

  async listCalls({ assistantId, limit, createdAtGte, createdAtLte }: ListCallsQuery): Promise<CanonicalCallRecord[]> {
    if (!assistantId) throw badRequest('synthflow', 'listing calls needs assistantId (Synthflow lists by model)');
    const response = await this.http.request({
      method: 'GET',
      path: '/calls',
      query: { model_id: assistantId, limit, from_date: createdAtGte?.getTime(), to_date: createdAtLte?.getTime() },
      schema: SynthflowCallsResponseSchema,
    });
    return response.response.calls.map((call) => completeRecord('synthflow', call.call_id, mapSynthflowCall(call)));
  }

  async getCall(callId: string): Promise<CanonicalCallRecord> {
    const response = await this.http.request({ method: 'GET', path: `/calls/${encodeURIComponent(callId)}`, schema: SynthflowCallsResponseSchema });
    const call = response.response.calls.find((c) => c.call_id === callId) ?? response.response.calls[0];
    if (!call) throw new VoiceProviderError('NOT_FOUND', `synthflow has no call ${callId}`, { provider: 'synthflow' });
    return completeRecord('synthflow', call.call_id, mapSynthflowCall(call));
  }

  /**
   * The agent's `voicemail_message` {enabled, mode exact_message | prompt} (Synthflow API changelog,
   * 2026-03-18); disabled means hang up. Synthflow notes it needs greeting_message_mode `human`.
   */
  async updateVoicemailAction(agentId: string, action: VoicemailAction): Promise<void> {
    const parsed = VoicemailActionSchema.parse(action);
    const voicemailMessage =
      parsed.type === 'hangup'
        ? { enabled: false }
        : parsed.type === 'static_text'
          ? { enabled: true, mode: 'exact_message', exact_message: parsed.text }
          : { enabled: true, mode: 'prompt', prompt: parsed.text };
    await this.http.request({
      method: 'PUT',
      path: `/assistants/${encodeURIComponent(agentId)}`,
      body: { voicemail_message: voicemailMessage },
      schema: z.unknown(),
    });
  }

  /** A number lists the agents attached to it without saying which direction; the first is reported as inbound. */
  async getPhone(phoneId: string): Promise<PhoneAssignment> {
    if (!this.config.workspaceId) throw badRequest('synthflow', 'reading a phone number needs the workspace id in the adapter config');
    const number = await this.http.request({
      method: 'GET',
      path: `/numbers/${encodeURIComponent(phoneId.replace(/^\+/, ''))}`,
      query: { workspace: this.config.workspaceId },
      schema: SynthflowNumberSchema,
    });
    return { inboundAgentId: number.assistants?.[0] ?? null, outboundAgentId: null, name: number.friendly_name ?? null };
  }

  /**
   * The name is the number's `friendly_name`. Agents are attached from the agent's side: the agent's
   * `phone_number` is set (assumed from the agent document; Synthflow's reference does not show it on
   * PUT /assistants). Detaching and outbound agents are refused.
   */
  async updatePhone(phoneId: string, update: PhoneAssignmentUpdate): Promise<void> {
    if (update.outboundAgentId != null) throw badRequest('synthflow', 'set the outbound agent on the call, not on the number');
    if (update.inboundAgentId === null) throw badRequest('synthflow', 'detaching an agent from a number is not supported through the API adapter');
    const slug = phoneId.replace(/^\+/, '');
    if (update.name !== undefined) {
      await this.http.request({
        method: 'PATCH',
        path: `/numbers/${encodeURIComponent(slug)}`,
        body: { friendly_name: update.name ?? '' },
        schema: z.unknown(),
      });
    }
    if (update.inboundAgentId !== undefined) {
      await this.http.request({
        method: 'PUT',
        path: `/assistants/${encodeURIComponent(update.inboundAgentId)}`,
        body: { phone_number: `+${slug}` },
        schema: z.unknown(),
      });
    }
  }

  /** Not mapped for this platform: the agent's transfer tools are not written to Synthflow (no fake success). */
  async configureTransferTools(): Promise<void> {
    throw new VoiceProviderError('UNSUPPORTED', 'Synthflow does not support configuring transfer tools on its agent from HomeAgent', { provider: 'synthflow' });
  }
}
