import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import request from 'supertest';
import { uniqueName } from '../../../tests/support/integration';
import { onboardAndLogIn } from '../../../tests/support/onboard';
import { startProductHarness, type ProductHarness } from '../../../tests/support/product-harness';

let h: ProductHarness;
let agent: ReturnType<typeof request.agent>;
let org: string;
const run = uniqueName('').replace(/^_/, '');

const send = (method: 'post' | 'patch', path: string, body: object) => agent[method](path).query({ orgId: org }).send(body);
const bad = (message: string) => expect.objectContaining({ error: 'Bad Request', status: 400, message });

beforeAll(async () => {
  h = await startProductHarness();
  ({ orgId: org, agent } = await onboardAndLogIn(h, {
    name: `CRM Staff ${run}`,
    adminEmail: `owner-${run}@staff.test`,
    timezone: 'America/Chicago',
    crmName: 'servicetitan',
  }));
}, 120_000);

afterAll(async () => {
  await h?.stop();
}, 60_000);

describe('/crm staff writes', () => {
  it('creates an employee from {username, roleId} and still lists for an {orgId}-only body', async () => {
    const created = await send('post', '/crm/employees', { username: `dana-${run}`, roleId: '3' });
    expect(created.status).toBe(200);
    expect(created.body).toEqual({ id: expect.any(String) });

    const list = await agent.post('/crm/employees').send({ orgId: org });
    expect(list.status).toBe(200);
    expect(list.body.data).toContainEqual(expect.objectContaining({ id: created.body.id, name: `dana-${run}`, role: 'CSR' }));

    const again = await send('post', '/crm/employees', { username: `dana-${run}`, roleId: '3' });
    expect(again.body).toEqual(bad(`Username dana-${run} is already taken`));
    expect((await send('post', '/crm/employees', { username: '', roleId: '3' })).body).toEqual(bad('username is required'));
    expect((await send('post', '/crm/employees', { username: 'x', roleId: '999' })).body).toEqual(bad('Role 999 not found'));
  });

  it('changes an employee role and positions, 404 for an unknown employee', async () => {
    const updated = await send('patch', '/crm/employees', { employeeId: '2003', roleId: '2', positions: ['Lead CSR'] });
    expect(updated.status).toBe(200);
    expect(updated.body).toEqual({ id: '2003' });
    const list = await agent.get('/crm/employees').query({ orgId: org });
    expect(list.body).toContainEqual(expect.objectContaining({ id: '2003', role: 'Dispatcher' }));

    expect((await send('patch', '/crm/employees', { employeeId: '2003' })).body).toEqual(bad('At least one of roleId or positions must be provided'));
    const missing = await send('patch', '/crm/employees', { employeeId: '9999', roleId: '2' });
    expect(missing.status).toBe(404);
  });

  it('sends a password reset link to a known employee', async () => {
    const sent = await send('post', '/crm/sendPasswordResetLink', { employeeId: '2001', orgId: org });
    expect(sent.status).toBe(200);
    expect(sent.body).toEqual({ status: 'SENT' });
    expect((await send('post', '/crm/sendPasswordResetLink', { orgId: org })).body).toEqual(bad('employeeId is required'));
    expect((await send('post', '/crm/sendPasswordResetLink', { employeeId: '9999' })).status).toBe(404);
  });

  it('creates onboarding job types once, answering name → id', async () => {
    const body = {
      jobTypes: ['Sump Pump Install', 'AC Repair'],
      descriptions: ['Install a sump pump', 'ignored'],
      businessUnits: ['Plumbing Service'],
      org_name: 'Staff Co',
    };
    const first = await send('post', '/crm/onboarding-job-types', body);
    expect(first.status).toBe(200);
    expect(first.body).toEqual({ 'Sump Pump Install': expect.any(String), 'AC Repair': '101' });
    expect((await send('post', '/crm/onboarding-job-types', body)).body).toEqual(first.body);
    const types = await agent.get('/crm/job-types').query({ orgId: org });
    expect(types.body).toContainEqual(expect.objectContaining({ id: first.body['Sump Pump Install'], name: 'Sump Pump Install', businessUnitIds: ['2'] }));

    expect((await send('post', '/crm/onboarding-job-types', { ...body, descriptions: [] })).body).toEqual(bad('descriptions must have one entry per job type'));
    expect((await send('post', '/crm/onboarding-job-types', { ...body, org_name: '' })).body).toEqual(bad('org_name is required'));
  });

  it('selects customers by audience rules, ids only for an exclusion', async () => {
    const all = await send('post', '/crm/customers/audience-rules', { rules: {}, isExclusion: false });
    expect(all.status).toBe(200);
    expect(all.body.length).toBeGreaterThan(0);
    const hvac = await send('post', '/crm/customers/audience-rules', { rules: { business_units: [{ id: '1', name: 'HVAC Service' }] }, isExclusion: true });
    expect(hvac.status).toBe(200);
    expect(hvac.body.length).toBeGreaterThan(0);
    expect(hvac.body.length).toBeLessThan(all.body.length);
    for (const c of hvac.body) expect(Object.keys(c)).toEqual(['id']);
    expect((await send('post', '/crm/customers/audience-rules', { rules: {}, isExclusion: 'yes' })).body).toEqual(bad('isExclusion must be a boolean'));
  });
});
