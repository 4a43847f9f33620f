import { randomUUID } from 'node:crypto';
import type { Db } from '../../prisma/client';
import type { CrmConnection } from '../../domain/crm/crm-config.schema';
import type { SecretBox } from '../../lib/secrets/secret-box';

/** What routing a CRM call needs: the organization's own connection, or null to use the deployment's CRM. */
export interface CrmConnectionSource {
  find(orgId: string): Promise<CrmConnection | null>;
}

export interface CrmConnectionStore extends CrmConnectionSource {
  /** Sets or replaces the organization's connection. */
  save(orgId: string, connection: CrmConnection): Promise<void>;
  /** Before the organization exists: kept under the onboarding's slug (a retried onboarding replaces it). */
  stage(slug: string, connection: CrmConnection): Promise<void>;
  /** An onboarding started again without credentials leaves none behind from an earlier attempt. */
  discardStaged(slug: string): Promise<void>;
  findStaged(slug: string): Promise<CrmConnection | null>;
  /** Moves the staged connection to the organization; true when the org has one afterwards (a repeat finds it attached). */
  attach(slug: string, orgId: string): Promise<boolean>;
}

/** The only reader and writer of crm_connections; crm_config is sealed whole, the row id authenticated with it. */
export function createCrmConnectionStore(db: Db, box: SecretBox): CrmConnectionStore {
  const seal = (id: string, connection: CrmConnection) => box.seal(JSON.stringify(connection.config), id);
  const open = (row: { id: string; crmName: string; sealedConfig: string }) =>
    ({ crmName: row.crmName, config: JSON.parse(box.open(row.sealedConfig, row.id)) }) as CrmConnection;

  /**
   * Sets the row's config sealed under its id. Two first saves at once both pick an id and one of them
   * loses the insert; its value is then sealed again under the id the row kept.
   */
  async function upsertSealed(key: { orgId: string } | { onboardingSlug: string }, connection: CrmConnection): Promise<void> {
    const existing = await db.crmConnection.findUnique({ where: key, select: { id: true } });
    const id = existing?.id ?? randomUUID();
    const row = await db.crmConnection.upsert({
      where: key,
      create: { id, ...key, crmName: connection.crmName, sealedConfig: seal(id, connection) },
      update: { crmName: connection.crmName, sealedConfig: seal(id, connection), updatedAt: new Date() },
      select: { id: true },
    });
    if (row.id !== id) await db.crmConnection.update({ where: { id: row.id }, data: { sealedConfig: seal(row.id, connection) } });
  }

  return {
    async find(orgId) {
      const row = await db.crmConnection.findUnique({ where: { orgId } });
      return row ? open(row) : null;
    },

    async findStaged(slug) {
      const row = await db.crmConnection.findFirst({ where: { onboardingSlug: slug, orgId: null } });
      return row ? open(row) : null;
    },

    save: (orgId, connection) => upsertSealed({ orgId }, connection),

    stage: (slug, connection) => upsertSealed({ onboardingSlug: slug }, connection),

    async discardStaged(slug) {
      await db.crmConnection.deleteMany({ where: { onboardingSlug: slug, orgId: null } });
    },

    async attach(slug, orgId) {
      const { count } = await db.crmConnection.updateMany({
        where: { onboardingSlug: slug, orgId: null },
        data: { orgId, onboardingSlug: null, updatedAt: new Date() },
      });
      return count > 0 || (await db.crmConnection.count({ where: { orgId } })) > 0;
    },
  };
}
