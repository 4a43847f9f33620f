import type { WebhookHeaders } from '../../activities/voice/voice-provider.port';
import { VOICE_PLATFORM_NAMES, type VoicePlatform } from '../../domain/voice-platform/voice-platform';
import type { ApiDeps } from '../deps';
import { unauthorized } from '../http/errors';
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
 * body, the caller must also check the call's token (`checkCallToken`) once it has read the call id.
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

/**
 * The second half for vendors that sign less than the body: the URL's token must be the one issued for the call the
 * body names (the call id Synthflow signs, or any call id under Vapi's static secret).
 */
export async function checkCallToken(deps: ApiDeps, delivery: VoiceDelivery & { provider: VoicePlatform }, providerCallId: string): Promise<void> {
  const name = VOICE_PLATFORM_NAMES[delivery.provider];
  if (!delivery.callToken) {
    throw unauthorized(
      `${name} signs less than the body: a delivery needs the call's token (call_token) from the webhook URL of a call placed through HomeAgent`,
    );
  }
  if (!(await deps.voice.callTokens.matches(delivery.orgId, delivery.provider, providerCallId, delivery.callToken))) {
    throw unauthorized(`The call_token is not the one issued for ${name} call ${providerCallId}`);
  }
}
