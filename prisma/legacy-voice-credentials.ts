import type { Db } from './client';
import type { VoicePlatformAccountStore } from '../activities/voice/voice-platform-accounts.repository';
import { VOICE_PLATFORMS, type VoicePlatform, type VoicePlatformCredentials } from '../domain/voice-platform/voice-platform';

export interface CarriedOverAccount {
  orgId: string;
  provider: VoicePlatform;
  credentials: VoicePlatformCredentials;
}

const isPlatform = (provider: string): provider is VoicePlatform => (VOICE_PLATFORMS as readonly string[]).includes(provider);

/**
 * One-off, at start-up: the plaintext tables the voice_platform_accounts migration set aside (legacy_voice_provider_secrets,
 * legacy_voice_provider_accounts) are sealed into the store and dropped. SQL cannot seal, so the migration could not.
 * A webhook secret also becomes the tool secret, since tool calls were authorized by it until now. A 'sandbox'
 * account row carries nothing: the sandbox is what an org without an active platform uses.
 */
export async function carryOverLegacyVoiceCredentials(db: Db, store: VoicePlatformAccountStore): Promise<CarriedOverAccount[]> {
  const [tables] = await db.$queryRaw<{ secrets: boolean; accounts: boolean }[]>`
    SELECT to_regclass('legacy_voice_provider_secrets') IS NOT NULL AS secrets, to_regclass('legacy_voice_provider_accounts') IS NOT NULL AS accounts`;
  if (!tables.secrets && !tables.accounts) return [];
  const secrets = tables.secrets
    ? await db.$queryRaw<{ org_id: string; provider: string; webhook_secret: string }[]>`
        SELECT org_id::text, provider, webhook_secret FROM legacy_voice_provider_secrets`
    : [];
  const accounts = tables.accounts
    ? await db.$queryRaw<{ org_id: string; provider: string; api_key: string; base_url: string | null }[]>`
        SELECT org_id::text, provider, api_key, base_url FROM legacy_voice_provider_accounts`
    : [];

  const changes = new Map<string, CarriedOverAccount>();
  const change = (orgId: string, provider: VoicePlatform) => {
    const key = `${orgId}/${provider}`;
    if (!changes.has(key))
      changes.set(key, { orgId, provider, credentials: { webhookSecret: null, toolSecret: null, apiKey: null, baseUrl: null, active: false } });
    return changes.get(key)!.credentials;
  };
  for (const row of secrets) {
    if (!isPlatform(row.provider)) continue;
    Object.assign(change(row.org_id, row.provider), { webhookSecret: row.webhook_secret, toolSecret: row.webhook_secret });
  }
  for (const row of accounts) {
    if (!isPlatform(row.provider)) continue;
    Object.assign(change(row.org_id, row.provider), { apiKey: row.api_key, baseUrl: row.base_url, active: true });
  }

  const carried: CarriedOverAccount[] = [];
  for (const account of changes.values()) {
    // The API starts after this step, so nothing is set yet; a re-run after a crash keeps what it already carried.
    if (await store.find(account.orgId, account.provider)) continue;
    await store.save(account.orgId, account.provider, account.credentials);
    carried.push(account);
  }
  await db.$executeRaw`DROP TABLE IF EXISTS legacy_voice_provider_secrets`;
  await db.$executeRaw`DROP TABLE IF EXISTS legacy_voice_provider_accounts`;
  return carried;
}
