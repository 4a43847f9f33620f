/** What the ServiceTitan adapter needs for one ServiceTitan tenant (spec 000 §3 crm_config: appKey, clientId, clientSecret, crmTenantId). */
export interface ServiceTitanConfig {
  /** The auth host, https://auth.servicetitan.io (https://auth-integration.servicetitan.io for the integration environment). */
  authUrl: string;
  /** The API host, https://api.servicetitan.io (https://api-integration.servicetitan.io). */
  apiUrl: string;
  clientId: string;
  clientSecret: string;
  /** Sent as ST-App-Key on every API call. */
  appKey: string;
  tenantId: string;
  /** Booking provider tag for createBooking (bookingProviderId of crm_config). */
  bookingProviderId?: string;
  /** ServiceTitan requires a campaign on every job (defaultCampaignId of crm_config). */
  campaignId?: string;
  /** Client-side budget; ServiceTitan allows 60 calls per second per app per tenant. */
  requestsPerSecond: number;
  timeoutMs?: number;
}

export const SERVICETITAN_PAGE_SIZE_MAX = 5000;
