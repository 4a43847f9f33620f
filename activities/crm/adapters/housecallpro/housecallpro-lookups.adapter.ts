import type { HousecallProClient } from './housecallpro-client';
import { HcpJobTypeSchema, HcpTagSchema } from './housecallpro.types';
import { type JobType } from '../../../../domain/crm/crm-records';
import { DEFAULT_JOB_TYPE_DURATION_SECONDS, toTagType } from './housecallpro-mapping';
import { type CrmLookupsPort } from '../../crm.port';

/** The lookups (reference data) part of the CRM port over Housecall Pro. */
export function housecallProLookups(client: HousecallProClient) {
  return {
    async listJobTypes() {
      const rows = await client.listAll('job_fields/job_types', 'job_types', HcpJobTypeSchema);
      return rows.map((t): JobType => ({ id: t.id, name: t.name, businessUnitIds: [], duration: DEFAULT_JOB_TYPE_DURATION_SECONDS, skills: [] }));
    },

    async listTagTypes() {
      return (await client.listAll('tags', 'tags', HcpTagSchema)).map(toTagType);
    },
  } satisfies Partial<CrmLookupsPort>;
}
