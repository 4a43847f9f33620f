import { ConfigError, loadConfig } from '../../config/env';
import type { Db } from '../../prisma/client';
import type { CrmConnection } from '../../domain/crm/crm-config.schema';
import { SecretBoxError } from '../../lib/secrets/secret-box';
import { createCrm, routeByConnection, SERVICETITAN_INTEGRATION_HOSTS, vendorConfigOf } from './create-crm';
import type { CrmPort, CrmProvider } from './crm.port';
import { inMemoryCrmConnections } from './testing/in-memory-crm-connections';

function configIssues(env: Record<string, string>): string[] {
  try {
    loadConfig(env);
  } catch (err) {
    if (err instanceof ConfigError) return err.issues;
    throw err;
  }
  return [];
}

describe('vendor CRM configuration', () => {
  it('names every missing ServiceTitan credential when CRM_ADAPTER is servicetitan', () => {
    expect(configIssues({ CRM_ADAPTER: 'servicetitan', SERVICETITAN_APP_KEY: 'ak1' })).toEqual([
      'SERVICETITAN_CLIENT_ID: required when CRM_ADAPTER is servicetitan',
      'SERVICETITAN_CLIENT_SECRET: required when CRM_ADAPTER is servicetitan',
      'SERVICETITAN_TENANT_ID: required when CRM_ADAPTER is servicetitan',
    ]);
    expect(configIssues({ CRM_ADAPTER: 'housecallpro' })).toEqual(['HOUSECALLPRO_API_KEY: required when CRM_ADAPTER is housecallpro']);
  });

  it("defaults to the vendors' production hosts and a budget under ServiceTitan's 60 calls per second", () => {
    const config = loadConfig({
      CRM_ADAPTER: 'servicetitan',
      SERVICETITAN_CLIENT_ID: 'c',
      SERVICETITAN_CLIENT_SECRET: 's',
      SERVICETITAN_APP_KEY: 'a',
      SERVICETITAN_TENANT_ID: '123',
    });
    expect(config).toMatchObject({
      SERVICETITAN_AUTH_URL: 'https://auth.servicetitan.io',
      SERVICETITAN_API_URL: 'https://api.servicetitan.io',
      SERVICETITAN_REQUESTS_PER_SECOND: 50,
      HOUSECALLPRO_API_URL: 'https://api.housecallpro.com',
      HOUSECALLPRO_AUTH_SCHEME: 'Token',
    });
    expect(configIssues({ SERVICETITAN_REQUESTS_PER_SECOND: '100' })[0]).toMatch(/^SERVICETITAN_REQUESTS_PER_SECOND:/);
    expect(configIssues({ SERVICETITAN_TENANT_ID: 'acme' })).toEqual(['SERVICETITAN_TENANT_ID: must be the numeric ServiceTitan tenant id']);
  });

  it('needs no vendor variable for the sandbox', () => {
    expect(configIssues({})).toEqual([]);
  });

  it('requires CRM_CREDENTIALS_KEY, 32 bytes in base64, in production', () => {
    expect(configIssues({ NODE_ENV: 'production' })).toEqual(['CRM_CREDENTIALS_KEY: required when NODE_ENV is production']);
    expect(configIssues({ NODE_ENV: 'production', CRM_CREDENTIALS_KEY: Buffer.alloc(32, 7).toString('base64') })).toEqual([]);
    expect(configIssues({ CRM_CREDENTIALS_KEY: Buffer.alloc(16).toString('base64') })).toEqual(['CRM_CREDENTIALS_KEY: must be 32 bytes, base64-encoded']);
  });

  it('answers NOT_CONFIGURED, for good, when a vendor adapter is built without its configuration', async () => {
    const { crm, sandbox } = createCrm({ adapter: 'housecallpro', db: {} as Db });
    expect(sandbox).toBeNull();
    await expect(crm.forOrganization('org-1').listJobTypes()).rejects.toMatchObject({ code: 'NOT_CONFIGURED', retryable: false });
  });
});

