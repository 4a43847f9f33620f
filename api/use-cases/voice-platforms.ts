import type { VoicePlatformAccount } from '../../activities/voice/voice-platform-accounts.repository';
import { VOICE_PLATFORM_BODY_FIELDS, type SaveVoicePlatformBody, type VoicePlatformsView } from '../../domain/contracts/voice-platforms.contract';
import {
  applyVoicePlatformChange,
  checkVoicePlatform,
  maskSecret,
  TOOL_SECRET_HEADER,
  VOICE_PLATFORM_NAMES,
  VOICE_PLATFORMS,
  voiceToolUrl,
  voiceWebhookUrl,
  type ActiveVoiceProvider,
  type VoicePlatform,
} from '../../domain/voice-platform/voice-platform';
import type { ApiDeps } from '../deps';
import { badRequest, notFound } from '../http/errors';
import { publishCommand, type CommandOrigin } from '../http/publish-command';

/** What the vendors' consoles are given: PUBLIC_API_URL, else the address the API listens on. */
const apiBaseOf = (deps: ApiDeps) => deps.delivery.publicApiUrl ?? deps.voice.ownApiUrl;

/** Every platform with the URLs to paste into its console and its secrets masked. */
export async function showVoicePlatforms(deps: ApiDeps, orgId: string): Promise<VoicePlatformsView> {
  const accounts = new Map((await deps.voice.platforms.list(orgId)).map((a) => [a.provider, a]));
  const base = apiBaseOf(deps);
  const platforms = VOICE_PLATFORMS.map((provider) => {
    const account: VoicePlatformAccount | undefined = accounts.get(provider);
    return {
      provider,
      name: VOICE_PLATFORM_NAMES[provider],
      active: account?.active ?? false,
      webhookUrl: voiceWebhookUrl(base, orgId, provider),
      toolUrl: voiceToolUrl(base, orgId, provider),
      toolSecretHeader: TOOL_SECRET_HEADER,
      webhookSecret: maskSecret(account?.webhookSecret ?? null),
      toolSecret: maskSecret(account?.toolSecret ?? null),
      apiKey: maskSecret(account?.apiKey ?? null),
      baseUrl: account?.baseUrl ?? null,
      updatedAt: account?.updatedAt.toISOString() ?? null,
    };
  });
  return {
    orgId,
    activeProvider: platforms.find((p) => p.active)?.provider ?? 'sandbox',
    publicApiUrlConfigured: deps.delivery.publicApiUrl !== null,
    platforms,
  };
}

export function voicePlatformNamed(provider: string): ActiveVoiceProvider {
  if (provider === 'sandbox' || (VOICE_PLATFORMS as readonly string[]).includes(provider)) return provider as ActiveVoiceProvider;
  throw notFound(`Unknown voice platform "${provider}"; one of ${[...VOICE_PLATFORMS, 'sandbox'].join(', ')}`);
}

/**
 * Sets or replaces fields of the org's account on a platform (omitted: kept, null: cleared). The sandbox has no
 * credentials: it can only be made active, which leaves every platform inactive.
 */
export async function saveVoicePlatform(
  deps: ApiDeps,
  orgId: string,
  provider: ActiveVoiceProvider,
  body: SaveVoicePlatformBody,
  origin: CommandOrigin,
): Promise<void> {
  const store = deps.voice.platforms;
  if (VOICE_PLATFORM_BODY_FIELDS.every((f) => body[f] === undefined))
    throw badRequest(`Nothing to save: send at least one of ${VOICE_PLATFORM_BODY_FIELDS.join(', ')}`);
  if (provider === 'sandbox') {
    const { active, ...rest } = body;
    if (Object.values(rest).some((v) => v !== undefined)) throw badRequest('The sandbox voice provider has no credentials: send only active');
    if (active !== true) throw badRequest('To stop using the sandbox, make another voice platform active');
    await store.deactivateAll(orgId);
    await published(deps, orgId, 'sandbox', null, origin);
    return;
  }
  const saved = await store.update(orgId, provider, (current) => {
    const checked = checkVoicePlatform(provider, applyVoicePlatformChange(current, body));
    if (!checked.ok) throw badRequest(checked.message);
    return checked.value;
  });
  await published(deps, orgId, provider, saved, origin);
}

async function published(
  deps: ApiDeps,
  orgId: string,
  provider: VoicePlatform | 'sandbox',
  saved: { webhookSecret: string | null; toolSecret: string | null; apiKey: string | null; baseUrl: string | null; active: boolean } | null,
  origin: CommandOrigin,
) {
  await publishCommand(deps.voice.events, origin, [
    {
      type: 'VoicePlatformConfigured',
      aggregateId: orgId,
      orgId,
      data: {
        orgId,
        provider,
        webhookSecretSet: !!saved?.webhookSecret,
        toolSecretSet: !!saved?.toolSecret,
        apiKeySet: !!saved?.apiKey,
        baseUrl: saved?.baseUrl ?? null,
        active: saved ? saved.active : true,
      },
    },
  ]);
}
