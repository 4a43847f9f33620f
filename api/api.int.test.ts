import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import request from 'supertest';
import { hashPassword } from '../lib/passwords';
import { staffUserIdFor } from '../lib/ids';
import { createEvent } from '../events/catalog';
import { eventually, uniqueName } from '../tests/support/integration';
import { startProductHarness, type ProductHarness } from '../tests/support/product-harness';
import type { AnyRoute } from './http/route';
import { ROUTES } from './routes';

let h: ProductHarness;
// Workflow ids outlive a test run on a long-lived Temporal server: names are unique per run.
const run = uniqueName('').replace(/^_/, '');
const ALPHA = `Alpha Heating ${run}`;
const BETA = `Beta Electric ${run}`;
const alphaSlug = `alpha-heating-${run}`;

async function onboard(name: string, adminEmail: string, correlationId: string) {
  const res = await request(h.app)
    .post('/onboarding')
    .set('authorization', `Bearer ${h.adminToken}`)
    .set('x-correlation-id', correlationId)
    .send({ name, admin_email: adminEmail, office_email: `office-${adminEmail}`, password: 'correct horse battery', timezone: 'America/Phoenix', trades_offered: ['Roofing'], crm_name: 'NONE' });
  expect(res.status).toBe(200);
  expect(res.body).toMatchObject({ success: true, message: 'Onboarding started' });
  const status = await eventually(async () => {
    const s = await request(h.app).get('/workflow-status').query({ workflowId: res.body.workflowId }).set('authorization', `Bearer ${h.adminToken}`);
    return s.body.status === 'COMPLETED' ? s.body : null;
  }, 30_000);
  return { workflowId: res.body.workflowId as string, orgId: status.result.orgId as string };
}

async function login(email: string, password: string) {
  const agent = request.agent(h.app);
  const res = await agent.post('/auth/login').send({ email, password });
  expect(res.status).toBe(200);
  return agent;
}

let alpha: { orgId: string; workflowId: string };
let beta: { orgId: string; workflowId: string };

beforeAll(async () => {
  h = await startProductHarness();
  [alpha, beta] = await Promise.all([
    onboard(ALPHA, 'owner@alpha.test', 'corr-alpha-0001'),
    onboard(BETA, 'owner@beta.test', 'corr-beta-00001'),
  ]);
}, 120_000);

afterAll(async () => {
  await h?.stop();
}, 60_000);

describe('the organization slice through every layer', () => {
  it('serves an onboarded organization by id and slug to its staff', async () => {
    const agent = await login('owner@alpha.test', 'correct horse battery');
    const byId = await agent.get('/org').query({ id: alpha.orgId });
    expect(byId.status).toBe(200);
    expect(byId.body).toMatchObject({ id: alpha.orgId, name: ALPHA, slug: alphaSlug, onboarding_status: 'TESTING', timezone: 'America/Phoenix' });
    const bySlug = await agent.get('/org').query({ slug: alphaSlug });
    expect(bySlug.body.id).toBe(alpha.orgId);

    const session = await agent.get('/auth/session');
    expect(session.body.organizations.map((o: { id: string }) => o.id)).toEqual([alpha.orgId]);
  });

  it('lists organizations for operators with {id, name, onboarding_status}', async () => {
    const res = await request(h.app).get('/organizations').set('authorization', `Bearer ${h.adminToken}`);
    expect(res.status).toBe(200);
    expect(res.body.organizations).toEqual([
      { id: alpha.orgId, name: ALPHA, onboarding_status: 'TESTING' },
      { id: beta.orgId, name: BETA, onboarding_status: 'TESTING' },
    ]);
  });

  it('returns the run already going for a repeated onboarding, and refuses a finished one', async () => {
    const again = await request(h.app)
      .post('/onboarding')
      .set('authorization', `Bearer ${h.adminToken}`)
      .send({ name: ALPHA, admin_email: 'owner@alpha.test', office_email: 'o@alpha.test', timezone: 'America/Phoenix', trades_offered: ['HVAC'] });
    expect(again.status).toBe(400);
    expect(again.body).toEqual({ error: 'Bad Request', status: 400, message: `An organization with slug "${alphaSlug}" already exists` });
  });

  it('carries the HTTP correlation id into the workflow and the events it emits', async () => {
    const correlations = new Map<string, string>();
    await h.bus.replay({
      aggregateTypes: ['organization', 'staff-user'],
      onEvent: async ({ event }) => void (event.orgId && correlations.set(`${event.type}:${event.orgId}`, event.correlationId)),
    });
    expect(correlations.get(`OrganizationCreated:${alpha.orgId}`)).toBe('corr-alpha-0001');
    expect(correlations.get(`StaffUserJoinedOrganization:${alpha.orgId}`)).toBe('corr-alpha-0001');
    expect(correlations.get(`OrganizationCreated:${beta.orgId}`)).toBe('corr-beta-00001');
    const memo = await h.client.workflow.getHandle(alpha.workflowId).describe();
    expect(memo.memo).toMatchObject({ correlationId: 'corr-alpha-0001' });
  });

  it('terminates a real run through the admin API', async () => {
    const res = await request(h.app).post('/terminate-workflow').set('authorization', `Bearer ${h.adminToken}`).send({ workflowId: alpha.workflowId });
    expect(res.status).toBe(400); // completed runs cannot be terminated
    const missing = await request(h.app).get('/workflow-status').query({ workflowId: 'onboarding/nope' }).set('authorization', `Bearer ${h.adminToken}`);
    expect(missing.status).toBe(404);
    expect(missing.body).toMatchObject({ error: 'Not Found', status: 404 });
  });
});

