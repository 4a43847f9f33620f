import type { Tx } from '../../../prisma/client';
import type { AudienceSource } from '../../schemas/audience.events';
import type { DocumentStore } from '../projection';

export type AudienceCreationStatus = 'PENDING' | 'COMPLETE' | 'ERRORED';

export interface AudienceDoc {
  id: string;
  orgId: string;
  buildId: string;
  creationStatus: AudienceCreationStatus;
  source: AudienceSource;
  isFileUpload: boolean;
  rules: Record<string, unknown>;
  memberIds: string[];
  memberCount: number;
  error: string | null;
  requestedAt: Date;
  completedAt: Date | null;
  updatedAt: Date;
}

export const audiencesStore: DocumentStore<AudienceDoc> = {
  async load(tx: Tx, id: string) {
    const row = await tx.audience.findUnique({ where: { id } });
    if (!row) return null;
    return {
      ...row,
      creationStatus: row.creationStatus as AudienceCreationStatus,
      source: row.source as AudienceSource,
      rules: row.rules as Record<string, unknown>,
    };
  },
  async save(tx: Tx, id: string, doc: AudienceDoc) {
    const { id: _id, rules, ...fields } = doc;
    const data = { ...fields, rules: rules as object };
    await tx.audience.upsert({ where: { id }, create: { id, ...data }, update: data });
  },
  async reset(tx: Tx) {
    await tx.audience.deleteMany();
  },
};
