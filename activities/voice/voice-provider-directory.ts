import type { Db } from '../../prisma/client';
import type { Logger } from '../../lib/logger';
import { BlandVoiceProvider } from './adapters/bland/bland.adapter';
import { RetellVoiceProvider } from './adapters/retell/retell.adapter';
import { SandboxVoiceProvider } from './adapters/sandbox/sandbox-voice.adapter';
import { SynthflowVoiceProvider } from './adapters/synthflow/synthflow.adapter';
import { VapiVoiceProvider } from './adapters/vapi/vapi.adapter';
import type { VoiceAgentProvider } from '../../domain/call/call-record.schema';
import type { CallWebhookIssuer, VoiceProvider } from './voice-provider.port';
import type { VoiceCallTokenStore } from './voice-call-tokens.repository';
import { voiceCallWebhookUrl, type VoicePlatform } from '../../domain/voice-platform/voice-platform';
import type { WebhookEvent } from '../../domain/call/call-event';
import type { VoicePlatformAccount, VoicePlatformAccountSource } from './voice-platform-accounts.repository';

/** Voice platforms an organization can place calls through (the in-house agent places web calls only). */
export const OUTBOUND_PROVIDERS = ['retell', 'vapi', 'bland', 'synthflow', 'sandbox'] as const satisfies readonly VoiceAgentProvider[];
export type OutboundProvider = (typeof OUTBOUND_PROVIDERS)[number];

export interface VoiceProviderDirectoryDeps {
  db: Db;
  /** The orgs' platform accounts (API key, base URL, which one is active), set on Settings → Voice platforms. */
  accounts: Pick<VoicePlatformAccountSource, 'find' | 'findActive'>;
  /** Where the sandbox's call events go: the interaction gateway, as a platform's webhook would. */
  deliver: (event: WebhookEvent, correlationId: string) => Promise<void>;
  fetch?: typeof fetch;
  /**
   * Per-call webhook tokens: calls placed on Synthflow and Vapi (whose checks cover less than the body) carry their
   * own webhook URL under `apiBaseUrl` with a token kept in `store`. Absent: the platforms' console URLs are used.
   */
  callTokens?: { store: VoiceCallTokenStore; apiBaseUrl: string };
  /** Told when a placed call's token could not be kept (the call is placed; its deliveries are read from the vendor). */
  logger?: Pick<Logger, 'warn'>;
}

export interface VoiceProviderDirectory {
  /** The org's active platform, or the sandbox when it has none (or the active one has no API key). */
  forOrganization(orgId: string, correlationId: string): Promise<VoiceProvider>;
  /** A named platform of the org: null when it has no API key there (the sandbox needs none). */
  named(orgId: string, provider: OutboundProvider, correlationId: string): Promise<VoiceProvider | null>;
  sandbox(orgId: string, correlationId: string): SandboxVoiceProvider;
}

export function createVoiceProviderDirectory({ db, accounts, deliver, fetch, callTokens, logger }: VoiceProviderDirectoryDeps): VoiceProviderDirectory {
  const sandbox = (orgId: string, correlationId: string) => new SandboxVoiceProvider({ db, orgId, deliver: (event) => deliver(event, correlationId) });

  const callWebhookOf = (orgId: string, provider: VoicePlatform, headers?: Record<string, string>): CallWebhookIssuer | undefined => {
    if (!callTokens) return undefined;
    return () => {
      const token = callTokens.store.issue();
      return {
        url: voiceCallWebhookUrl(callTokens.apiBaseUrl, orgId, provider, token),
        ...(headers ? { headers } : {}),
        // The platform has dialled by now: a failed save must not fail the request, or its retry would dial again.
        // Without the token the call's deliveries are bound by reading the call from the platform's API instead.
        placed: async (providerCallId) => {
          try {
            await callTokens.store.bind(orgId, provider, providerCallId, token);
          } catch (error) {
            logger?.warn({ orgId, provider, providerCallId, error: (error as Error).message }, 'placed call: its webhook token was not kept');
          }
        },
      };
    };
  };

  const build = (orgId: string, account: VoicePlatformAccount | null): VoiceProvider | null => {
    if (!account?.apiKey) return null;
    const config = { apiKey: account.apiKey, ...(account.baseUrl ? { baseUrl: account.baseUrl } : {}), fetch };
    switch (account.provider) {
      case 'retell':
        return new RetellVoiceProvider(config);
      case 'vapi': {
        // The call's own server replaces the assistant's, so the secret Vapi presents is sent along with it.
        const secretHeader = account.webhookSecret ? { 'X-Vapi-Secret': account.webhookSecret } : undefined;
        return new VapiVoiceProvider({ ...config, callWebhook: callWebhookOf(orgId, 'vapi', secretHeader) });
      }
      case 'bland':
        return new BlandVoiceProvider(config);
      case 'synthflow':
        return new SynthflowVoiceProvider({ ...config, callWebhook: callWebhookOf(orgId, 'synthflow') });
    }
  };

  return {
    async forOrganization(orgId, correlationId) {
      return build(orgId, await accounts.findActive(orgId)) ?? sandbox(orgId, correlationId);
    },
    async named(orgId, provider, correlationId) {
      if (provider === 'sandbox') return sandbox(orgId, correlationId);
      return build(orgId, await accounts.find(orgId, provider));
    },
    sandbox,
  };
}
