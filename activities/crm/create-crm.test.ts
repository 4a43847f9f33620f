import { ConfigError, loadConfig } from '../../config/env';
import type { Db } from '../../prisma/client';
import { createCrm } from './create-crm';

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

  it('defaults to the vendors\' production hosts and a budget under ServiceTitan\'s 60 calls per second', () => {
    const config = loadConfig({ CRM_ADAPTER: 'servicetitan', SERVICETITAN_CLIENT_ID: 'c', SERVICETITAN_CLIENT_SECRET: 's', SERVICETITAN_APP_KEY: 'a', SERVICETITAN_TENANT_ID: '123' });
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

  it('answers NOT_CONFIGURED, for good, when a vendor adapter is built without its configuration', async () => {
    const { crm, sandbox } = createCrm({ adapter: 'housecallpro', db: {} as Db });
    expect(sandbox).toBeNull();
    await expect(crm.forOrganization('org-1').listJobTypes()).rejects.toMatchObject({ code: 'NOT_CONFIGURED', retryable: false });
  });
});
