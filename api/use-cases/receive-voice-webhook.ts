import { z } from 'zod';
import { isVoiceProviderError, type WebhookHeaders, type WebhookInput } from '../../activities/voice/voice-provider.port';
import type { ApiDeps } from '../deps';
import { badRequest, notFound } from '../http/errors';
import { authenticateVoiceDelivery, bindDeliveryToCall } from './authenticate-voice-delivery';
import { createWebhookParsers, detectWebhookProvider, WEBHOOK_PROVIDERS, type WebhookProvider } from './voice-webhook-parsers';

const parsers = createWebhookParsers();
const isUuid = (value: string) => z.uuid().safeParse(value).success;

export interface VoiceWebhookRequest {
  orgId: string;
  /** From the path; absent when it has to be told from the payload. */
  provider?: string;
  headers: WebhookHeaders;
  rawBody: Buffer;
  /** The URL's call_token: the per-call token of a call placed on a platform that signs less than the body. */
  callToken?: string;
  correlationId: string;
}

/**
 * Spec 000 §7 /voice-agent webhooks. Once the organization has a webhook secret for any platform, every delivery
 * must be signed by a platform it has a secret for (authenticate-voice-delivery.ts); where the vendor signs less than
 * the body, the body counts only with its call's token, else the call is read from the vendor's API and that record is
 * the delivery (503 while it cannot be read); an organization without secrets (the offline default) accepts
 * unsigned deliveries. Accepted deliveries go to the call's one interaction workflow; a refused one changes nothing.
 */
export async function receiveVoiceWebhook(deps: ApiDeps, req: VoiceWebhookRequest) {
  if (!isUuid(req.orgId) || !(await deps.organizations.exists(req.orgId))) throw notFound('Organization not found');
  if (req.provider !== undefined && !(WEBHOOK_PROVIDERS as readonly string[]).includes(req.provider)) {
    throw badRequest(`Unknown voice provider "${req.provider}"`);
  }
  const receivedAt = new Date();
  const input: WebhookInput = { headers: req.headers, rawBody: req.rawBody, orgId: req.orgId, receivedAt };

  let provider: WebhookProvider;
  if (req.provider) {
    provider = req.provider as WebhookProvider;
  } else {
    const detected = detectWebhookProvider(parsers, input);
    if (!detected) throw badRequest('Cannot tell the voice provider from this payload; post it to /voice-agent/webhook/{orgId}/{provider}');
    provider = detected.provider;
  }

  const delivery = { orgId: req.orgId, provider, headers: req.headers, rawBody: req.rawBody, callToken: req.callToken };
  const auth = await authenticateVoiceDelivery(deps, parsers, delivery);

  let event;
  try {
    event = parsers[provider].parseWebhook(input);
  } catch (error) {
    if (isVoiceProviderError(error)) throw badRequest(error.message);
    throw error;
  }
  let boundBy: 'signature' | 'call-token' | 'vendor-read' | 'unsigned' = auth.signed ? 'signature' : 'unsigned';
  if (auth.signed && auth.needsCallToken) {
    ({ event, boundBy } = await bindDeliveryToCall(deps, delivery, event, { receivedAt, correlationId: req.correlationId }));
  }

  const { workflowId, accepted } = await deps.calls.gateway.deliverCallEvent(provider, event, req.correlationId);
  deps.logger.info({ orgId: req.orgId, provider, providerEvent: event.providerEvent, boundBy, workflowId, accepted }, 'voice webhook received');
  return { success: true, message: accepted ? 'Delivery accepted' : 'The interaction for this call has already finished' };
}
