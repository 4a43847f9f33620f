import { type BusinessUnit, type JobType } from '../../../../domain/crm/crm-records';
import { type SandboxContext } from './sandbox-context';
import { type CrmLookupsPort } from '../../crm.port';

/** The lookups (reference data) part of the CRM port over the sandbox. */
export function sandboxLookups(context: SandboxContext) {
  const { reference } = context;
  return {
    listBusinessUnits: () => reference<BusinessUnit>('business_unit'),

    listJobTypes: () => reference<JobType>('job_type'),
  } satisfies Partial<CrmLookupsPort>;
}
