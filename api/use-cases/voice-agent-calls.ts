import { isVoiceProviderError, type VoiceProvider } from '../../activities/voice/voice-provider.port';
import type { InteractionGateway } from './interaction-gateway.port';
import type { OutboundProvider } from '../../activities/voice/voice-provider-directory';
import type { ApiDeps } from '../deps';
import { badRequest, notFound } from '../http/errors';
import { type WebhookEvent } from '../../domain/call/call-event';

/**
 * Runs one /voice-agent call against the org's voice platform. The platform's "not found" is our 404
 * with the common body; its refusals of our input are 400s; outages and auth failures stay 500s.
 */
export async function withOrgVoiceProvider<T>(
  deps: ApiDeps,
  orgId: string,
  correlationId: string,
  run: (provider: VoiceProvider) => Promise<T>,
  opts: { provider?: OutboundProvider; notFoundMessage?: string } = {},
): Promise<T> {
  const provider = opts.provider
    ? await deps.voice.providers.named(orgId, opts.provider, correlationId)
    : await deps.voice.providers.forOrganization(orgId, correlationId);
  if (!provider) throw badRequest(`This organization has no ${opts.provider} account`);
  try {
    return await run(provider);
  } catch (error) {
    if (isVoiceProviderError(error)) {
      if (error.code === 'NOT_FOUND') throw notFound(opts.notFoundMessage ?? 'Not found');
      if (error.code === 'BAD_REQUEST' || error.code === 'INVALID_PAYLOAD') throw badRequest(error.message);
    }
    throw error;
  }
}

/** A client's Idempotency-Key header, scoped by the route so one key cannot collide across routes. */
export function idempotencyKeyOf(header: string | undefined, scope: string): string | undefined {
  const key = header?.trim();
  return key ? `${scope}:${key.slice(0, 200)}` : undefined;
}

/** The sandbox platform's call events enter the interaction path exactly as an accepted webhook does. */
export const deliverThrough =
  (gateway: InteractionGateway) =>
  async (event: WebhookEvent, correlationId: string): Promise<void> => {
    await gateway.deliverCallEvent('sandbox', event, correlationId);
  };
