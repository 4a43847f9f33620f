import type { Db } from '../../prisma/client';
import {
  storedCustomInstructions,
  EMPTY_CUSTOM_INSTRUCTIONS,
  type CompanyProfileFields,
  type CustomInstructions,
} from '../../domain/organization/org-profile.schema';
import { findStoredCapacitySettings } from '../../events/projections/capacity-settings/capacity-settings.repository';
import { companyProfileFieldsOf, findCompanyProfileOf } from '../../events/projections/company-profiles/company-profiles.repository';
import { findStoredCustomInstructions } from '../../events/projections/organizations/organizations.repository';

export interface StoredCompanyProfile extends CompanyProfileFields {
  id: string;
  createdAt: Date;
  updatedAt: Date;
}

/** The company profile and custom instructions read models (001 §2.13, §2.14). */
export function createOrgProfileRepository(db: Db) {
  return {
    async findCompanyProfile(orgId: string): Promise<StoredCompanyProfile | null> {
      const row = await findCompanyProfileOf(db, orgId);
      if (!row) return null;
      return {
        id: row.id,
        ...companyProfileFieldsOf(row),
        createdAt: row.createdAt,
        updatedAt: row.updatedAt,
      };
    },
    /** null for an unknown org; regular_job_to_dispatch comes from the capacity settings it shares with the availability view. */
    async findCustomInstructions(orgId: string): Promise<{ customInstructions: CustomInstructions; regularJobToDispatch: string | null } | null> {
      const [org, capacity] = await Promise.all([findStoredCustomInstructions(db, orgId), findStoredCapacitySettings(db, orgId)]);
      if (!org) return null;
      return {
        customInstructions: storedCustomInstructions(org.customInstructions) ?? EMPTY_CUSTOM_INSTRUCTIONS,
        regularJobToDispatch: capacity?.regular_job_to_dispatch ?? null,
      };
    },
  };
}

export type OrgProfileRepository = ReturnType<typeof createOrgProfileRepository>;
