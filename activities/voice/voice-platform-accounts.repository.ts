import { randomUUID } from 'node:crypto';
import type { Db } from '../../prisma/client';
import type { SecretBox } from '../../lib/secrets/secret-box';
import { VOICE_PLATFORMS, type VoicePlatform, type VoicePlatformCredentials } from '../../domain/voice-platform/voice-platform';

export interface VoicePlatformAccount extends VoicePlatformCredentials {
  provider: VoicePlatform;
  updatedAt: Date;
}

/** What the webhook check, the tool-call check and the voice-provider directory read. */
export interface VoicePlatformAccountSource {
  find(orgId: string, provider: VoicePlatform): Promise<VoicePlatformAccount | null>;
  /** The platform the org places its calls with; null: the sandbox. */
  findActive(orgId: string): Promise<VoicePlatformAccount | null>;
  /** Every tool secret the org has set, one per platform. */
  toolSecretsOf(orgId: string): Promise<string[]>;
}

export interface VoicePlatformAccountStore extends VoicePlatformAccountSource {
  list(orgId: string): Promise<VoicePlatformAccount[]>;
  /** Replaces the org's account on the platform; an active one leaves every other platform of the org inactive. */
  save(orgId: string, provider: VoicePlatform, credentials: VoicePlatformCredentials): Promise<void>;
  /** No platform active: the org's calls go to the sandbox. */
  deactivateAll(orgId: string): Promise<void>;
}

type Row = { id: string; provider: string; sealedSecrets: string; baseUrl: string | null; active: boolean; updatedAt: Date };
type Sealed = Pick<VoicePlatformCredentials, 'webhookSecret' | 'toolSecret' | 'apiKey'>;

const isPlatform = (provider: string): provider is VoicePlatform => (VOICE_PLATFORMS as readonly string[]).includes(provider);

/**
 * The only reader and writer of voice_platform_accounts. The three secrets are sealed together under the row
 * id, as CRM credentials are (crm-connection.repository.ts), so a copied value does not open on another row.
 */
export function createVoicePlatformAccountStore(db: Db, box: SecretBox): VoicePlatformAccountStore {
  const seal = (id: string, c: Sealed) => box.seal(JSON.stringify({ webhookSecret: c.webhookSecret, toolSecret: c.toolSecret, apiKey: c.apiKey }), id);
  const open = (row: Row): VoicePlatformAccount | null => {
    if (!isPlatform(row.provider)) return null;
    const secrets = JSON.parse(box.open(row.sealedSecrets, row.id)) as Sealed;
    return {
      provider: row.provider,
      webhookSecret: secrets.webhookSecret ?? null,
      toolSecret: secrets.toolSecret ?? null,
      apiKey: secrets.apiKey ?? null,
      baseUrl: row.baseUrl,
      active: row.active,
      updatedAt: row.updatedAt,
    };
  };
  const openAll = (rows: Row[]) => rows.map(open).filter((a): a is VoicePlatformAccount => a !== null);

  return {
    async find(orgId, provider) {
      const row = await db.voicePlatformAccount.findUnique({ where: { orgId_provider: { orgId, provider } } });
      return row ? open(row) : null;
    },

    async findActive(orgId) {
      const row = await db.voicePlatformAccount.findFirst({ where: { orgId, active: true } });
      return row ? open(row) : null;
    },

    async list(orgId) {
      return openAll(await db.voicePlatformAccount.findMany({ where: { orgId }, orderBy: { provider: 'asc' } }));
    },

    async toolSecretsOf(orgId) {
      const accounts = openAll(await db.voicePlatformAccount.findMany({ where: { orgId } }));
      return accounts.flatMap((a) => (a.toolSecret ? [a.toolSecret] : []));
    },

    async save(orgId, provider, credentials) {
      const key = { orgId_provider: { orgId, provider } };
      const id = (await db.voicePlatformAccount.findUnique({ where: key, select: { id: true } }))?.id ?? randomUUID();
      const fields = { baseUrl: credentials.baseUrl, active: credentials.active, updatedAt: new Date() };
      const upsert = db.voicePlatformAccount.upsert({
        where: key,
        create: { id, orgId, provider, sealedSecrets: seal(id, credentials), ...fields },
        update: { sealedSecrets: seal(id, credentials), ...fields },
        select: { id: true },
      });
      // The others first, so the one-active-per-org index never sees two.
      const row = credentials.active
        ? (await db.$transaction([db.voicePlatformAccount.updateMany({ where: { orgId, provider: { not: provider } }, data: { active: false } }), upsert]))[1]
        : await upsert;
      // Two first saves at once: the one that lost the insert sealed under an id the row did not keep.
      if (row.id !== id) await db.voicePlatformAccount.update({ where: { id: row.id }, data: { sealedSecrets: seal(row.id, credentials) } });
    },

    async deactivateAll(orgId) {
      await db.voicePlatformAccount.updateMany({ where: { orgId, active: true }, data: { active: false, updatedAt: new Date() } });
    },
  };
}
