import type { Db, Tx } from '../../../prisma/client';
import type { VerifiedCallerId as VerifiedCallerIdRow } from '../../../prisma/generated/client';
import type { DocumentStore } from '../projection';

/** One organization's caller ID as the read model keeps it; a removed one stays as a tombstone. */
export interface VerifiedCallerIdDoc {
  id: string;
  orgId: string;
  phoneNumber: string;
  friendlyName: string;
  /** Which telephony adapter started its verification (twilio, offline). */
  provider: string;
  /** The provider's caller ID sid once verified. */
  providerId: string | null;
  verified: boolean;
  validationCode: string | null;
  callSid: string | null;
  createdAt: Date;
  updatedAt: Date;
  deletedAt: Date | null;
}

const toDoc = (row: VerifiedCallerIdRow): VerifiedCallerIdDoc => ({
  id: row.id,
  orgId: row.orgId,
  phoneNumber: row.phoneNumber,
  friendlyName: row.friendlyName,
  provider: row.provider,
  providerId: row.providerId,
  verified: row.verified,
  validationCode: row.validationCode,
  callSid: row.callSid,
  createdAt: row.createdAt,
  updatedAt: row.updatedAt,
  deletedAt: row.deletedAt,
});

export const verifiedCallerIdsStore: DocumentStore<VerifiedCallerIdDoc> = {
  async load(tx: Tx, id: string) {
    const row = await tx.verifiedCallerId.findUnique({ where: { id } });
    return row ? toDoc(row) : null;
  },
  async save(tx: Tx, id: string, doc: VerifiedCallerIdDoc) {
    const { id: _id, ...fields } = doc;
    await tx.verifiedCallerId.upsert({ where: { id }, create: { id, ...fields }, update: fields });
  },
  async reset(tx: Tx) {
    await tx.verifiedCallerId.deleteMany();
  },
};

export type VerifiedCallerIdRecord = Omit<VerifiedCallerIdDoc, 'deletedAt'>;

/** The verified caller IDs read model's queries; removed caller IDs are never answered. */
export function createVerifiedCallerIdRepository(db: Db) {
  const live = { deletedAt: null };
  const strip = ({ deletedAt: _d, ...r }: VerifiedCallerIdDoc): VerifiedCallerIdRecord => r;
  return {
    /** The org's caller IDs, oldest first. */
    listByOrg: async (orgId: string): Promise<VerifiedCallerIdRecord[]> =>
      (await db.verifiedCallerId.findMany({ where: { orgId, ...live }, orderBy: [{ createdAt: 'asc' }, { id: 'asc' }] })).map((r) => strip(toDoc(r))),
    async findById(id: string): Promise<VerifiedCallerIdRecord | null> {
      const row = await db.verifiedCallerId.findFirst({ where: { id, ...live } });
      return row ? strip(toDoc(row)) : null;
    },
    async findByOrgAndPhone(orgId: string, phoneNumber: string): Promise<VerifiedCallerIdRecord | null> {
      const row = await db.verifiedCallerId.findFirst({ where: { orgId, phoneNumber, ...live }, orderBy: { createdAt: 'asc' } });
      return row ? strip(toDoc(row)) : null;
    },
    /** The caller ID the provider knows by this sid (several orgs cannot hold one sid: it is per record). */
    async findByProviderId(providerId: string): Promise<VerifiedCallerIdRecord | null> {
      const row = await db.verifiedCallerId.findFirst({ where: { providerId, ...live }, orderBy: { createdAt: 'asc' } });
      return row ? strip(toDoc(row)) : null;
    },
    /** A verified caller ID of this number in any org: what the offline provider has confirmed. */
    async findVerifiedByPhone(phoneNumber: string): Promise<VerifiedCallerIdRecord | null> {
      const row = await db.verifiedCallerId.findFirst({ where: { phoneNumber, verified: true, ...live }, orderBy: { updatedAt: 'asc' } });
      return row ? strip(toDoc(row)) : null;
    },
  };
}

export type VerifiedCallerIdRepository = ReturnType<typeof createVerifiedCallerIdRepository>;
