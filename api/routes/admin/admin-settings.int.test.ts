import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import request from 'supertest';
import { eventually, testLogger, uniqueName } from '../../../tests/support/integration';
import { onboardAndLogIn } from '../../../tests/support/onboard';
import { startProductHarness, type ProductHarness } from '../../../tests/support/product-harness';
import { organizationsProjection } from '../../../events/projections/organizations/organizations.projection';
import { rebuildReadModels } from '../../../events/rebuild-read-models';

// 000 §7 Admin API: GET/PUT /billing and /office-email on the whole product: each PUT is an event on the
// organization, projected into the organizations read model (and replayed by a rebuild).

let h: ProductHarness;
const run = uniqueName('').replace(/^_/, '');
const name = `Admin settings ${run}`;
let orgId: string;
let owner: ReturnType<typeof request.agent>;
const admin = (r: request.Test) => r.set('authorization', `Bearer ${h.adminToken}`);
const BILLING_ID = 'cus_Q1w2E3r4T5y6U7';
const UNKNOWN_ORG = '7e7e7e7e-7777-4777-8777-777777777777';

beforeAll(async () => {
  h = await startProductHarness();
  ({ orgId, agent: owner } = await onboardAndLogIn(h, { name, adminEmail: `owner-${run}@admin.test`, officeEmail: `office-${run}@admin.test` }));
}, 180_000);

afterAll(async () => {
  await h?.stop();
}, 60_000);

describe('billing (GET/PUT /billing)', () => {
  it('lists every organization, billing id null until an operator sets it, then the read model follows', async () => {
    const before = await admin(request(h.app).get('/billing'));
    expect(before.status).toBe(200);
    expect(before.body).toEqual(expect.arrayContaining([{ id: orgId, name, stripe_billing_id: null }]));

    const set = await admin(request(h.app).put('/billing')).send({ id: orgId, stripe_billing_id: BILLING_ID });
    expect(set.status).toBe(200);
    expect(set.body).toEqual(expect.arrayContaining([{ id: orgId, name, stripe_billing_id: BILLING_ID }]));
    expect(set.body).toHaveLength(before.body.length);

    const listed = await eventually(async () => {
      const res = await admin(request(h.app).get('/billing'));
      return res.body.find((o: { id: string; stripe_billing_id: string | null }) => o.id === orgId && o.stripe_billing_id === BILLING_ID);
    });
    expect(listed).toEqual({ id: orgId, name, stripe_billing_id: BILLING_ID });
    // The same id again changes nothing and is still a 200.
    expect((await admin(request(h.app).put('/billing')).send({ id: orgId, stripe_billing_id: BILLING_ID })).status).toBe(200);
  });

  it.each([
    ['shorter than 18 characters', { stripe_billing_id: 'cus_short' }, 'stripe_billing_id', 'stripe_billing_id must be exactly 18 characters'],
    ['longer than 18 characters', { stripe_billing_id: `${BILLING_ID}xx` }, 'stripe_billing_id', 'stripe_billing_id must be exactly 18 characters'],
    ['missing', {}, 'stripe_billing_id', 'stripe_billing_id must be exactly 18 characters'],
    ['for an id that is not a UUID', { id: 'acme', stripe_billing_id: BILLING_ID }, 'id', 'id must be a UUID'],
  ])('answers 400 to a billing id %s', async (_label, body, path, message) => {
    const res = await admin(request(h.app).put('/billing')).send({ id: orgId, ...body });

    expect(res.status).toBe(400);
    expect(res.body).toEqual({ error: 'Bad Request', status: 400, message, issues: [{ path, message }] });
  });

  it('answers 404 for an organization that does not exist', async () => {
    const res = await admin(request(h.app).put('/billing')).send({ id: UNKNOWN_ORG, stripe_billing_id: BILLING_ID });

    expect(res.status).toBe(404);
    expect(res.body).toEqual({ error: 'Not Found', status: 404, message: 'Organization not found' });
  });

  it('answers 401 to staff who are not operators', async () => {
    expect((await owner.get('/billing')).status).toBe(401);
    const put = await owner.put('/billing').send({ id: orgId, stripe_billing_id: 'cus_000000000000ZZ' });
    expect(put.status).toBe(401);
    expect(put.body).toEqual({ error: 'Unauthorized', status: 401, message: 'Operator access required' });
  });
});

