import type { Db, Tx } from '../../../prisma/client';
import type { DocumentStore } from '../projection';
import type { AudienceSource } from '../../../domain/crm/audience-source';

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

export interface AudienceStatusRow {
  id: string;
  orgId: string;
  creationStatus: string;
  source: string;
  isFileUpload: boolean;
  rules: unknown;
  memberCount: number;
  error: string | null;
  requestedAt: Date;
  completedAt: Date | null;
  updatedAt: Date;
  /** The requested page of the member customer ids, in the order the CRM gave them. */
  memberIds: string[];
}

/** The audiences read model: an audience's build status and a page of its members. */
export function createAudienceRepository(db: Db) {
  return {
    async ownerOf(audienceId: string): Promise<string | null> {
      const row = await db.audience.findUnique({ where: { id: audienceId }, select: { orgId: true } });
      return row?.orgId ?? null;
    },

    async findStatus(orgId: string, audienceId: string, page: { offset: number; limit: number }): Promise<AudienceStatusRow | null> {
      // Only the page of members leaves the database: an audience can hold tens of thousands.
      const rows = await db.$queryRaw<(Omit<AudienceStatusRow, 'memberIds'> & { memberIds: string[] | null })[]>`
        SELECT id, org_id AS "orgId", creation_status AS "creationStatus", source, is_file_upload AS "isFileUpload", rules,
               member_count AS "memberCount", error, requested_at AS "requestedAt", completed_at AS "completedAt", updated_at AS "updatedAt",
               member_ids[${page.offset + 1}:${page.offset + page.limit}] AS "memberIds"
        FROM audiences WHERE id = ${audienceId}::uuid AND org_id = ${orgId}::uuid`;
      const row = rows[0];
      return row ? { ...row, memberIds: row.memberIds ?? [] } : null;
    },
  };
}

export type AudienceRepository = ReturnType<typeof createAudienceRepository>;
