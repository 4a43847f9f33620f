import { isVoiceProviderError, type WebhookHeaders } from '../../activities/voice/voice-provider.port';
import type { WebhookEvent } from '../../domain/call/call-event';
import { isTerminalStatus } from '../../domain/call/call-record.schema';
import { VOICE_PLATFORM_NAMES, type VoicePlatform } from '../../domain/voice-platform/voice-platform';
import type { ApiDeps } from '../deps';
import { serviceUnavailable, unauthorized } from '../http/errors';
import type { WebhookParser } from './voice-webhook-parsers';

export interface VoiceDelivery {
  orgId: string;
  /** The platform the delivery says it is from (its path, query or vendor header); null: it names none. */
  provider: VoicePlatform | null;
  headers: WebhookHeaders;
  rawBody: Buffer;
  /** The `call_token` of the URL, when it has one. */
  callToken: string | undefined;
}

export type DeliveryAuthentication =
  /** The org has no webhook secret on any platform (the offline default): unsigned deliveries are accepted. */
  | { signed: false }
  /** Signed over the body, or over less with the call's token still to be checked against the call the body names. */
  | { signed: true; needsCallToken: boolean };

/**
 * Every door a voice platform knocks on (call webhooks, the incoming-call request) is checked the same way: once an
 * organization has a webhook secret for any platform, a delivery must carry a valid signature of a platform it has
 * a secret for; a path naming another platform, or none, is refused. Where the vendor's check covers less than the
 * body, the caller must also bind the body to its call (`bindDeliveryToCall`) once it has read the call id.
 */
export async function authenticateVoiceDelivery(
  deps: ApiDeps,
  parsers: Record<VoicePlatform, WebhookParser>,
  delivery: VoiceDelivery,
): Promise<DeliveryAuthentication> {
  const accounts = await deps.voice.platforms.list(delivery.orgId);
  const signing = accounts.filter((a) => a.webhookSecret !== null);
  if (signing.length === 0) return { signed: false };

  const { provider } = delivery;
  const secret = provider ? signing.find((a) => a.provider === provider)?.webhookSecret : undefined;
  // The message names no platform the org has configured: the caller may be anyone.
  if (!provider || !secret) throw unauthorized('This organization accepts only deliveries signed by a voice platform it has a webhook secret for');
  const parser = parsers[provider];
  if (!parser.verifySignature?.({ headers: delivery.headers, rawBody: delivery.rawBody, secret })) throw unauthorized('Invalid webhook signature');
  const scope = parser.signatureScope?.(delivery.headers) ?? 'body';
  return { signed: true, needsCallToken: scope !== 'body' };
}

/** Where a vendor's record of a call is read: after every delivery the platforms post, so a later read wins the merge. */
const VENDOR_READ_SEQUENCE = 50;

/**
 * The second half for vendors that sign less than the body: the delivery's body must be bound to the call it names.
 * With the URL's token of that call (a call placed through HomeAgent) the posted body is the call's. Without one (an
 * inbound call, a Vapi batch's call, a call whose token was not saved, or a wrong token) the posted body is not
 * trusted at all: the call the signature names is read from the vendor's API with the org's key, and that record is
 * the delivery. A vendor out of reach, or an org without an API key there, is a 503 so the vendor sends it again;
 * nothing is recorded meanwhile.
 */
export async function bindDeliveryToCall(
  deps: ApiDeps,
  delivery: VoiceDelivery & { provider: VoicePlatform },
  posted: WebhookEvent,
  context: { receivedAt: Date; correlationId: string },
): Promise<{ event: WebhookEvent; boundBy: 'call-token' | 'vendor-read' }> {
  const { orgId, provider, callToken } = delivery;
  const callId = posted.providerCallId;
  if (callToken && (await deps.voice.callTokens.matches(orgId, provider, callId, callToken))) return { event: posted, boundBy: 'call-token' };

  const name = VOICE_PLATFORM_NAMES[provider];
  const vendor = await deps.voice.providers.named(orgId, provider, context.correlationId);
  if (!vendor) {
    throw serviceUnavailable(
      `${name} signs less than the body and this delivery has no call token of ours, so call ${callId} must be read from ${name}'s API, and this organization has no ${name} API key: set one on Settings → Voice platforms`,
    );
  }
  let record;
  try {
    record = await vendor.getCall(callId);
  } catch (error) {
    if (!isVoiceProviderError(error)) throw error;
    deps.logger.warn(
      { orgId, provider, providerCallId: callId, code: error.code, status: error.status },
      'voice delivery: the call could not be read from the vendor',
    );
    const retryAfter = error.retryAfterMs !== undefined ? error.retryAfterMs / 1000 : undefined;
    throw serviceUnavailable(
      `Call ${callId} could not be read from ${name}'s API to confirm this delivery (${error.code}); nothing was recorded, send it again`,
      retryAfter,
    );
  }
  // The vendor's answer must be the call the signature named (Synthflow's GET answers a list).
  if (record.providerCallId !== callId) throw serviceUnavailable(`${name}'s API answered another call than ${callId}; nothing was recorded, send it again`);
  return {
    event: {
      orgId,
      kind: isTerminalStatus(record.status) ? 'call_ended' : 'other',
      providerEvent: 'vendor_api_read',
      providerCallId: callId,
      // When it was read: a later read of the same call wins over an earlier one.
      occurredAt: context.receivedAt.toISOString(),
      sequence: VENDOR_READ_SEQUENCE,
      record,
    },
    boundBy: 'vendor-read',
  };
}
