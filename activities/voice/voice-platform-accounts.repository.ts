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
  /**
   * Changes the org's account on the platform: `decide` gets what is stored (null: nothing yet) and answers the
   * account to keep, or throws to keep nothing. Changes to one org run one at a time, so two admins saving different
   * fields at once both keep theirs. An active account leaves every other platform of the org inactive.
   */
  update(
    orgId: string,
    provider: VoicePlatform,
    decide: (current: VoicePlatformCredentials | null) => VoicePlatformCredentials,
  ): Promise<VoicePlatformCredentials>;
  /** Replaces the org's account on the platform. */
  save(orgId: string, provider: VoicePlatform, credentials: VoicePlatformCredentials): Promise<void>;
  /** No platform active: the org's calls go to the sandbox. */
  deactivateAll(orgId: string): Promise<void>;
}

type Row = { id: string; provider: string; sealedSecrets: string; baseUrl: string | null; active: boolean; updatedAt: Date };
type Sealed = Pick<VoicePlatformCredentials, 'webhookSecret' | 'toolSecret' | 'apiKey'>;

/** One change to an org's voice platforms at a time (held until the transaction ends). */
const lockOrg = (tx: Pick<Db, '$executeRaw'>, orgId: string) => tx.$executeRaw`SELECT pg_advisory_xact_lock(hashtext(${`voice-platforms:${orgId}`}))`;

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

  const update: VoicePlatformAccountStore['update'] = (orgId, provider, decide) =>
    db.$transaction(async (tx) => {
      await lockOrg(tx, orgId);
      const key = { orgId_provider: { orgId, provider } };
      const row = await tx.voicePlatformAccount.findUnique({ where: key });
      const next = decide(row ? open(row) : null);
      const id = row?.id ?? randomUUID();
      const fields = { sealedSecrets: seal(id, next), baseUrl: next.baseUrl, active: next.active, updatedAt: new Date() };
      // The others first, so the one-active-per-org index never sees two.
      if (next.active) await tx.voicePlatformAccount.updateMany({ where: { orgId, active: true, provider: { not: provider } }, data: { active: false } });
      await tx.voicePlatformAccount.upsert({ where: key, create: { id, orgId, provider, ...fields }, update: fields });
      return next;
    });

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

    update,

    async save(orgId, provider, credentials) {
      await update(orgId, provider, () => credentials);
    },

    async deactivateAll(orgId) {
      await db.$transaction(async (tx) => {
        await lockOrg(tx, orgId);
        await tx.voicePlatformAccount.updateMany({ where: { orgId, active: true }, data: { active: false, updatedAt: new Date() } });
      });
    },
  };
}
