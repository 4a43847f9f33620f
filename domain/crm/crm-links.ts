import type { CrmName } from '../organization/organization-settings.schema';

/**
 * The CRMs' own web apps. The spec gives the link shapes (000 §2) but not the hosts; these are the
 * production apps of ServiceTitan ({crm_a}, a hash router) and Housecall Pro ({crm_b}).
 */
export const CRM_WEB_APPS = {
  servicetitan: 'https://go.servicetitan.com/#/',
  housecallpro: 'https://pro.housecallpro.com/app/',
} as const satisfies Partial<Record<CrmName, string>>;

/** What a link is returned as when there is nowhere to go (000 §2). */
export const NO_LINK = '#';

export interface CrmJobRef {
  jobId?: string | null;
  bookingId?: string | null;
}

/**
 * Spec 000 §2 "External CRM link for a job or booking": {crm_a}'s Booking/Index/{bookingId} when there
 * is a booking id, else its Job/Index/{jobId}; {crm_b}'s jobs/{jobId}; "#" for any other CRM or no ids.
 */
export function crmJobLink(crmName: string, { jobId, bookingId }: CrmJobRef): string {
  switch (crmName) {
    case 'servicetitan':
      if (bookingId) return `${CRM_WEB_APPS.servicetitan}Booking/Index/${encodeURIComponent(bookingId)}`;
      return jobId ? `${CRM_WEB_APPS.servicetitan}Job/Index/${encodeURIComponent(jobId)}` : NO_LINK;
    case 'housecallpro':
      return jobId ? `${CRM_WEB_APPS.housecallpro}jobs/${encodeURIComponent(jobId)}` : NO_LINK;
    default:
      return NO_LINK;
  }
}

/** Spec 000 §2: the customer profile link exists on {crm_a} only (customer/{customer.id}); null elsewhere. */
export function crmCustomerLink(crmName: string, customerId: string | null | undefined): string | null {
  if (crmName !== 'servicetitan' || !customerId) return null;
  return `${CRM_WEB_APPS.servicetitan}customer/${encodeURIComponent(customerId)}`;
}
