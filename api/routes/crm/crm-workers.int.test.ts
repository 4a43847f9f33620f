import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import request from 'supertest';
import { eventually, uniqueName } from '../../../tests/support/integration';
import { startProductHarness, type ProductHarness } from '../../../tests/support/product-harness';

let h: ProductHarness;
const run = uniqueName('').replace(/^_/, '');
let withCrm: string;
let noCrm: string;
let owner: ReturnType<typeof request.agent>;

async function onboard(name: string, email: string, crmName: string): Promise<string> {
  const res = await request(h.app)
    .post('/onboarding')
    .set('authorization', `Bearer ${h.adminToken}`)
    .send({
      name,
      admin_email: email,
      office_email: `office-${email}`,
      password: 'correct horse battery',
      timezone: 'America/Chicago',
      trades_offered: ['HVAC'],
      crm_name: crmName,
    });
  expect(res.status).toBe(200);
  const status = await eventually(async () => {
    const s = await request(h.app).get('/workflow-status').query({ workflowId: res.body.workflowId }).set('authorization', `Bearer ${h.adminToken}`);
    return s.body.status === 'COMPLETED' ? s.body : null;
  }, 30_000);
  return status.result.orgId;
}

beforeAll(async () => {
  h = await startProductHarness();
  const email = `owner-${run}@workers.test`;
  withCrm = await onboard(`Workers HVAC ${run}`, email, 'servicetitan');
  noCrm = await onboard(`Workers None ${run}`, `none-${run}@workers.test`, 'NONE');
  owner = request.agent(h.app);
  expect((await owner.post('/auth/login').send({ email, password: 'correct horse battery' })).status).toBe(200);
}, 120_000);

afterAll(async () => {
  await h?.stop();
}, 60_000);

describe('CRM worker lists for the On-call Scheduler', () => {
  it('lists the technicians with role "Technician" and the employees with theirs', async () => {
    const techs = await owner.post('/crm/technicians').send({ orgId: withCrm });
    expect(techs.status).toBe(200);
    expect(techs.body.data.length).toBeGreaterThan(0);
    for (const t of techs.body.data) {
      expect(t).toEqual({ id: expect.any(String), name: expect.any(String), email: expect.anything(), phoneNumber: expect.any(String), role: 'Technician' });
      expect(t.phoneNumber.length).toBeGreaterThanOrEqual(10);
    }
    const employees = await owner.post('/crm/employees').send({ orgId: withCrm });
    expect(employees.status).toBe(200);
    expect(employees.body.data.length).toBeGreaterThan(0);
    expect(employees.body.data[0]).toEqual({
      id: expect.any(String),
      name: expect.any(String),
      email: expect.anything(),
      phoneNumber: expect.any(String),
      role: expect.any(String),
    });
  });

  it('refuses a malformed orgId, a missing one and another organization', async () => {
    const bad = await owner.post('/crm/technicians').send({ orgId: 'nope' });
    expect(bad.body).toMatchObject({ error: 'Bad Request', status: 400, message: 'orgId must be a UUID' });
    expect((await owner.post('/crm/employees').send({})).status).toBe(401);
    expect((await owner.post('/crm/employees').send({ orgId: noCrm })).body).toEqual({
      error: 'Unauthorized',
      status: 401,
      message: 'You do not have access to this organization',
    });
    expect((await request(h.app).post('/crm/employees').send({ orgId: withCrm })).status).toBe(307);
  });

  it('gives an organization without a CRM empty lists', async () => {
    const other = request.agent(h.app);
    expect((await other.post('/auth/login').send({ email: `none-${run}@workers.test`, password: 'correct horse battery' })).status).toBe(200);
    expect((await other.post('/crm/technicians').send({ orgId: noCrm })).body).toEqual({ data: [] });
    expect((await other.post('/crm/employees').send({ orgId: noCrm })).body).toEqual({ data: [] });
  });
});
