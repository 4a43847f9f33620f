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
