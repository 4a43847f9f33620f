import { loadConfig } from '../../config/env';
import type { Db } from '../../prisma/client';
import { createCrm } from './create-crm';
import { inMemoryCrmConnections } from './testing/in-memory-crm-connections';
import { FAKE_ST, FakeServiceTitan } from './adapters/servicetitan/fake-servicetitan.server';
import { FAKE_HCP, FakeHousecallPro } from './adapters/housecallpro/fake-housecallpro.server';

// CRM_ADAPTER=servicetitan|housecallpro end to end from the environment, against local fake vendors.

describe('createCrm with vendor adapters', () => {
  it('builds the ServiceTitan adapter from the environment, shares one client per tenant, and caches reference lists', async () => {
    const st = await new FakeServiceTitan().start();
    try {
      const config = loadConfig({
        CRM_ADAPTER: 'servicetitan',
        SERVICETITAN_AUTH_URL: st.server.url,
        SERVICETITAN_API_URL: st.server.url,
        SERVICETITAN_CLIENT_ID: FAKE_ST.clientId,
        SERVICETITAN_CLIENT_SECRET: FAKE_ST.clientSecret,
        SERVICETITAN_APP_KEY: FAKE_ST.appKey,
        SERVICETITAN_TENANT_ID: FAKE_ST.tenantId,
      });
      const worker = createCrm({ adapter: 'servicetitan', db: {} as Db, config, connections: inMemoryCrmConnections() }).crm.forOrganization('org-1');
      const api = createCrm({ adapter: 'servicetitan', db: {} as Db, config, connections: inMemoryCrmConnections() }).crm.forOrganization('org-1');

      expect(await worker.listJobTypes()).toHaveLength(119);
      expect(await api.listJobTypes()).toHaveLength(119);
      expect(await api.findCustomersByPhone('555-123-4567')).toEqual([expect.objectContaining({ id: '11' })]);

      expect(st.tokensIssued).toBe(1);
      expect(st.server.requestsTo('GET', /job-types$/)).toHaveLength(3); // one paged read, then the cache
    } finally {
      await st.stop();
    }
  });

  it('builds the Housecall Pro adapter from the environment', async () => {
    const hcp = await new FakeHousecallPro().start();
    try {
      const config = loadConfig({ CRM_ADAPTER: 'housecallpro', HOUSECALLPRO_API_URL: hcp.server.url, HOUSECALLPRO_API_KEY: FAKE_HCP.apiKey });
      const crm = createCrm({ adapter: 'housecallpro', db: {} as Db, config, connections: inMemoryCrmConnections() }).crm.forOrganization('org-1');

      expect((await crm.listJobTypes()).map((t) => t.name)).toEqual(['AC Repair', 'Drain Cleaning']);
      expect(await crm.findCustomersByPhone('5551234567')).toEqual([expect.objectContaining({ id: 'cus_1' })]);
    } finally {
      await hcp.stop();
    }
  });
});
