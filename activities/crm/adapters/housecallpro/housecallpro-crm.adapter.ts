import { type CrmPort } from '../../crm.port';
import { vendorPort } from '../vendor-port';
import type { HousecallProClient, HousecallProConfig } from './housecallpro-client';
import { NO_EQUIVALENT } from './housecallpro-mapping';
import { housecallProContext } from './housecallpro-context';
import { housecallProCustomers } from './housecallpro-customers.adapter';
import { housecallProLookups } from './housecallpro-lookups.adapter';
import { housecallProStaff } from './housecallpro-staff.adapter';
import { housecallProAppointments } from './housecallpro-appointments.adapter';
import { housecallProJobs } from './housecallpro-jobs.adapter';
import { housecallProEstimates } from './housecallpro-estimates.adapter';
import { housecallProCapacity } from './housecallpro-capacity.adapter';
export { HOUSECALLPRO_IDEMPOTENCY_TAG_PREFIX } from './housecallpro-mapping';

/** The CRM port over Housecall Pro's public API for one company. */
export function createHousecallProCrm(client: HousecallProClient, config: Pick<HousecallProConfig, 'defaultEmployeeId'>): CrmPort {
  const context = housecallProContext(client);

  const implemented: Partial<CrmPort> = {
    ...housecallProCustomers(client, context),
    ...housecallProLookups(client),
    ...housecallProStaff(client),
    ...housecallProAppointments(client, context),
    ...housecallProJobs(client, config, context),
    ...housecallProEstimates(client, context),
    ...housecallProCapacity(client),
  };

  return vendorPort('Housecall Pro', implemented, NO_EQUIVALENT);
}
