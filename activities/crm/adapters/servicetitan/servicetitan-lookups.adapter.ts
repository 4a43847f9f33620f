import { z } from 'zod';
import type { ReferenceChanges } from '../../cached-crm';
import type { ServiceTitanClient } from './servicetitan-client';
import { StBusinessUnitSchema, StTagTypeSchema, StJobTypeSchema } from './servicetitan.types';
import { toBusinessUnit, toJobType, REFERENCE_ENDPOINTS, type ServiceTitanCrm } from './servicetitan-mapping';
import { type CrmLookupsPort } from '../../crm.port';

/** The lookups (reference data) part of the CRM port over ServiceTitan. */
export function serviceTitanLookups(client: ServiceTitanClient) {
  return {
    async referenceChangesSince(kind, since) {
      const endpoint = REFERENCE_ENDPOINTS[kind];
      const rows = await client.listAll(endpoint.module, endpoint.path, endpoint.schema as z.ZodType<{ id: number; active?: boolean }>, {
        modifiedOnOrAfter: since,
        active: 'Any',
      });
      const map = endpoint.map as (row: unknown) => { id: string };
      return {
        upserted: rows.filter((r) => r.active !== false).map(map),
        removedIds: rows.filter((r) => r.active === false).map((r) => String(r.id)),
      } as ReferenceChanges<typeof kind>;
    },

    async listBusinessUnits() {
      return (await client.listAll('settings', 'business-units', StBusinessUnitSchema, { active: 'True' })).map(toBusinessUnit);
    },

    async listJobTypes() {
      return (await client.listAll('jpm', 'job-types', StJobTypeSchema, { active: 'True' })).map(toJobType);
    },

    async listTagTypes() {
      const rows = await client.listAll('settings', 'tag-types', StTagTypeSchema, { active: 'Any' });
      return rows.map((t) => ({
        id: String(t.id),
        name: t.name,
        color: t.color ?? '',
        code: t.code ?? '',
        importance: t.importance === 'Medium' || t.importance === 'High' ? t.importance : null,
        isConversionOpportunity: t.isConversionOpportunity ?? false,
        active: t.active,
        createdOn: new Date(t.createdOn),
        modifiedOn: new Date(t.modifiedOn),
      }));
    },
  } satisfies Partial<CrmLookupsPort> & Pick<ServiceTitanCrm, 'referenceChangesSince'>;
}
