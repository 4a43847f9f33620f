import type { WebhookEvent } from '../../domain/call/call-event';
import { z } from 'zod';
import type { CanonicalCallRecord, VoiceAgentProvider } from '../../domain/call/call-record.schema';
import type { TransferTool } from '../../domain/contracts/agents.contract';

/**
 * The voice-agent provider port: the /voice-agent webhooks, calls, batch calls, phones and voicemail of
 * spec 000 §7, in one interface per platform. Third-party adapters live in `adapters/<vendor>/`; the
 * in-house LLM pipeline implements the same interface (it may leave out `verifySignature`).
 */

export type WebhookHeaders = Readonly<Record<string, string | readonly string[] | undefined>>;

export interface WebhookInput {
  headers: WebhookHeaders;
  /** The body exactly as received: signatures are computed over these bytes. */
  rawBody: string | Buffer;
  orgId: string;
  /** Used for `occurredAt` only when neither the payload nor its signature carries a time. */
  receivedAt?: Date;
}

export interface SignatureInput {
  headers: WebhookHeaders;
  rawBody: string | Buffer;
  secret: string;
  /** Clock for timestamped signatures; defaults to the adapter's clock. */
  now?: Date;
}

export const VoicemailActionSchema = z.discriminatedUnion('type', [
  z.object({ type: z.literal('hangup') }),
  z.object({ type: z.literal('static_text'), text: z.string().min(1) }),
  z.object({ type: z.literal('prompt'), text: z.string().min(1) }),
]);
/** Spec 000 §3 "Voicemail action": hangup, static_text {text} or prompt {text}. */
export type VoicemailAction = z.infer<typeof VoicemailActionSchema>;

/** Spec 000 §3 "Call creation" (create call). */
export const CreateCallInputSchema = z.object({
  assistantId: z.string().min(1).optional(),
  callVariables: z.record(z.string(), z.string()),
  customerPhone: z.string().min(1),
  allowVoiceMail: z.boolean().optional(),
  /** Our phone number at the provider: its id (Vapi) or the number itself (Retell, Bland, Synthflow). */
  phoneId: z.string().min(1).optional(),
  metadata: z.record(z.string(), z.unknown()).optional(),
});
export type CreateCallInput = z.infer<typeof CreateCallInputSchema>;

/** Spec 000 §3 "Call creation" (batch call), in camelCase; `triggerTimestamp` is epoch milliseconds. */
export const BatchCallInputSchema = z.object({
  fromNumber: z.string().min(1),
  /** Providers that dial from a phone-number id rather than the number (Vapi) need it here. */
  phoneId: z.string().min(1).optional(),
  tasks: z
    .array(
      z.object({
        toNumber: z.string().min(1),
        overrideAgentId: z.string().min(1).optional(),
        dynamicVariables: z.record(z.string(), z.string()).optional(),
      }),
    )
    .min(1),
  name: z.string().min(1).optional(),
  triggerTimestamp: z.number().int().nonnegative().optional(),
});
export type BatchCallInput = z.infer<typeof BatchCallInputSchema>;

/** Spec 000 §7 GET /calls: assistantId, limit, createdAtGte, createdAtLte. */
export interface ListCallsQuery {
  assistantId?: string;
  limit?: number;
  createdAtGte?: Date;
  createdAtLte?: Date;
}

/** Spec 000 §7 GET /phones/{provider}/{phoneId}. */
export interface PhoneAssignment {
  inboundAgentId: string | null;
  outboundAgentId: string | null;
  name: string | null;
}

/** Spec 000 §7 PUT /phones/{provider}/{phoneId}: absent fields stay as they are, `null` unassigns. */
export type PhoneAssignmentUpdate = Partial<PhoneAssignment>;

/**
 * The webhook of one call on a platform that signs less than the body: a URL carrying the call's own token, and
 * `placed`, called once the platform has named the call, which keeps the token for that call id. `placed` never
 * rejects: the call is placed by then, and a failure to keep the token must not make a retried request dial again.
 */
export interface CallWebhook {
  url: string;
  /** Headers the platform is asked to send with each delivery (Vapi's server `headers`). */
  headers?: Record<string, string>;
  placed(providerCallId: string): Promise<void>;
}
export type CallWebhookIssuer = () => CallWebhook;

