import type { AppConfig } from '../../config/env';
import type { Db } from '../../prisma/client';
import { createSandboxCrm, type SandboxCrm } from './adapters/sandbox/sandbox-crm.adapter';
import { createServiceTitanCrm } from './adapters/servicetitan/servicetitan-crm.adapter';
import { ServiceTitanClient } from './adapters/servicetitan/servicetitan-client';
import { createHousecallProCrm } from './adapters/housecallpro/housecallpro-crm.adapter';
import { HousecallProClient } from './adapters/housecallpro/housecallpro-client';
import { createCachedCrm } from './cached-crm';
import { CrmError, type CrmPort, type CrmProvider } from './crm.port';

export type VendorCrmSettings = Pick<
  AppConfig,
  | 'SERVICETITAN_AUTH_URL'
  | 'SERVICETITAN_API_URL'
  | 'SERVICETITAN_CLIENT_ID'
  | 'SERVICETITAN_CLIENT_SECRET'
  | 'SERVICETITAN_APP_KEY'
  | 'SERVICETITAN_TENANT_ID'
  | 'SERVICETITAN_BOOKING_PROVIDER_ID'
  | 'SERVICETITAN_CAMPAIGN_ID'
  | 'SERVICETITAN_REQUESTS_PER_SECOND'
  | 'HOUSECALLPRO_API_URL'
  | 'HOUSECALLPRO_API_KEY'
  | 'HOUSECALLPRO_AUTH_SCHEME'
  | 'HOUSECALLPRO_DEFAULT_EMPLOYEE_ID'
  | 'HOUSECALLPRO_REQUESTS_PER_SECOND'
  | 'CRM_CACHE_REFRESH_SECONDS'
>;

function notConfigured(message: string): CrmProvider {
  const port = new Proxy({} as CrmPort, {
    get: (_target, property) =>
      property === 'then'
        ? undefined
        : async () => {
            throw new CrmError('NOT_CONFIGURED', message, false);
          },
  });
  return { forOrganization: () => port };
}

/**
 * A process builds its CRM several times (worker activities, agent tools, API); they must share one vendor
 * client per set of credentials, or each would get its own token and its own share of the rate limit.
 */
const vendorProviders = new Map<string, CrmProvider>();

function vendorProvider(key: string, build: () => CrmProvider): CrmProvider {
  let provider = vendorProviders.get(key);
  if (!provider) {
    provider = build();
    vendorProviders.set(key, provider);
  }
  return provider;
}

/**
 * Builds the CRM adapter CRM_ADAPTER names. The vendor adapters read one set of credentials from the
 * environment and serve every organization with it: organization settings have no stored crm_config yet
 * (spec 000 §3), and secrets in env keep them out of the read models. When crm_config lands, the
 * provider's forOrganization is the place to pick per-org credentials. Vendor adapters sit behind the
 * read-mostly cache so a live tool call does not wait on the vendor for job types and the like.
 */
export function createCrm({ adapter, db, config }: { adapter: AppConfig['CRM_ADAPTER']; db: Db; config?: VendorCrmSettings }): { crm: CrmProvider; sandbox: SandboxCrm | null } {
  if (adapter === 'sandbox') {
    const sandbox = createSandboxCrm(db);
    return { crm: sandbox, sandbox };
  }
  if (!config) return { crm: notConfigured(`The ${adapter} CRM adapter was built without its configuration`), sandbox: null };
  const cacheOptions = { refreshAfterMs: config.CRM_CACHE_REFRESH_SECONDS * 1000 };

  if (adapter === 'servicetitan') {
    const { SERVICETITAN_CLIENT_ID: clientId, SERVICETITAN_CLIENT_SECRET: clientSecret, SERVICETITAN_APP_KEY: appKey, SERVICETITAN_TENANT_ID: tenantId } = config;
    if (!clientId || !clientSecret || !appKey || !tenantId) return { crm: notConfigured('ServiceTitan credentials are not configured'), sandbox: null };
    const crm = vendorProvider(`servicetitan|${config.SERVICETITAN_API_URL}|${tenantId}|${clientId}`, () => {
      const client = new ServiceTitanClient({
        authUrl: config.SERVICETITAN_AUTH_URL,
        apiUrl: config.SERVICETITAN_API_URL,
        clientId,
        clientSecret,
        appKey,
        tenantId,
        requestsPerSecond: config.SERVICETITAN_REQUESTS_PER_SECOND,
      });
      const port = createServiceTitanCrm(client, { bookingProviderId: config.SERVICETITAN_BOOKING_PROVIDER_ID, campaignId: config.SERVICETITAN_CAMPAIGN_ID });
      return createCachedCrm({ forOrganization: () => port }, cacheOptions);
    });
    return { crm, sandbox: null };
  }

  const apiKey = config.HOUSECALLPRO_API_KEY;
  if (!apiKey) return { crm: notConfigured('Housecall Pro API key is not configured'), sandbox: null };
  const crm = vendorProvider(`housecallpro|${config.HOUSECALLPRO_API_URL}|${apiKey}`, () => {
    const client = new HousecallProClient({
      apiUrl: config.HOUSECALLPRO_API_URL,
      apiKey,
      authScheme: config.HOUSECALLPRO_AUTH_SCHEME,
      defaultEmployeeId: config.HOUSECALLPRO_DEFAULT_EMPLOYEE_ID,
      requestsPerSecond: config.HOUSECALLPRO_REQUESTS_PER_SECOND,
    });
    const port = createHousecallProCrm(client, { defaultEmployeeId: config.HOUSECALLPRO_DEFAULT_EMPLOYEE_ID });
    return createCachedCrm({ forOrganization: () => port }, cacheOptions);
  });
  return { crm, sandbox: null };
}