describe('routing each organization to its own CRM', () => {
  const ST_CONNECTION: CrmConnection = { crmName: 'servicetitan', config: { appKey: 'ak', clientId: 'c', clientSecret: 's', crmTenantId: '1' } };
  const named = (name: string): CrmProvider => ({ forOrganization: () => ({ listJobTypes: async () => [{ id: name }] }) as unknown as CrmPort });
  const firstJobType = async (crm: CrmProvider, orgId: string) => (await crm.forOrganization(orgId).listJobTypes())[0].id;

  it('sends an org with a stored connection to its vendor and every other org to the deployment CRM', async () => {
    const store = inMemoryCrmConnections({ 'org-a': ST_CONNECTION });
    const crm = routeByConnection(named('deployment'), store, (c) => named(c.crmName));
    expect(await firstJobType(crm, 'org-a')).toBe('servicetitan');
    expect(await firstJobType(crm, 'org-b')).toBe('deployment');
  });

  it('reads the connection once per org while it is fresh, again after it expires or is invalidated', async () => {
    let now = 0;
    const store = inMemoryCrmConnections();
    const crm = routeByConnection(named('deployment'), store, (c) => named(c.crmName), { ttlMs: 30_000, clock: { now: () => now } });
    await Promise.all([firstJobType(crm, 'org-a'), firstJobType(crm, 'org-a'), firstJobType(crm, 'org-a')]);
    expect(store.reads).toBe(1);

    await store.save('org-a', ST_CONNECTION);
    expect(await firstJobType(crm, 'org-a')).toBe('deployment'); // still fresh
    crm.invalidate('org-a');
    expect(await firstJobType(crm, 'org-a')).toBe('servicetitan');
    now = 30_000;
    await firstJobType(crm, 'org-a');
    expect(store.reads).toBe(3);
  });

  it('does not remember a failed read, and names unreadable credentials', async () => {
    let failure: Error | null = new Error('connection refused');
    const source = {
      find: async () => {
        if (failure) throw failure;
        return null;
      },
    };
    const crm = routeByConnection(named('deployment'), source, (c) => named(c.crmName));
    await expect(crm.forOrganization('org-a').listJobTypes()).rejects.toMatchObject({ code: 'UNAVAILABLE', retryable: true });
    failure = new SecretBoxError();
    await expect(crm.forOrganization('org-a').listJobTypes()).rejects.toMatchObject({
      code: 'NOT_CONFIGURED',
      retryable: false,
      message: expect.stringContaining('CRM_CREDENTIALS_KEY'),
    });
    failure = null;
    expect(await firstJobType(crm, 'org-a')).toBe('deployment');
  });

  it("builds a connection's adapter with its own credentials on the deployment's hosts, or ServiceTitan's integration hosts", () => {
    const settings = loadConfig({});
    expect(vendorConfigOf(ST_CONNECTION, settings)).toMatchObject({
      crmName: 'servicetitan',
      config: { authUrl: 'https://auth.servicetitan.io', clientId: 'c', clientSecret: 's', appKey: 'ak', tenantId: '1' },
    });
    const integration = vendorConfigOf(
      {
        crmName: 'servicetitan',
        config: { ...ST_CONNECTION.config, isSandbox: true, useMigratedConfig: true, migratedClientId: 'mc', migratedClientSecret: 'ms' },
      } as CrmConnection,
      settings,
    );
    expect(integration.config).toMatchObject({ ...SERVICETITAN_INTEGRATION_HOSTS, clientId: 'mc', clientSecret: 'ms', appKey: 'ak' });
    expect(
      vendorConfigOf({ crmName: 'housecallpro', config: { appKey: 'hcp-key', agentId: 'pro_1', defaultEmployeeId: 'pro_2' } }, settings).config,
    ).toMatchObject({
      apiUrl: 'https://api.housecallpro.com',
      apiKey: 'hcp-key',
      authScheme: 'Token',
      defaultEmployeeId: 'pro_2',
    });
  });
});
