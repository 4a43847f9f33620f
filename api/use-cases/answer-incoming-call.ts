import { isVoiceProviderError, type WebhookHeaders } from '../../activities/voice/voice-provider.port';
import type { VoicePlatform } from '../../domain/voice-platform/voice-platform';
import type { ApiDeps } from '../deps';
import { authenticateVoiceDelivery } from './authenticate-voice-delivery';
import { createWebhookParsers, providerNamedByHeaders } from './voice-webhook-parsers';

const parsers = createWebhookParsers();

export interface IncomingCallRequest {
  org: { id: string; name: string };
  /** `?provider=`; else told from the vendor's signing header. */
  provider: VoicePlatform | undefined;
  headers: WebhookHeaders;
  rawBody: Buffer;
  numbers: { from_number: string; to_number: string };
  correlationId: string;
}

/**
 * Spec 000 §7 POST /incoming-call/{orgId}: which agent answers a call to one of the org's numbers. It is checked as
 * the call webhooks are (an org with any webhook secret answers only a delivery signed by one of its platforms), since
 * the answer names the organization and its agent. It changes nothing, so no call token is asked: none exists yet.
 */
export async function answerIncomingCall(deps: ApiDeps, req: IncomingCallRequest) {
  await authenticateVoiceDelivery(deps, parsers, {
    orgId: req.org.id,
    provider: req.provider ?? providerNamedByHeaders(req.headers),
    headers: req.headers,
    rawBody: req.rawBody,
    callToken: undefined,
  });
  const provider = await deps.voice.providers.forOrganization(req.org.id, req.correlationId);
  let agentId: string | null = null;
  try {
    agentId = (await provider.getPhone(req.numbers.to_number)).inboundAgentId;
  } catch (error) {
    if (!isVoiceProviderError(error) || error.code !== 'NOT_FOUND') throw error;
  }
  return {
    call_inbound: {
      ...(agentId ? { override_agent_id: agentId } : {}),
      dynamic_variables: { from_number: req.numbers.from_number, to_number: req.numbers.to_number, company_name: req.org.name },
      metadata: { org_id: req.org.id },
    },
  };
}
