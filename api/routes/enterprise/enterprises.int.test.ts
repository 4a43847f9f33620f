import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import request from 'supertest';
import { staffUserIdFor } from '../../../lib/ids';
import { eventually, uniqueName } from '../../../tests/support/integration';
import { onboardAndLogIn, onboardOrganization, registerStaffUser } from '../../../tests/support/onboard';
import { startProductHarness, type ProductHarness } from '../../../tests/support/product-harness';

// Enterprises through the stack: an operator creates one and groups organizations in it (events projected into the
// enterprises and organizations read models); its admin opens it and every organization in it, and nothing else.

let h: ProductHarness;
const run = uniqueName('').replace(/^_/, '');
const regional = `regional-${run}@enterprise.test`;
let orgA: string;
let orgB: string;
let orgC: string;
let ownerA: ReturnType<typeof request.agent>;
let ownerC: ReturnType<typeof request.agent>;
let enterpriseId: string;

const asOperator = (req: request.Test) => req.set('authorization', `Bearer ${h.adminToken}`);

beforeAll(async () => {
  h = await startProductHarness();
  ({ orgId: orgA, agent: ownerA } = await onboardAndLogIn(h, { name: `Alamo Air ${run}`, adminEmail: `a-${run}@enterprise.test` }));
  orgB = await onboardOrganization(h, { name: `Brazos Plumbing ${run}`, adminEmail: `b-${run}@enterprise.test` });
  ({ orgId: orgC, agent: ownerC } = await onboardAndLogIn(h, { name: `Cedar Electric ${run}`, adminEmail: `c-${run}@enterprise.test` }));
  await registerStaffUser(h, { email: regional, password: 'enterprise-pass', name: 'Regional Manager' });
}, 240_000);

afterAll(async () => {
  await h?.stop();
}, 60_000);

describe('enterprises', () => {
  it('refuses a nameless enterprise, a bad admin e-mail and a staff user, creating nothing', async () => {
    const nameless = await asOperator(request(h.app).post('/enterprise')).send({ name: ' ', admins: [] });
    expect(nameless.status).toBe(400);
    expect(nameless.body.message).toContain('Name is required');
    const badEmail = await asOperator(request(h.app).post('/enterprise')).send({ name: 'X', admins: ['not-an-email'] });
    expect(badEmail.status).toBe(400);
    expect(badEmail.body.message).toContain('Invalid email format');
    const staff = await ownerA.post('/enterprise').send({ name: 'Mine', admins: [] });
    expect(staff.status).toBe(401);
    const list = await asOperator(request(h.app).get('/enterprises'));
    expect(list.body.enterprises).toEqual([]);
  });

  it('is created by an operator and groups organizations, once each', async () => {
    const created = await asOperator(request(h.app).post('/enterprise')).send({ name: `Lone Star ${run}`, admins: [regional.toUpperCase()] });
    expect(created.status).toBe(201);
    expect(created.body).toMatchObject({ name: `Lone Star ${run}`, admins: [regional], organizations: [] });
    enterpriseId = created.body.id;
    await eventually(async () => await h.tdb.db.enterprise.findUnique({ where: { id: enterpriseId } }));

    for (const orgId of [orgA, orgB]) {
      const added = await asOperator(request(h.app).put('/enterprise/organizations')).send({ enterpriseId, orgId });
      expect(added.body).toEqual({ success: true, message: 'Organization added to the enterprise' });
    }
    await eventually(async () => ((await h.tdb.db.organization.count({ where: { enterpriseId } })) === 2 ? true : null));
    const again = await asOperator(request(h.app).put('/enterprise/organizations')).send({ enterpriseId, orgId: orgA });
    expect(again.body.message).toBe('The organization is already in this enterprise');

    const unknownEnterprise = await asOperator(request(h.app).put('/enterprise/organizations')).send({ enterpriseId: crypto.randomUUID(), orgId: orgA });
    expect(unknownEnterprise.status).toBe(404);
    expect(unknownEnterprise.body).toEqual({ error: 'Not Found', status: 404, message: 'Enterprise not found' });
    const unknownOrg = await asOperator(request(h.app).put('/enterprise/organizations')).send({ enterpriseId, orgId: crypto.randomUUID() });
    expect(unknownOrg.body.message).toBe('Organization not found');

    const list = await asOperator(request(h.app).get('/enterprises'));
    expect(list.body.enterprises).toEqual([{ id: enterpriseId, name: `Lone Star ${run}`, admins: [regional], organizations_count: 2 }]);
  });

  it("gives the enterprise's admin the enterprise and each of its organizations, and no other", async () => {
    const admin = request.agent(h.app);
    expect((await admin.post('/auth/login').send({ email: regional, password: 'enterprise-pass' })).status).toBe(200);
    const enterprise = await admin.get('/enterprise').query({ id: enterpriseId });
    expect(enterprise.status).toBe(200);
    expect(enterprise.body.organizations.map((o: { id: string }) => o.id).sort()).toEqual([orgA, orgB].sort());

    const session = await admin.get('/auth/session');
    expect(session.body.enterprises).toEqual([{ id: enterpriseId, name: `Lone Star ${run}`, organization_ids: expect.arrayContaining([orgA, orgB]) }]);
    expect(session.body.organizations.map((o: { id: string }) => o.id).sort()).toEqual([orgA, orgB].sort());
    expect((await admin.get('/org').query({ id: orgB })).status).toBe(200);
    expect((await admin.get('/org').query({ id: orgC })).status).toBe(401);

    // An organization's own admin is not the enterprise's: the enterprise is not disclosed.
    const outsider = await ownerC.get('/enterprise').query({ id: enterpriseId });
    expect(outsider.status).toBe(401);
    expect((await ownerC.get('/enterprise').query({ id: 'nope' })).status).toBe(400);
    // An unknown id gets the same answer as another's enterprise.
    expect((await admin.get('/enterprise').query({ id: crypto.randomUUID() })).body).toEqual({
      error: 'Unauthorized',
      status: 401,
      message: 'You do not have access to this enterprise',
    });
  });

  it('answers POST /org with the organization of the user, or null, to that user and to operators only', async () => {
    const userA = staffUserIdFor(`a-${run}@enterprise.test`);
    const own = await ownerA.post('/org').send({ userId: userA });
    expect(own.status).toBe(200);
    expect(own.body).toMatchObject({ id: orgA, enterprise_id: enterpriseId });
    expect((await ownerC.post('/org').send({ userId: userA })).status).toBe(401);
    expect((await ownerA.post('/org').send({ userId: 'x' })).body.message).toContain('userId must be a UUID');
    // The enterprise's admin opens organizations through the enterprise but belongs to none.
    const admin = request.agent(h.app);
    await admin.post('/auth/login').send({ email: regional, password: 'enterprise-pass' });
    const none = await admin.post('/org').send({ userId: staffUserIdFor(regional) });
    expect(none.status).toBe(200);
    expect(none.body).toBeNull();
  });
});
