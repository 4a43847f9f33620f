import { z } from 'zod';
import type { VoiceAgentProvider } from '../call/call-record.schema';
import type { ValidationResult } from '../validation/result';

/** The third-party voice platforms an organization holds credentials on (they post webhooks and call the tools). */
export const VOICE_PLATFORMS = ['retell', 'vapi', 'bland', 'synthflow'] as const satisfies readonly VoiceAgentProvider[];
export const VoicePlatformSchema = z.enum(VOICE_PLATFORMS);
export type VoicePlatform = z.infer<typeof VoicePlatformSchema>;

/** What an organization places its calls with: one of its platforms, or the offline sandbox when none is active. */
export const ACTIVE_VOICE_PROVIDERS = [...VOICE_PLATFORMS, 'sandbox'] as const satisfies readonly VoiceAgentProvider[];
export const ActiveVoiceProviderSchema = z.enum(ACTIVE_VOICE_PROVIDERS);
export type ActiveVoiceProvider = z.infer<typeof ActiveVoiceProviderSchema>;

export const VOICE_PLATFORM_NAMES: Record<ActiveVoiceProvider, string> = {
  retell: 'Retell AI',
  vapi: 'Vapi',
  bland: 'Bland AI',
  synthflow: 'Synthflow',
  sandbox: 'Sandbox (offline)',
};

/** The header a platform's tool definition sends the tool secret in. */
export const TOOL_SECRET_HEADER = 'X-Tool-Secret';

export const VOICE_PLATFORM_SECRET_FIELDS = ['webhookSecret', 'toolSecret', 'apiKey'] as const;
export type VoicePlatformSecretField = (typeof VOICE_PLATFORM_SECRET_FIELDS)[number];

/** An organization's account on one platform, secrets in the clear (only the store and the code that uses them see this). */
export interface VoicePlatformCredentials {
  /** Checks the platform's webhook signatures; none: unsigned deliveries are accepted. */
  webhookSecret: string | null;
  /** What the platform's tool definitions present in X-Tool-Secret. */
  toolSecret: string | null;
  /** Our calls to the platform's API (outbound calls, phone numbers, recordings). */
  apiKey: string | null;
  baseUrl: string | null;
  active: boolean;
}

export const NO_CREDENTIALS: VoicePlatformCredentials = { webhookSecret: null, toolSecret: null, apiKey: null, baseUrl: null, active: false };

/** A change: an omitted field keeps its value, null clears it. */
export type VoicePlatformChange = Partial<VoicePlatformCredentials>;

export function applyVoicePlatformChange(current: VoicePlatformCredentials | null, change: VoicePlatformChange): VoicePlatformCredentials {
  const base = current ?? NO_CREDENTIALS;
  const pick = <K extends keyof VoicePlatformCredentials>(key: K): VoicePlatformCredentials[K] => (change[key] === undefined ? base[key] : change[key]!);
  return {
    webhookSecret: pick('webhookSecret'),
    toolSecret: pick('toolSecret'),
    apiKey: pick('apiKey'),
    baseUrl: pick('baseUrl'),
    active: pick('active'),
  };
}

/** The platform's API is called with the key, so a platform without one cannot place the org's calls. */
export function checkVoicePlatform(provider: VoicePlatform, next: VoicePlatformCredentials): ValidationResult<VoicePlatformCredentials> {
  if (next.active && !next.apiKey) return { ok: false, message: `${VOICE_PLATFORM_NAMES[provider]} needs an apiKey to be the active voice provider` };
  return { ok: true, value: next };
}

/** As CRM secrets are shown: the last four characters of a long secret, nothing of a short one. */
export function maskSecret(secret: string | null): string | null {
  if (secret === null) return null;
  return secret.length >= 16 ? `****${secret.slice(-4)}` : '****';
}

/** Where the platform posts its call webhooks (spec 000 §7 /voice-agent). */
export function voiceWebhookUrl(apiBaseUrl: string, orgId: string, provider: VoicePlatform): string {
  return `${apiBaseUrl.replace(/\/$/, '')}/voice-agent/webhook/${orgId}/${provider}`;
}

/** The query parameter that carries a call's own token on the webhook URL of a call we placed. */
export const CALL_TOKEN_PARAM = 'call_token';

/** The webhook URL of one call we placed on a platform that signs less than the body: the platform's URL and the call's token. */
export function voiceCallWebhookUrl(apiBaseUrl: string, orgId: string, provider: VoicePlatform, token: string): string {
  return `${voiceWebhookUrl(apiBaseUrl, orgId, provider)}?${CALL_TOKEN_PARAM}=${encodeURIComponent(token)}`;
}

/**
 * Where the platform's tool definitions point (spec 000 §7: "most carry the query doNotService"). `provider` names
 * whose request shape the body is: Bland's and Synthflow's configured bodies look like ours.
 */
export function voiceToolUrl(apiBaseUrl: string, orgId: string, provider: VoicePlatform): string {
  return `${apiBaseUrl.replace(/\/$/, '')}/voice-agent/tool/${orgId}?doNotService=true&provider=${provider}`;
}
