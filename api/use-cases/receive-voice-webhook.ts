import { z } from 'zod';
import { isVoiceProviderError, type WebhookHeaders, type WebhookInput } from '../../activities/voice/voice-provider.port';
import type { ApiDeps } from '../deps';
import { badRequest, notFound, unauthorized } from '../http/errors';
import { createWebhookParsers, detectWebhookProvider, WEBHOOK_PROVIDERS, type WebhookProvider } from './voice-webhook-parsers';

const parsers = createWebhookParsers();
const isUuid = (value: string) => z.uuid().safeParse(value).success;

export interface VoiceWebhookRequest {
  orgId: string;
  /** From the path; absent when it has to be told from the payload. */
  provider?: string;
  headers: WebhookHeaders;
  rawBody: Buffer;
  correlationId: string;
}

/**
 * Spec 000 §7 /voice-agent webhooks. Where the organization has set a webhook secret for the provider, the
 * vendor's signature is required; an organization without one (the offline default) accepts unsigned
 * deliveries. Accepted deliveries go to the call's one interaction workflow.
 */
export async function receiveVoiceWebhook(deps: ApiDeps, req: VoiceWebhookRequest) {
  if (!isUuid(req.orgId) || !(await deps.organizations.findById(req.orgId))) throw notFound('Organization not found');
  if (req.provider !== undefined && !(WEBHOOK_PROVIDERS as readonly string[]).includes(req.provider)) {
    throw badRequest(`Unknown voice provider "${req.provider}"`);
  }
  const input: WebhookInput = { headers: req.headers, rawBody: req.rawBody, orgId: req.orgId, receivedAt: new Date() };

  let provider: WebhookProvider;
  if (req.provider) {
    provider = req.provider as WebhookProvider;
  } else {
    const detected = detectWebhookProvider(parsers, input);
    if (!detected) throw badRequest('Cannot tell the voice provider from this payload; post it to /voice-agent/webhook/{orgId}/{provider}');
    provider = detected.provider;
  }

  const secret = (await deps.voice.platforms.find(req.orgId, provider))?.webhookSecret ?? null;
  const verify = parsers[provider].verifySignature;
  if (secret !== null && verify && !verify.call(parsers[provider], { headers: req.headers, rawBody: req.rawBody, secret })) {
    throw unauthorized('Invalid webhook signature');
  }

  let event;
  try {
    event = parsers[provider].parseWebhook(input);
  } catch (error) {
    if (isVoiceProviderError(error)) throw badRequest(error.message);
    throw error;
  }
  const { workflowId, accepted } = await deps.calls.gateway.deliverCallEvent(provider, event, req.correlationId);
  deps.logger.info({ orgId: req.orgId, provider, providerEvent: event.providerEvent, workflowId, accepted }, 'voice webhook received');
  return { success: true, message: accepted ? 'Delivery accepted' : 'The interaction for this call has already finished' };
}
