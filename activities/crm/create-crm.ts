import { createHash } from 'node:crypto';
import type { Db } from '../../prisma/client';
import { canonicalJson } from '../../domain/shared/canonical-json';
import type { CrmConnection } from '../../domain/crm/crm-config.schema';
import { createSecretBox, crmCredentialsKey, SecretBoxError } from '../../lib/secrets/secret-box';
import { createSandboxCrm, type SandboxCrm } from './adapters/sandbox/sandbox-crm.adapter';
import { createServiceTitanCrm } from './adapters/servicetitan/servicetitan-crm.adapter';
import { ServiceTitanClient } from './adapters/servicetitan/servicetitan-client';
import type { ServiceTitanConfig } from './adapters/servicetitan/servicetitan.config';
import { createHousecallProCrm } from './adapters/housecallpro/housecallpro-crm.adapter';
import { HousecallProClient, type HousecallProConfig } from './adapters/housecallpro/housecallpro-client';
import { createCachedCrm } from './cached-crm';
import { NOT_PORT_METHODS } from './adapters/vendor-port';
import { CrmError, type CrmPort, type CrmProvider } from './crm.port';
import { createCrmConnectionStore, type CrmConnectionSource, type CrmConnectionStore } from './crm-connection.repository';

// The deployment settings this factory reads, named as config/env.ts names them; the composition root passes its config.
export type CrmAdapterName = 'sandbox' | 'servicetitan' | 'housecallpro';
export interface VendorCrmSettings {
  NODE_ENV: 'development' | 'test' | 'production';
  CRM_CREDENTIALS_KEY?: string;
  SERVICETITAN_AUTH_URL: string;
  SERVICETITAN_API_URL: string;
  SERVICETITAN_CLIENT_ID?: string;
  SERVICETITAN_CLIENT_SECRET?: string;
  SERVICETITAN_APP_KEY?: string;
  SERVICETITAN_TENANT_ID?: string;
  SERVICETITAN_BOOKING_PROVIDER_ID?: string;
  SERVICETITAN_CAMPAIGN_ID?: string;
  SERVICETITAN_REQUESTS_PER_SECOND: number;
  HOUSECALLPRO_API_URL: string;
  HOUSECALLPRO_API_KEY?: string;
  HOUSECALLPRO_AUTH_SCHEME: 'Token' | 'Bearer';
  HOUSECALLPRO_DEFAULT_EMPLOYEE_ID?: string;
  HOUSECALLPRO_REQUESTS_PER_SECOND: number;
  CRM_CACHE_REFRESH_SECONDS: number;
}

/** ServiceTitan's integration environment, for a connection with isSandbox. */
export const SERVICETITAN_INTEGRATION_HOSTS = { authUrl: 'https://auth-integration.servicetitan.io', apiUrl: 'https://api-integration.servicetitan.io' };

/** How long a process trusts its reading of an organization's connection; a save in this process forgets it at once. */
const CONNECTION_TTL_MS = 30_000;

