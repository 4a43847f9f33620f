import type { Db, Tx } from '../../../prisma/client';
import { Prisma, type CompanyProfile as CompanyProfileRow } from '../../../prisma/generated/client';
import type { CompanyProfileFields } from '../../../domain/organization/org-profile.schema';
import type { DocumentStore } from '../projection';

/** A company_profiles row's profile fields, as the API names them (the API's reads use it too). */
export function companyProfileFieldsOf(row: CompanyProfileRow): CompanyProfileFields {
  return {
    legal_name: row.legalName,
    dba_name: row.dbaName,
    website: row.website,
    privacy_policy: row.privacyPolicy,
    address: row.address as CompanyProfileFields['address'],
    contact_number: row.contactNumber,
    ein: row.ein,
    contact_email: row.contactEmail,
    sms_config: row.smsConfig as CompanyProfileFields['sms_config'],
  };
}

export interface CompanyProfileDoc {
  id: string;
  orgId: string;
  fields: CompanyProfileFields;
  streamVersion: number;
  createdAt: Date;
  updatedAt: Date;
}

const json = (value: unknown) => (value === null ? Prisma.DbNull : (value as object));

/** Keyed by org id: an organization has one profile. */
export const companyProfilesStore: DocumentStore<CompanyProfileDoc> = {
  async load(tx: Tx, orgId: string) {
    const row = await tx.companyProfile.findUnique({ where: { orgId } });
    if (!row) return null;
    return {
      id: row.id,
      orgId: row.orgId,
      fields: companyProfileFieldsOf(row),
      streamVersion: row.streamVersion,
      createdAt: row.createdAt,
      updatedAt: row.updatedAt,
    };
  },
  async save(tx: Tx, orgId: string, doc: CompanyProfileDoc) {
    const f = doc.fields;
    const fields = {
      legalName: f.legal_name,
      dbaName: f.dba_name,
      website: f.website,
      privacyPolicy: f.privacy_policy,
      address: json(f.address),
      contactNumber: f.contact_number,
      ein: f.ein,
      contactEmail: f.contact_email,
      smsConfig: json(f.sms_config),
      streamVersion: doc.streamVersion,
      updatedAt: doc.updatedAt,
    };
    await tx.companyProfile.upsert({ where: { orgId }, create: { id: doc.id, orgId, createdAt: doc.createdAt, ...fields }, update: fields });
  },
  async reset(tx: Tx) {
    await tx.companyProfile.deleteMany();
  },
};

export const findCompanyProfileOf = (db: Db, orgId: string) => db.companyProfile.findUnique({ where: { orgId } });