/**
 * How much of a delivery the vendor's check covers: `body` (an HMAC of the bytes), `call-id` (an HMAC of the
 * call id alone: Synthflow) or `nothing` (a static shared secret: Vapi's X-Vapi-Secret). Less than `body` needs
 * the call's token in the URL as well.
 */
export type SignatureScope = 'body' | 'call-id' | 'nothing';

/** A client's Idempotency-Key: where the provider can honour it, a repeated request places nothing new. */
export interface CallRequestOptions {
  idempotencyKey?: string;
}

export interface VoiceProvider {
  readonly provider: VoiceAgentProvider;
  /** Throws `VoiceProviderError` INVALID_PAYLOAD for a body this provider does not send. */
  parseWebhook(input: WebhookInput): WebhookEvent;
  /** Present where the vendor signs its webhooks. Never throws: a bad or missing signature is `false`. */
  verifySignature?(input: SignatureInput): boolean;
  /** What `verifySignature` covered for a delivery with these headers; absent: the body. */
  signatureScope?(headers: WebhookHeaders): SignatureScope;
  createCall(input: CreateCallInput, options?: CallRequestOptions): Promise<{ callId: string }>;
  createBatchCall(input: BatchCallInput, options?: CallRequestOptions): Promise<{ batchCallId: string }>;
  listCalls(query: ListCallsQuery): Promise<CanonicalCallRecord[]>;
  getCall(callId: string): Promise<CanonicalCallRecord>;
  updateVoicemailAction(agentId: string, action: VoicemailAction): Promise<void>;
  getPhone(phoneId: string): Promise<PhoneAssignment>;
  updatePhone(phoneId: string, update: PhoneAssignmentUpdate): Promise<void>;
  /**
   * Writes the agent's transfer_call tools (000 §3 "Agent tools") onto the platform's own agent, replacing the
   * transfer tools it had and keeping its other tools; an empty list removes them. A platform whose API has no
   * such setting throws UNSUPPORTED.
   */
  configureTransferTools(providerAgentId: string, tools: readonly TransferTool[]): Promise<void>;
}

export const VOICE_PROVIDER_ERROR_CODES = [
  'NOT_FOUND',
  'UNAUTHORIZED',
  'RATE_LIMITED',
  'BAD_REQUEST',
  'UNAVAILABLE',
  'INVALID_SIGNATURE',
  'INVALID_PAYLOAD',
  'UNSUPPORTED',
] as const;
export type VoiceProviderErrorCode = (typeof VOICE_PROVIDER_ERROR_CODES)[number];

const RETRYABLE_BY_DEFAULT: Record<VoiceProviderErrorCode, boolean> = {
  NOT_FOUND: false,
  UNAUTHORIZED: false,
  RATE_LIMITED: true,
  BAD_REQUEST: false,
  UNAVAILABLE: true,
  INVALID_SIGNATURE: false,
  INVALID_PAYLOAD: false,
  UNSUPPORTED: false,
};

export interface VoiceProviderErrorOptions {
  retryable?: boolean;
  status?: number;
  provider?: VoiceAgentProvider;
  /** From a 429's Retry-After, so an activity can wait at least that long. */
  retryAfterMs?: number;
  details?: Record<string, unknown>;
  cause?: unknown;
}

/** The one error every voice-provider adapter throws; `retryable` tells an activity whether to try again. */
export class VoiceProviderError extends Error {
  readonly code: VoiceProviderErrorCode;
  readonly retryable: boolean;
  readonly status?: number;
  readonly provider?: VoiceAgentProvider;
  readonly retryAfterMs?: number;
  readonly details?: Record<string, unknown>;

  constructor(code: VoiceProviderErrorCode, message: string, options: VoiceProviderErrorOptions = {}) {
    super(message, options.cause === undefined ? undefined : { cause: options.cause });
    this.name = 'VoiceProviderError';
    this.code = code;
    this.retryable = options.retryable ?? RETRYABLE_BY_DEFAULT[code];
    this.status = options.status;
    this.provider = options.provider;
    this.retryAfterMs = options.retryAfterMs;
    this.details = options.details;
  }
}

export function isVoiceProviderError(error: unknown): error is VoiceProviderError {
  return error instanceof VoiceProviderError;
}
