import { type CrmPort } from '../../crm.port';
import { vendorPort } from '../vendor-port';
import { serviceTitanRecords } from './servicetitan-records';
import type { ServiceTitanClient } from './servicetitan-client';
import type { ServiceTitanConfig } from './servicetitan.config';
import { NO_EQUIVALENT, type ServiceTitanCrm } from './servicetitan-mapping';
import { serviceTitanContext } from './servicetitan-context';
import { serviceTitanLookups } from './servicetitan-lookups.adapter';
import { serviceTitanCustomers } from './servicetitan-customers.adapter';
import { serviceTitanStaff } from './servicetitan-staff.adapter';
import { serviceTitanCapacity } from './servicetitan-capacity.adapter';
import { serviceTitanAppointments } from './servicetitan-appointments.adapter';
import { serviceTitanJobs } from './servicetitan-jobs.adapter';
import { serviceTitanBookings } from './servicetitan-bookings.adapter';
import { serviceTitanEstimates } from './servicetitan-estimates.adapter';
export { SERVICETITAN_IDEMPOTENCY_KEY, type ServiceTitanCrm } from './servicetitan-mapping';

/** The CRM port over ServiceTitan API v2 for one tenant. */
export function createServiceTitanCrm(client: ServiceTitanClient, config: Pick<ServiceTitanConfig, 'bookingProviderId' | 'campaignId'>): ServiceTitanCrm {
  const context = serviceTitanContext(client, config);

  const implemented: Omit<ServiceTitanCrm, keyof CrmPort> & Partial<CrmPort> = {
    ...serviceTitanLookups(client),
    ...serviceTitanCustomers(client, context),
    ...serviceTitanStaff(client),
    ...serviceTitanCapacity(client, context),
    ...serviceTitanAppointments(client, context),
    ...serviceTitanJobs(client, config, context),
    ...serviceTitanBookings(client, context),
    ...serviceTitanEstimates(client, context),
    ...serviceTitanRecords(client),
  };

  return vendorPort('ServiceTitan', implemented as Partial<CrmPort>, NO_EQUIVALENT) as ServiceTitanCrm;
}
