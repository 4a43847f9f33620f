import { randomBytes, randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import { createVoicePlatformAccountStore } from '../activities/voice/voice-platform-accounts.repository';
import { createSecretBox } from '../lib/secrets/secret-box';
import { createTestDatabase, integrationConfig, type TestDatabase } from '../tests/support/integration';
import { carryOverLegacyVoiceCredentials } from './legacy-voice-credentials';

let t: TestDatabase;
beforeAll(async () => {
  t = await createTestDatabase(integrationConfig());
}, 60_000);
afterAll(async () => {
  await t?.drop();
});

describe('carrying the plaintext voice tables over', () => {
  it('seals every old row into the store, keeps the webhook secret as the tool secret, and drops the old tables', async () => {
    const [a, b] = [randomUUID(), randomUUID()];
    await t.db.$executeRaw`INSERT INTO legacy_voice_provider_secrets (org_id, provider, webhook_secret) VALUES
      (${a}::uuid, 'retell', 'key_retell_webhook_a'), (${a}::uuid, 'vapi', 'vapi-secret-a'), (${b}::uuid, 'bland', 'bland-secret-b')`;
    await t.db.$executeRaw`INSERT INTO legacy_voice_provider_accounts (org_id, provider, api_key, base_url) VALUES
      (${a}::uuid, 'retell', 'key_api_a', 'https://retell.example'), (${b}::uuid, 'sandbox', 'unused', null)`;
    const store = createVoicePlatformAccountStore(t.db, createSecretBox(randomBytes(32)));

    const carried = await carryOverLegacyVoiceCredentials(t.db, store);
    expect(carried.map((c) => `${c.orgId === a ? 'a' : 'b'}/${c.provider}`).sort()).toEqual(['a/retell', 'a/vapi', 'b/bland']);
    expect(await store.find(a, 'retell')).toMatchObject({
      webhookSecret: 'key_retell_webhook_a',
      toolSecret: 'key_retell_webhook_a',
      apiKey: 'key_api_a',
      baseUrl: 'https://retell.example',
      active: true,
    });
    expect(await store.find(a, 'vapi')).toMatchObject({ webhookSecret: 'vapi-secret-a', apiKey: null, active: false });
    expect(await store.findActive(b)).toBeNull(); // the old 'sandbox' account: the default, nothing to carry
    expect(await store.toolSecretsOf(b)).toEqual(['bland-secret-b']);
    const rows = JSON.stringify(await t.db.voicePlatformAccount.findMany());
    for (const secret of ['key_retell_webhook_a', 'vapi-secret-a', 'bland-secret-b', 'key_api_a']) expect(rows).not.toContain(secret);

    const [left] = await t.db.$queryRaw<{ n: number }[]>`SELECT count(*)::int AS n FROM pg_tables WHERE tablename LIKE 'legacy_voice_provider_%'`;
    expect(left.n).toBe(0);
    expect(await carryOverLegacyVoiceCredentials(t.db, store)).toEqual([]); // once
  });
});