/**
 * For every organization-scoped route: a request naming the *other* organization. A new org route
 * without an entry here fails the coverage test below, so tenancy is checked route by route.
 */
// A call of alpha's, so the call routes keyed by call or interaction id have something of the other org's to reach for.
const alphaCall = { id: crypto.randomUUID(), callId: crypto.randomUUID() };
beforeAll(async () => {
  const at = new Date();
  await h.tdb.db.interaction.create({
    data: { id: alphaCall.id, callId: alphaCall.callId, orgId: alpha.orgId, provider: 'retell', providerCallId: `call_${alphaCall.callId}`, callStatus: 'UNBOOKED', createdAt: at, updatedAt: at },
  });
});

const crossTenantRequests: Record<string, (otherOrg: { id: string; slug: string }) => { query?: object; body?: object }> = {
  'get /org': (o) => ({ query: { id: o.id } }),
  'get /org#slug': (o) => ({ query: { slug: o.slug } }),
  'get /outbox': (o) => ({ query: { orgId: o.id } }),
  'post /org/oncall/retrieve/new': (o) => ({ body: { orgId: o.id, month: '2025-01' } }),
  'post /org/oncall/update/new': (o) => ({ body: { orgId: o.id, month: '2025-01', assignments: [], cached_employee_details: {} } }),
  'post /org/notification-settings': (o) => ({ body: { orgId: o.id, notification_settings: [] } }),
  'post /call/logs': (o) => ({ body: { orgId: o.id, currentAgents: 'ALL' } }),
  'post /call/retrieve': () => ({ body: { callId: alphaCall.callId } }),
  'put /interaction': () => ({ body: { id: alphaCall.id, reviewed_at: null, review_notes: 'not yours' } }),
  'post /call/reclassify': () => ({ body: { callId: alphaCall.callId, newStatus: 'EXCUSED' } }),
  'post /org/get-capacity': (o) => ({ body: { orgId: o.id, time_to_check: '2099-01-05T10:00:00', job_type_id: '101', business_unit: '1', priority: 0 } }),
  'get /org/availability': (o) => ({ query: { orgId: o.id } }),
};

describe('tenancy', () => {
  const orgRoutes = ROUTES.filter((r: AnyRoute) => r.access.kind === 'org');

  it('has a cross-tenant case for every organization-scoped route', () => {
    expect(orgRoutes.length).toBeGreaterThan(0);
    for (const r of orgRoutes) expect(Object.keys(crossTenantRequests)).toContain(`${r.method} ${r.path}`);
  });

  it("never lets a user of one organization read or change another's data", async () => {
    const agent = await login('owner@beta.test', 'correct horse battery');
    for (const [key, build] of Object.entries(crossTenantRequests)) {
      const [method, pathWithVariant] = key.split(' ');
      const path = pathWithVariant.split('#')[0];
      const { query, body } = build({ id: alpha.orgId, slug: alphaSlug });
      const res = await (agent as unknown as Record<string, (p: string) => request.Test>)[method](path).query(query ?? {}).send(body ?? {});
      expect({ key, status: res.status, body: res.body }).toEqual({
        key,
        status: 401,
        body: { error: 'Unauthorized', status: 401, message: 'You do not have access to this organization' },
      });
    }
    // The same routes do answer for the user's own organization, so the 401s above are about tenancy.
    const own = await agent.get('/org').query({ id: beta.orgId });
    expect(own.status).toBe(200);
  });

  it('gives enterprise admins every organization of their enterprise and nothing else', async () => {
    const email = 'regional@beta.test';
    const userId = staffUserIdFor(email);
    await h.bus.publish([
      createEvent({ eventId: crypto.randomUUID(), type: 'StaffUserRegistered', aggregateId: userId, orgId: null, correlationId: 'it', causationId: null, data: { userId, email, name: 'Regional', passwordHash: await hashPassword('enterprise-pass'), isOperator: false } }),
    ]);
    await eventually(async () => await h.tdb.db.staffUser.findUnique({ where: { id: userId } }));
    const enterpriseId = crypto.randomUUID();
    // Enterprises have no onboarding flow yet (a later issue); the read model row stands in for it.
    await h.tdb.db.enterprise.create({ data: { id: enterpriseId, name: 'Beta Group', admins: [email], createdAt: new Date() } });
    await h.tdb.db.organization.update({ where: { id: beta.orgId }, data: { enterpriseId } });

    const agent = await login(email, 'enterprise-pass');
    expect((await agent.get('/org').query({ id: beta.orgId })).status).toBe(200);
    expect((await agent.get('/org').query({ id: alpha.orgId })).status).toBe(401);
  });

  it('answers 307 without a session and 401 to a staff user on the admin API', async () => {
    expect((await request(h.app).get('/org').query({ id: alpha.orgId })).body).toEqual({ redirect: '/login', status: 307 });
    const agent = await login('owner@alpha.test', 'correct horse battery');
    const res = await agent.get('/organizations');
    expect(res.status).toBe(401);
    await agent.post('/auth/logout');
    expect((await agent.get('/auth/session')).status).toBe(307);
  });
});
