import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import request from 'supertest';
import { FAKE_ST, FakeServiceTitan } from '../../../activities/crm/adapters/servicetitan/fake-servicetitan.server';
import { SANDBOX_JOB_TYPES } from '../../../activities/crm/adapters/sandbox/sandbox-seed';
import { eventually, uniqueName } from '../../../tests/support/integration';
import { onboardAndLogIn, TEST_PASSWORD } from '../../../tests/support/onboard';
import { startProductHarness, type ProductHarness } from '../../../tests/support/product-harness';
import { workflowIds } from '../../../domain/run/workflow-ids';

// Each organization on its own CRM: org A's crm_config points at a local fake ServiceTitan tenant,
// org B has none and keeps the deployment's CRM (the sandbox).

let st: FakeServiceTitan;
let h: ProductHarness;

const ST_CONFIG = {
  appKey: FAKE_ST.appKey,
  clientId: FAKE_ST.clientId,
  clientSecret: FAKE_ST.clientSecret,
  crmTenantId: Number(FAKE_ST.tenantId),
  bookingProviderId: FAKE_ST.bookingProviderId,
};
const SECRETS = [FAKE_ST.clientSecret, FAKE_ST.appKey];

const slugOf = (label: string) => uniqueName(label).toLowerCase().replace(/_/g, '-');
const admin = () => ({ authorization: `Bearer ${h.adminToken}` });

/** Every payload of the run's history as text: what Temporal keeps of its input and activity calls. */
async function historyText(workflowId: string): Promise<string> {
  const history = await h.client.workflow.getHandle(workflowId).fetchHistory();
  return JSON.stringify(history, (_key, value) => (value instanceof Uint8Array ? Buffer.from(value).toString('utf8') : value));
}

type Agent = ReturnType<typeof request.agent>;

async function jobTypeCount(orgId: string, agent: Agent): Promise<number> {
  const res = await agent.get('/crm/job-types').query({ orgId });
  expect(res.status).toBe(200);
  return res.body.length;
}

beforeAll(async () => {
  st = await new FakeServiceTitan().start();
  // The deployment's ServiceTitan hosts are the fake's; the deployment CRM stays the sandbox.
  h = await startProductHarness({ SERVICETITAN_AUTH_URL: st.server.url, SERVICETITAN_API_URL: st.server.url });
}, 120_000);

afterAll(async () => {
  await h?.stop();
  await st?.stop();
}, 60_000);