describe('office e-mail (GET/PUT /office-email)', () => {
  it('lists the e-mail onboarding set, and an operator changes it', async () => {
    const before = await admin(request(h.app).get('/office-email'));
    expect(before.status).toBe(200);
    expect(before.body.orgs).toEqual(expect.arrayContaining([{ id: orgId, name, office_email: `office-${run}@admin.test` }]));

    const set = await admin(request(h.app).put('/office-email')).send({ orgId, officeEmail: `dispatch-${run}@admin.test` });
    expect(set.status).toBe(200);
    expect(set.body).toEqual({ success: true, message: 'Office email updated' });

    await eventually(async () => {
      const res = await admin(request(h.app).get('/office-email'));
      return res.body.orgs.some((o: { id: string; office_email: string }) => o.id === orgId && o.office_email === `dispatch-${run}@admin.test`);
    });
    // The organization's own page shows it too (GET /org reads the same read model).
    expect((await owner.get(`/org?id=${orgId}`)).body.office_email).toBe(`dispatch-${run}@admin.test`);
    expect((await admin(request(h.app).put('/office-email')).send({ orgId, officeEmail: `dispatch-${run}@admin.test` })).status).toBe(200);
  });

  it.each([
    ['not an e-mail', { officeEmail: 'dispatch at acme' }, 'officeEmail', 'Invalid email format'],
    ['empty', { officeEmail: '' }, 'officeEmail', 'Invalid email format'],
    ['missing', { officeEmail: undefined }, 'officeEmail', 'Invalid email format'],
    ['for an orgId that is not a UUID', { orgId: 'acme', officeEmail: 'a@b.test' }, 'orgId', 'orgId must be a UUID'],
  ])('answers 400 to an office e-mail %s', async (_label, body, path, message) => {
    const res = await admin(request(h.app).put('/office-email')).send({ orgId, ...body });

    expect(res.status).toBe(400);
    expect(res.body).toEqual({ error: 'Bad Request', status: 400, message, issues: [{ path, message }] });
  });

  it('answers 404 for an organization that does not exist', async () => {
    const res = await admin(request(h.app).put('/office-email')).send({ orgId: UNKNOWN_ORG, officeEmail: 'a@b.test' });

    expect(res.status).toBe(404);
    expect(res.body).toEqual({ error: 'Not Found', status: 404, message: 'Organization not found' });
  });

  it('answers 401 to staff who are not operators and 307 without a session', async () => {
    expect((await owner.get('/office-email')).status).toBe(401);
    expect((await owner.put('/office-email').send({ orgId, officeEmail: 'x@admin.test' })).status).toBe(401);
    const anonymous = await request(h.app).get('/office-email');
    expect(anonymous.status).toBe(307);
    expect(anonymous.body).toEqual({ redirect: '/login', status: 307 });
  });
});

describe('a rebuild of the organizations read model', () => {
  it('replays the billing id and office e-mail from the log', async () => {
    await eventually(async () => {
      const row = await h.tdb.db.organization.findUnique({ where: { id: orgId } });
      return row?.stripeBillingId === BILLING_ID && row.officeEmail === `dispatch-${run}@admin.test`;
    });
    await h.tdb.db.organization.update({ where: { id: orgId }, data: { stripeBillingId: null, officeEmail: 'tampered@admin.test' } });

    await rebuildReadModels({ db: h.tdb.db, databaseUrl: h.tdb.url, bus: h.bus, projections: [organizationsProjection], logger: testLogger });

    const row = await h.tdb.db.organization.findUnique({ where: { id: orgId } });
    expect(row).toMatchObject({ stripeBillingId: BILLING_ID, officeEmail: `dispatch-${run}@admin.test` });
  }, 60_000);
});
