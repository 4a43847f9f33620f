import type { Db } from '../../prisma/client';

export function createVoiceProviderSecretRepository(db: Db) {
  return {
    async findWebhookSecret(orgId: string, provider: string): Promise<string | null> {
      const row = await db.voiceProviderSecret.findUnique({ where: { orgId_provider: { orgId, provider } }, select: { webhookSecret: true } });
      return row?.webhookSecret ?? null;
    },
  };
}

export type VoiceProviderSecretRepository = ReturnType<typeof createVoiceProviderSecretRepository>;

/**
 * Tool calls are authenticated with a secret the org already shares with its voice platform: any of its
 * voice-provider webhook secrets, sent in the X-Tool-Secret header of the platform's tool definition.
 */
export function createVoiceToolAuthRepository(db: Db) {
  return {
    async toolSecretsOf(orgId: string): Promise<string[]> {
      const rows = await db.voiceProviderSecret.findMany({ where: { orgId }, select: { webhookSecret: true } });
      return rows.map((r) => r.webhookSecret);
    },
  };
}

export type VoiceToolAuthRepository = ReturnType<typeof createVoiceToolAuthRepository>;