function notConfigured(message: string): CrmProvider {
  const port = new Proxy({} as CrmPort, {
    get: (_target, property) =>
      typeof property !== 'string' || NOT_PORT_METHODS.has(property)
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
 * Keys are digests: the map does not hold secrets as keys.
 */
const vendorProviders = new Map<string, CrmProvider>();

function vendorProvider(credentials: object, build: () => CrmProvider): CrmProvider {
  const key = createHash('sha256').update(canonicalJson(credentials)).digest('hex');
  let provider = vendorProviders.get(key);
  if (!provider) {
    provider = build();
    vendorProviders.set(key, provider);
  }
  return provider;
}

function serviceTitanProvider(config: ServiceTitanConfig, refreshAfterMs: number): CrmProvider {
  return vendorProvider({ vendor: 'servicetitan', ...config }, () => {
    const port = createServiceTitanCrm(new ServiceTitanClient(config), { bookingProviderId: config.bookingProviderId, campaignId: config.campaignId });
    return createCachedCrm({ forOrganization: () => port }, { refreshAfterMs });
  });
}

function housecallProProvider(config: HousecallProConfig, refreshAfterMs: number): CrmProvider {
  return vendorProvider({ vendor: 'housecallpro', ...config }, () => {
    const port = createHousecallProCrm(new HousecallProClient(config), { defaultEmployeeId: config.defaultEmployeeId });
    return createCachedCrm({ forOrganization: () => port }, { refreshAfterMs });
  });
}

/** The adapter configuration an organization's own crm_config gives; hosts, budgets and the auth scheme are the deployment's. */
export function vendorConfigOf(
  connection: CrmConnection,
  settings: VendorCrmSettings,
): { crmName: 'servicetitan'; config: ServiceTitanConfig } | { crmName: 'housecallpro'; config: HousecallProConfig } {
  if (connection.crmName === 'housecallpro') {
    const c = connection.config;
    return {
      crmName: 'housecallpro',
      config: {
        apiUrl: settings.HOUSECALLPRO_API_URL,
        apiKey: c.appKey,
        authScheme: settings.HOUSECALLPRO_AUTH_SCHEME,
        defaultEmployeeId: c.defaultEmployeeId,
        requestsPerSecond: settings.HOUSECALLPRO_REQUESTS_PER_SECOND,
      },
    };
  }
  const c = connection.config;
  const migrated = c.useMigratedConfig === true;
  const hosts = c.isSandbox ? SERVICETITAN_INTEGRATION_HOSTS : { authUrl: settings.SERVICETITAN_AUTH_URL, apiUrl: settings.SERVICETITAN_API_URL };
  return {
    crmName: 'servicetitan',
    config: {
      ...hosts,
      clientId: migrated ? c.migratedClientId! : c.clientId,
      clientSecret: migrated ? c.migratedClientSecret! : c.clientSecret,
      appKey: (migrated ? c.migratedAppKey : undefined) ?? c.appKey ?? settings.SERVICETITAN_APP_KEY ?? '',
      tenantId: c.crmTenantId,
      bookingProviderId: c.bookingProviderId,
      campaignId: c.defaultCampaignId,
      requestsPerSecond: settings.SERVICETITAN_REQUESTS_PER_SECOND,
    },
  };
}

/**
 * Checks an organization's credentials with one cheap read (its job types) on a client of its own, so a
 * refused set is never cached. Throws the adapter's CrmError (UNAUTHORIZED for refused credentials).
 */
export async function verifyCrmConnection(connection: CrmConnection, settings: VendorCrmSettings): Promise<void> {
  const vendor = vendorConfigOf(connection, settings);
  const port =
    vendor.crmName === 'servicetitan'
      ? createServiceTitanCrm(new ServiceTitanClient({ ...vendor.config, timeoutMs: 10_000 }), vendor.config)
      : createHousecallProCrm(new HousecallProClient({ ...vendor.config, timeoutMs: 10_000 }), vendor.config);
  await port.listJobTypes();
}

/** The CRM of the whole deployment (CRM_ADAPTER): every organization without a connection of its own uses it. */
function deploymentCrm(adapter: CrmAdapterName, db: Db, config: VendorCrmSettings | undefined): { crm: CrmProvider; sandbox: SandboxCrm | null } {
  if (adapter === 'sandbox') {
    const sandbox = createSandboxCrm(db);
    return { crm: sandbox, sandbox };
  }
  if (!config) return { crm: notConfigured(`The ${adapter} CRM adapter was built without its configuration`), sandbox: null };
  const refreshAfterMs = config.CRM_CACHE_REFRESH_SECONDS * 1000;

  if (adapter === 'servicetitan') {
    const {
      SERVICETITAN_CLIENT_ID: clientId,
      SERVICETITAN_CLIENT_SECRET: clientSecret,
      SERVICETITAN_APP_KEY: appKey,
      SERVICETITAN_TENANT_ID: tenantId,
    } = config;
    if (!clientId || !clientSecret || !appKey || !tenantId) return { crm: notConfigured('ServiceTitan credentials are not configured'), sandbox: null };
    const crm = serviceTitanProvider(
      {
        authUrl: config.SERVICETITAN_AUTH_URL,
        apiUrl: config.SERVICETITAN_API_URL,
        clientId,
        clientSecret,
        appKey,
        tenantId,
        bookingProviderId: config.SERVICETITAN_BOOKING_PROVIDER_ID,
        campaignId: config.SERVICETITAN_CAMPAIGN_ID,
        requestsPerSecond: config.SERVICETITAN_REQUESTS_PER_SECOND,
      },
      refreshAfterMs,
    );
    return { crm, sandbox: null };
  }

  const apiKey = config.HOUSECALLPRO_API_KEY;
  if (!apiKey) return { crm: notConfigured('Housecall Pro API key is not configured'), sandbox: null };
  const crm = housecallProProvider(
    {
      apiUrl: config.HOUSECALLPRO_API_URL,
      apiKey,
      authScheme: config.HOUSECALLPRO_AUTH_SCHEME,
      defaultEmployeeId: config.HOUSECALLPRO_DEFAULT_EMPLOYEE_ID,
      requestsPerSecond: config.HOUSECALLPRO_REQUESTS_PER_SECOND,
    },
    refreshAfterMs,
  );
  return { crm, sandbox: null };
}

export interface RoutedCrmProvider extends CrmProvider {
  /** Forgets how the organization was routed: its next call reads its connection again. */
  invalidate(orgId: string): void;
}

/**
 * Sends each organization's calls to its own vendor CRM when it has a stored connection, else to the
 * deployment's. forOrganization is synchronous, so the port it gives resolves the route on each call;
 * the answer is kept for ttlMs, so a live tool call costs a map lookup, not a database read.
 */
export function routeByConnection(
  fallback: CrmProvider,
  source: CrmConnectionSource,
  build: (connection: CrmConnection) => CrmProvider,
  options: { ttlMs?: number; clock?: { now(): number } } = {},
): RoutedCrmProvider {
  const ttlMs = options.ttlMs ?? CONNECTION_TTL_MS;
  const clock = options.clock ?? Date;
  const routes = new Map<string, { at: number; provider: Promise<CrmProvider> }>();

  async function resolve(orgId: string): Promise<CrmProvider> {
    let connection: CrmConnection | null;
    try {
      connection = await source.find(orgId);
    } catch (err) {
      if (err instanceof SecretBoxError || err instanceof SyntaxError) {
        throw new CrmError('NOT_CONFIGURED', "The organization's CRM credentials cannot be read (was CRM_CREDENTIALS_KEY changed?)", false);
      }
      throw new CrmError('UNAVAILABLE', "The organization's CRM connection could not be read");
    }
    return connection ? build(connection) : fallback;
  }

  function providerFor(orgId: string): Promise<CrmProvider> {
    const hit = routes.get(orgId);
    if (hit && clock.now() - hit.at < ttlMs) return hit.provider;
    const entry = { at: clock.now(), provider: resolve(orgId) };
    routes.set(orgId, entry);
    entry.provider.catch(() => {
      if (routes.get(orgId) === entry) routes.delete(orgId); // a failed read is not remembered
    });
    return entry.provider;
  }

  return {
    forOrganization(orgId) {
      return new Proxy({} as CrmPort, {
        get(_target, property) {
          if (typeof property !== 'string' || NOT_PORT_METHODS.has(property)) return undefined;
          return async (...args: unknown[]) => {
            const port = (await providerFor(orgId)).forOrganization(orgId) as unknown as Record<string, (...a: unknown[]) => unknown>;
            return port[property](...args);
          };
        },
      });
    },
    invalidate(orgId) {
      routes.delete(orgId);
    },
  };
}

export interface CrmComposition {
  /** The sandbox's own methods (seed, reset) stay on it when the deployment runs the sandbox. */
  crm: RoutedCrmProvider | (SandboxCrm & RoutedCrmProvider);
  sandbox: SandboxCrm | null;
  /** Organizations' own connections; a save through it re-routes the org in this process at once. */
  connections: CrmConnectionStore | null;
}

/**
 * Builds the process's CRM: CRM_ADAPTER serves every organization without its own connection (the sandbox
 * by default, or one vendor tenant from env); an organization whose crm_config is stored gets that vendor's
 * adapter with its own credentials, one client per credential set. Vendor adapters sit behind the
 * read-mostly cache so a live tool call does not wait on the vendor for job types and the like.
 * Without config (unit tests) there is no routing.
 */
export function createCrm({
  adapter,
  db,
  config,
  connections,
}: {
  adapter: CrmAdapterName;
  db: Db;
  config?: VendorCrmSettings;
  /** Replaces the database store (tests). */
  connections?: CrmConnectionStore;
}): CrmComposition {
  const deployment = deploymentCrm(adapter, db, config);
  if (!config) return { crm: { ...deployment.crm, invalidate: () => undefined }, sandbox: deployment.sandbox, connections: null };
  const store = connections ?? createCrmConnectionStore(db, createSecretBox(crmCredentialsKey(config)));
  const refreshAfterMs = config.CRM_CACHE_REFRESH_SECONDS * 1000;
  const routed = routeByConnection(deployment.crm, store, (connection) => {
    const vendor = vendorConfigOf(connection, config);
    return vendor.crmName === 'servicetitan' ? serviceTitanProvider(vendor.config, refreshAfterMs) : housecallProProvider(vendor.config, refreshAfterMs);
  });
  const crm = deployment.sandbox ? { ...deployment.sandbox, ...routed } : routed;
  return {
    crm,
    sandbox: deployment.sandbox,
    connections: {
      ...store,
      async save(orgId, connection) {
        await store.save(orgId, connection);
        routed.invalidate(orgId);
      },
      async attach(slug, orgId) {
        const attached = await store.attach(slug, orgId);
        routed.invalidate(orgId);
        return attached;
      },
    },
  };
}
