import type { Tx } from '../../../prisma/client';
import type { CapacitySettings } from '../../../domain/capacity/capacity-settings';
import type { DocumentStore } from '../projection';

/** The saved capacity sections; availability_config is kept on the organizations read model instead. */
export type StoredCapacitySettings = Partial<Omit<CapacitySettings, 'availability'>>;

export interface CapacitySettingsDoc {
  orgId: string;
  settings: StoredCapacitySettings;
  streamVersion: number;
  updatedAt: Date;
}

export const capacitySettingsStore: DocumentStore<CapacitySettingsDoc> = {
  async load(tx: Tx, orgId: string) {
    const row = await tx.organizationCapacitySettings.findUnique({ where: { orgId } });
    if (!row) return null;
    return { orgId, settings: row.settings as StoredCapacitySettings, streamVersion: row.streamVersion, updatedAt: row.updatedAt };
  },
  async save(tx: Tx, orgId: string, doc: CapacitySettingsDoc) {
    const fields = { settings: doc.settings as object, streamVersion: doc.streamVersion, updatedAt: doc.updatedAt };
    await tx.organizationCapacitySettings.upsert({ where: { orgId }, create: { orgId, ...fields }, update: fields });
  },
  async reset(tx: Tx) {
    await tx.organizationCapacitySettings.deleteMany();
  },
};
