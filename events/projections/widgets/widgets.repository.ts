import type { Db, Tx } from '../../../prisma/client';
import type { Widget as WidgetRow } from '../../../prisma/generated/client';
import type { WidgetSettings } from '../../../domain/contracts/widget.contract';
import type { DocumentStore } from '../projection';

/** One widget as the read model keeps it: its org, every setting staff set, and when. */
export interface WidgetDoc {
  id: string;
  orgId: string;
  settings: WidgetSettings;
  createdAt: Date;
  updatedAt: Date;
}

const toDoc = (row: WidgetRow): WidgetDoc => ({
  id: row.id,
  orgId: row.orgId,
  // Written only by this projection from events whose settings the routes validated.
  settings: row.settings as unknown as WidgetSettings,
  createdAt: row.createdAt,
  updatedAt: row.updatedAt,
});

export const widgetsStore: DocumentStore<WidgetDoc> = {
  async load(tx: Tx, id: string) {
    const row = await tx.widget.findUnique({ where: { id } });
    return row ? toDoc(row) : null;
  },
  async save(tx: Tx, id: string, doc: WidgetDoc) {
    const fields = { orgId: doc.orgId, settings: doc.settings as object, createdAt: doc.createdAt, updatedAt: doc.updatedAt };
    await tx.widget.upsert({ where: { id }, create: { id, ...fields }, update: fields });
  },
  async reset(tx: Tx) {
    await tx.widget.deleteMany();
  },
};

/** The widgets read model's queries. */
export function createWidgetRepository(db: Db) {
  return {
    async findById(id: string): Promise<WidgetDoc | null> {
      const row = await db.widget.findUnique({ where: { id } });
      return row ? toDoc(row) : null;
    },
    /** The org's widgets, oldest first. */
    listByOrg: async (orgId: string): Promise<WidgetDoc[]> =>
      (await db.widget.findMany({ where: { orgId }, orderBy: [{ createdAt: 'asc' }, { id: 'asc' }] })).map(toDoc),
  };
}

export type WidgetRepository = ReturnType<typeof createWidgetRepository>;
