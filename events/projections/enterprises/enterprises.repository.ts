import type { Db, Tx } from '../../../prisma/client';
import type { DocumentStore } from '../projection';

export interface EnterpriseDoc {
  id: string;
  name: string;
  admins: string[];
  createdAt: Date;
}

export const enterprisesStore: DocumentStore<EnterpriseDoc> = {
  async load(tx: Tx, id: string) {
    const row = await tx.enterprise.findUnique({ where: { id } });
    return row ? { id: row.id, name: row.name, admins: row.admins, createdAt: row.createdAt } : null;
  },
  async save(tx: Tx, id: string, doc: EnterpriseDoc) {
    await tx.enterprise.upsert({
      where: { id },
      create: { id, name: doc.name, admins: doc.admins, createdAt: doc.createdAt },
      update: { name: doc.name, admins: doc.admins },
    });
  },
  async reset(tx: Tx) {
    await tx.enterprise.deleteMany();
  },
};

export const findEnterprise = (db: Db, id: string) => db.enterprise.findUnique({ where: { id } });

export const listEnterprises = (db: Db) => db.enterprise.findMany({ orderBy: { name: 'asc' } });

/** The enterprises that list this e-mail among their admins. */
export const listEnterprisesAdministeredBy = (db: Db, email: string) => db.enterprise.findMany({ where: { admins: { has: email } }, orderBy: { name: 'asc' } });

export async function isEnterpriseAdministeredBy(db: Db, enterpriseId: string, email: string): Promise<boolean> {
  return (await db.enterprise.count({ where: { id: enterpriseId, admins: { has: email } } })) > 0;
}
