import { randomBytes } from 'node:crypto';
import type { Db } from '../../prisma/client';
import type { SecretBox } from '../../lib/secrets/secret-box';
import type { VoicePlatform } from '../../domain/voice-platform/voice-platform';
import { safeEqual } from './webhook-signature';

/**
 * Per-call tokens for platforms that sign less than the body. A token goes into the webhook URL of the call we
 * place and is kept, sealed, under the platform's call id once the platform has answered with it; a delivery is
 * accepted only with the token of the call its body names.
 */
export interface VoiceCallTokenStore {
  /** A fresh token (192 random bits, base64url) for a call about to be placed. */
  issue(): string;
  /** Keeps the token of a placed call; a repeated bind (a retried create) keeps the first. */
  bind(orgId: string, provider: VoicePlatform, providerCallId: string, token: string): Promise<void>;
  /** True when `token` is the one issued for this call of this org. */
  matches(orgId: string, provider: VoicePlatform, providerCallId: string, token: string): Promise<boolean>;
}

const contextOf = (orgId: string, provider: string, providerCallId: string) => `voice-call-token:${orgId}:${provider}:${providerCallId}`;

export function createVoiceCallTokenStore(db: Db, box: SecretBox): VoiceCallTokenStore {
  return {
    issue: () => randomBytes(24).toString('base64url'),

    async bind(orgId, provider, providerCallId, token) {
      const sealedToken = box.seal(token, contextOf(orgId, provider, providerCallId));
      await db.voiceCallToken.upsert({
        where: { orgId_provider_providerCallId: { orgId, provider, providerCallId } },
        create: { orgId, provider, providerCallId, sealedToken },
        update: {},
      });
    },

    async matches(orgId, provider, providerCallId, token) {
      const row = await db.voiceCallToken.findUnique({ where: { orgId_provider_providerCallId: { orgId, provider, providerCallId } } });
      if (!row) return false;
      return safeEqual(box.open(row.sealedToken, contextOf(orgId, provider, providerCallId)), token);
    },
  };
}