describe('organizations on their own CRM', () => {
  it('routes an org onboarded with ServiceTitan credentials to its tenant and an org without them to the sandbox', async () => {
    const slugA = slugOf('st-org');
    const { orgId: orgA, agent: adminA } = await onboardAndLogIn(h, {
      name: slugA,
      adminEmail: `admin@${slugA}.test`,
      crmName: 'servicetitan',
      crmConfig: ST_CONFIG,
    });
    const tokensAfterOnboarding = st.tokensIssued;
    expect(tokensAfterOnboarding).toBeGreaterThanOrEqual(1); // skip_crm_test false: onboarding tried the credentials
    const slugB = slugOf('sandbox-org');
    const { orgId: orgB, agent: adminB } = await onboardAndLogIn(h, { name: slugB, adminEmail: `admin@${slugB}.test`, crmName: 'servicetitan' });

    expect(await jobTypeCount(orgA, adminA)).toBe(119); // the fake tenant's job types
    expect(await jobTypeCount(orgB, adminB)).toBe(SANDBOX_JOB_TYPES.length);
    expect(st.server.requestsTo('GET', /job-types$/).length).toBeGreaterThan(0);

    // Secrets: sealed in Postgres, absent from the workflow's history, and masked by every API that shows the org.
    const row = await h.tdb.db.crmConnection.findUnique({ where: { orgId: orgA } });
    expect(row).toMatchObject({ crmName: 'servicetitan', onboardingSlug: null });
    const texts = [
      row!.sealedConfig,
      await historyText(workflowIds.onboarding(slugA)),
      JSON.stringify((await adminA.get('/org').query({ id: orgA })).body),
      JSON.stringify((await request(h.app).get('/organizations').set(admin())).body),
    ];
    const shown = await adminA.get('/org/crm-connection').query({ orgId: orgA });
    expect(shown.status).toBe(200);
    expect(shown.body).toMatchObject({
      orgId: orgA,
      connected: true,
      crm_name: 'servicetitan',
      crm_config: { clientId: FAKE_ST.clientId, crmTenantId: FAKE_ST.tenantId, clientSecret: '****' },
    });
    texts.push(JSON.stringify(shown.body));
    for (const text of texts) for (const secret of SECRETS) expect(text).not.toContain(secret);
    expect((await adminB.get('/org/crm-connection').query({ orgId: orgB })).body).toEqual({ orgId: orgB, connected: false, crm_name: null, crm_config: null });
  }, 90_000);

  it('refuses a bad crm_config with a 400 naming the field, and stores nothing', async () => {
    const slug = slugOf('bad-config');
    const before = await h.tdb.db.crmConnection.count();
    const res = await request(h.app)
      .post('/onboarding')
      .set(admin())
      .send({
        name: slug,
        admin_email: `admin@${slug}.test`,
        office_email: `office@${slug}.test`,
        timezone: 'America/Chicago',
        trades_offered: ['HVAC'],
        crm_config: { appKey: 'ak', crmTenantId: 'acme' },
      });
    expect(res.status).toBe(400);
    expect(res.body).toEqual({
      error: 'Bad Request',
      status: 400,
      message: 'crm_config.clientId is required; crm_config.clientSecret is required; crm_config.crmTenantId must be the numeric ServiceTitan tenant id',
      issues: [
        { path: 'crm_config.clientId', message: 'crm_config.clientId is required' },
        { path: 'crm_config.clientSecret', message: 'crm_config.clientSecret is required' },
        { path: 'crm_config.crmTenantId', message: 'crm_config.crmTenantId must be the numeric ServiceTitan tenant id' },
      ],
    });
    const hcp = await request(h.app)
      .post('/onboarding')
      .set(admin())
      .send({
        name: slug,
        admin_email: `admin@${slug}.test`,
        office_email: `office@${slug}.test`,
        timezone: 'America/Chicago',
        trades_offered: ['HVAC'],
        crm_name: 'housecallpro',
        crm_config: { appKey: 'hcp-key' },
      });
    expect(hcp.body.message).toBe('crm_config.agentId is required');
    expect(hcp.body.issues).toEqual([{ path: 'crm_config.agentId', message: 'crm_config.agentId is required' }]);
    expect(await h.tdb.db.crmConnection.count()).toBe(before);
    expect(await h.gateway.describe(workflowIds.onboarding(slug))).toBeNull();
  });

  it('fails the onboarding with the reason when the CRM refuses the credentials, and creates no org; fixed credentials then onboard it', async () => {
    const slug = slugOf('refused');
    const body = {
      name: slug,
      admin_email: `admin@${slug}.test`,
      office_email: `office@${slug}.test`,
      password: TEST_PASSWORD,
      timezone: 'America/Chicago',
      trades_offered: ['HVAC'],
      crm_name: 'servicetitan',
    };
    const started = await request(h.app)
      .post('/onboarding')
      .set(admin())
      .send({ ...body, crm_config: { ...ST_CONFIG, clientSecret: 'wrong-secret' } });
    expect(started.status).toBe(200);
    const failed = await eventually(async () => {
      const s = await request(h.app).get('/workflow-status').query({ workflowId: started.body.workflowId }).set(admin());
      return s.body.status === 'FAILED' ? s.body : null;
    }, 30_000);
    expect(failed.error).toBe('The ServiceTitan credentials in crm_config did not work: ServiceTitan refused the client credentials');
    expect(await h.tdb.db.organization.count({ where: { slug } })).toBe(0);

    const retried = await request(h.app)
      .post('/onboarding')
      .set(admin())
      .send({ ...body, crm_config: ST_CONFIG });
    expect(retried.status).toBe(200);
    const done = await eventually(async () => {
      const s = await request(h.app).get('/workflow-status').query({ workflowId: retried.body.workflowId }).set(admin());
      return s.body.status === 'COMPLETED' ? s.body : null;
    }, 30_000);
    const row = await h.tdb.db.crmConnection.findUnique({ where: { orgId: done.result.orgId } });
    expect(row).not.toBeNull();
    expect(await h.tdb.db.crmConnection.count({ where: { onboardingSlug: slug } })).toBe(0);
  }, 90_000);

  it('gives an organization without a CRM the crm_name of the one it is connected to', async () => {
    const slug = slugOf('no-crm-yet');
    const { orgId, agent } = await onboardAndLogIn(h, { name: slug, adminEmail: `admin@${slug}.test`, crmName: 'NONE' });
    expect((await agent.get('/org').query({ id: orgId })).body.crm_name).toBe('NONE');

    const saved = await agent.put('/org/crm-connection').send({ orgId, crm_name: 'servicetitan', crm_config: ST_CONFIG, skip_crm_test: true });
    expect(saved.status).toBe(200);
    const shown = await eventually(async () => {
      const org = (await agent.get('/org').query({ id: orgId })).body;
      return org.crm_name === 'servicetitan' ? org : null;
    }, 15_000);
    expect(shown.id).toBe(orgId);
  }, 60_000);

  it("lets an org's admin connect it to its own CRM at once, and nobody else", async () => {
    const slug = slugOf('connect-later');
    const { orgId, agent } = await onboardAndLogIn(h, { name: slug, adminEmail: `admin@${slug}.test`, crmName: 'servicetitan' });
    expect(await jobTypeCount(orgId, agent)).toBe(SANDBOX_JOB_TYPES.length);

    const bad = await agent.put('/org/crm-connection').send({ orgId, crm_name: 'servicetitan', crm_config: { ...ST_CONFIG, clientId: '' } });
    expect(bad.status).toBe(400);
    expect(bad.body.message).toBe('crm_config.clientId is required');
    // The form marks the field by the issue's path, not by reading the message.
    expect(bad.body.issues).toEqual([{ path: 'crm_config.clientId', message: 'crm_config.clientId is required' }]);
    const refused = await agent
      .put('/org/crm-connection')
      .send({ orgId, crm_name: 'servicetitan', crm_config: { ...ST_CONFIG, clientSecret: 'wrong-secret' } });
    expect(refused.status).toBe(400);
    expect(refused.body.message).toBe('The ServiceTitan credentials in crm_config did not work: ServiceTitan refused the client credentials');
    expect(await h.tdb.db.crmConnection.count({ where: { orgId } })).toBe(0);

    const saved = await agent.put('/org/crm-connection').send({ orgId, crm_name: 'servicetitan', crm_config: ST_CONFIG });
    expect(saved.status).toBe(200);
    expect(saved.body).toMatchObject({ connected: true, crm_name: 'servicetitan' });
    for (const secret of SECRETS) expect(JSON.stringify(saved.body)).not.toContain(secret);
    expect(await jobTypeCount(orgId, agent)).toBe(119); // no wait for the routing cache: the save re-routed the org

    const otherSlug = slugOf('other-org');
    const other = await onboardAndLogIn(h, { name: otherSlug, adminEmail: `admin@${otherSlug}.test` });
    expect((await other.agent.put('/org/crm-connection').send({ orgId, crm_name: 'servicetitan', crm_config: ST_CONFIG })).status).toBe(401);
    expect((await other.agent.get('/org/crm-connection').query({ orgId })).status).toBe(401);
  }, 90_000);
});
