import { BlandVoiceProvider } from '../../activities/voice/adapters/bland/bland.adapter';
import { RetellVoiceProvider } from '../../activities/voice/adapters/retell/retell.adapter';
import { SynthflowVoiceProvider } from '../../activities/voice/adapters/synthflow/synthflow.adapter';
import { VapiVoiceProvider } from '../../activities/voice/adapters/vapi/vapi.adapter';
import type { VoiceAgentProvider } from '../../domain/call/call-record.schema';
import type { VoiceProvider, WebhookInput } from '../../activities/voice/voice-provider.port';
import type { WebhookEvent } from '../../domain/call/call-event';

/** The webhook half of each third-party adapter; parsing and signature checks need no API key. */
export type WebhookParser = Pick<VoiceProvider, 'provider' | 'parseWebhook' | 'verifySignature' | 'signatureScope'>;

export const WEBHOOK_PROVIDERS = ['retell', 'vapi', 'bland', 'synthflow'] as const satisfies readonly VoiceAgentProvider[];
export type WebhookProvider = (typeof WEBHOOK_PROVIDERS)[number];

export function createWebhookParsers(now?: () => Date): Record<WebhookProvider, WebhookParser> {
  return {
    retell: new RetellVoiceProvider({ apiKey: '', now }),
    vapi: new VapiVoiceProvider({ apiKey: '', now }),
    bland: new BlandVoiceProvider({ apiKey: '', now }),
    synthflow: new SynthflowVoiceProvider({ apiKey: '', now }),
  };
}

// The header each vendor signs or authenticates with: a delivery that carries one says who sent it.
const PROVIDER_HEADERS: Record<WebhookProvider, readonly string[]> = {
  retell: ['x-retell-signature'],
  vapi: ['x-vapi-secret', 'x-vapi-signature'],
  bland: ['x-webhook-signature'],
  synthflow: ['synthflow-signature', 'http_synthflow_signature', 'http-synthflow-signature'],
};

/** The one platform whose signing header the delivery carries; null when none or several. */
export function providerNamedByHeaders(headers: WebhookInput['headers']): WebhookProvider | null {
  const names = new Set(Object.keys(headers).map((h) => h.toLowerCase()));
  const named = WEBHOOK_PROVIDERS.filter((p) => PROVIDER_HEADERS[p].some((h) => names.has(h)));
  return named.length === 1 ? named[0] : null;
}

/**
 * The provider of a delivery posted without one in the path: named by a vendor header, or the one
 * whose payload shape this is (Synthflow's loose shape also reads Retell's, so headers come first).
 * Null when it cannot be told apart.
 */
export function detectWebhookProvider(
  parsers: Record<WebhookProvider, WebhookParser>,
  input: WebhookInput,
): { provider: WebhookProvider; event: WebhookEvent } | null {
  const byHeader = providerNamedByHeaders(input.headers);
  const candidates = byHeader ? [byHeader] : WEBHOOK_PROVIDERS;
  const matches: { provider: WebhookProvider; event: WebhookEvent }[] = [];
  for (const provider of candidates) {
    try {
      matches.push({ provider, event: parsers[provider].parseWebhook(input) });
    } catch {
      // not this provider's shape
    }
  }
  return matches.length === 1 ? matches[0] : null;
}
