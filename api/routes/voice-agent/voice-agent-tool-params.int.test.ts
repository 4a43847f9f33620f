import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import request from 'supertest';
import { addDays, isWeekendDate } from '../../../domain/time/calendar';
import { toZonedParts } from '../../../domain/time/zoned-time';
import { eventually, uniqueName } from '../../../tests/support/integration';
import { startProductHarness, type ProductHarness } from '../../../tests/support/product-harness';

// The tool endpoint's parameter handling (org country, Unicode, doNotService), agents' tool schemas and the sandbox reset.

let h: ProductHarness;
const run = uniqueName('').replace(/^_/, '');
let org: string;
let auOrg: string;
let owner: ReturnType<typeof request.agent>;

async function onboard(name: string, adminEmail: string, timezone: string) {
  const res = await request(h.app)
    .post('/onboarding')
    .set('authorization', `Bearer ${h.adminToken}`)
    .send({
      name,
      admin_email: adminEmail,
      office_email: `office-${adminEmail}`,
      password: 'correct horse battery',
      timezone,
      trades_offered: ['HVAC'],
      crm_name: 'servicetitan',
    });
  expect(res.status).toBe(200);
  const status = await eventually(async () => {
    const s = await request(h.app).get('/workflow-status').query({ workflowId: res.body.workflowId }).set('authorization', `Bearer ${h.adminToken}`);
    return s.body.status === 'COMPLETED' ? s.body : null;
  }, 30_000);
  return status.result.orgId as string;
}

const tool = (orgId: string, body: object, query: object = {}) =>
  request(h.app).post(`/voice-agent/tool/${orgId}`).query(query).set('authorization', `Bearer ${h.adminToken}`).send(body);

function futureWeekday(tz: string, days = 4): string {
  let date = addDays(toZonedParts(new Date(), tz).date, days);
  while (isWeekendDate(date)) date = addDays(date, 1);
  return date;
}

beforeAll(async () => {
  h = await startProductHarness();
  [org, auOrg] = await Promise.all([
    onboard(`Params HVAC ${run}`, `owner-${run}@params.test`, 'America/New_York'),
    onboard(`Params AU ${run}`, `owner-${run}@params-au.test`, 'Australia/Melbourne'),
  ]);
  owner = request.agent(h.app);
  expect((await owner.post('/auth/login').send({ email: `owner-${run}@params.test`, password: 'correct horse battery' })).status).toBe(200);
}, 120_000);

afterAll(async () => {
  await h?.stop();
}, 60_000);

describe('tool parameters', () => {
  it("normalises phone numbers with the organization's country", async () => {
    const args = { is_emergency_callback: false, phone_number: '0412 345 678' };
    const au = await tool(auOrg, { tool: 'create_action_callback_request', args });
    expect(au.status).toBe(200);
    expect(au.body.data).toMatchObject({ action_status: 'COMPLETED', phoneNumber: '+61412345678' });
    expect(au.body.result).toContain('+61 412 345 678');
    const us = await tool(org, { tool: 'create_action_callback_request', args: { ...args, phone_number: '(512) 555-0144' } });
    expect(us.body.data).toMatchObject({ phoneNumber: '+15125550144' });
  }, 60_000);

  it('maps full-width digits, smart quotes and odd spaces to ASCII before reading the parameters', async () => {
    // Full-width digits are not \d: without the normalisation this number has no digits at all.
    const alice = await tool(org, { tool: 'check_customer', args: { phoneNumber: '（５１２）\u00a0５５５\u2013０１０１' } });
    expect(alice.body.result).toMatch(/^This is Alice Johnson at 120 Oak Street/);
    const address = await tool(org, {
      tool: 'check_address',
      args: { previouslyCalled: 'true', zipcode: '７８７０１', streetNumber: '120', streetName: 'Oak\u00a0Street' },
    });
    expect(address.body.result).toBe('That address is in our service area and on file: 120 Oak Street, Springfield. Continue with what the caller needs.');
  });

  it('check_address answers without a zip code instead of failing', async () => {
    const res = await tool(org, { tool: 'check_address', args: { previouslyCalled: true, streetName: 'Oak Street', city: 'Springfield' } });
    expect(res.status).toBe(200);
    expect(res.body.data).toEqual({ inServiceArea: null });
    expect(res.body.result).toMatch(/^Ask the caller for the zip code/);
  });

  it('honours the do-not-service flag unless the query says doNotService=false', async () => {
    const date = futureWeekday('America/New_York');
    const args = {
      appointment_time: `${date}T13:00:00`,
      job_type_id: '101',
      business_unit_id: '1',
      address: '77 Cedar Court, Springfield, TX',
      is_emergency_slot: false,
      full_name: 'Dan Wright',
      phone_number: '5125550105',
    };
    const jobsBefore = await h.tdb.db.sandboxJob.count({ where: { orgId: org } });

    for (const query of [{}, { doNotService: 'true' }]) {
      const refused = await tool(org, { tool: 'create_action_job_booking', args }, query);
      expect(refused.status).toBe(200);
      expect(refused.body.result).toMatch(/^Dan Wright is marked do not service, so I can't book this\./);
      expect(refused.body.data).toMatchObject({ doNotService: true });
      expect((await tool(org, { tool: 'check_customer', args: { phoneNumber: '5125550105' } }, query)).body.result).toMatch(
        /Dan Wright is marked do not service/,
      );
    }
    expect(await h.tdb.db.sandboxJob.count({ where: { orgId: org } })).toBe(jobsBefore);

    const served = await tool(org, { tool: 'check_customer', args: { phoneNumber: '5125550105' } }, { doNotService: 'false' });
    expect(served.body.result).toMatch(/^This is Dan Wright at 77 Cedar Court/);
    const booked = await tool(org, { tool: 'create_action_job_booking', args }, { doNotService: 'false' });
    expect(booked.body.data).toMatchObject({ action_status: 'COMPLETED', jobNumber: expect.stringMatching(/^SB-/) });
    expect(await h.tdb.db.sandboxJob.count({ where: { orgId: org } })).toBe(jobsBefore + 1);

    const bad = await tool(org, { tool: 'check_customer', args: { phoneNumber: '5125550105' } }, { doNotService: 'maybe' });
    expect(bad.body).toMatchObject({ error: 'Bad Request', status: 400, message: 'doNotService must be true or false' });
  }, 60_000);
});

describe("agents' tool schemas", () => {
  it("gives an agent its template tools on the org's tool endpoint, swapped by the feature flags", async () => {
    const agents = (await owner.get('/voice-agent/web-call/agents').query({ orgId: org })).body.agents as { id: string; agent_type: string }[];
    const csr = agents.find((a) => a.agent_type === 'OFFICE_HOURS_CSR')!;
    const res = await owner.get(`/voice-agent/agents/${csr.id}/tools`).query({ orgId: org });
    expect(res.status).toBe(200);
    expect(res.body.tools.map((t: { name: string }) => t.name)).toEqual([
      'check_address',
      'get_capacity',
      'create_action_job_booking',
      'create_action_callback_request',
      'end_call',
    ]);
    const booking = res.body.tools.find((t: { name: string }) => t.name === 'create_action_job_booking');
    expect(booking).toMatchObject({ type: 'http', method: 'POST', query_params: { doNotService: 'true' } });
    expect(booking.url).toMatch(new RegExp(`/voice-agent/tool/${org}$`));

    const row = { settings: { feature_flags: { has_zones: true } }, streamVersion: 1, updatedAt: new Date() };
    await h.tdb.db.organizationCapacitySettings.upsert({ where: { orgId: org }, create: { orgId: org, ...row }, update: row });
    const zoned = await owner.get(`/voice-agent/agents/${csr.id}/tools`).query({ orgId: org });
    expect(zoned.body.tools[1]).toMatchObject({ name: 'get_capacity_zones', parameters: { required: expect.arrayContaining(['zipcode']) } });
    await h.tdb.db.organizationCapacitySettings.delete({ where: { orgId: org } });

    expect((await owner.get(`/voice-agent/agents/${crypto.randomUUID()}/tools`).query({ orgId: org })).status).toBe(404);
    expect((await owner.get(`/voice-agent/agents/${csr.id}/tools`).query({ orgId: auOrg })).status).toBe(401);
  });

  it('refuses an unknown template tool type with the spec message', async () => {
    const preview = (body: object) => request(h.app).post('/voice-agent/tool-schemas').set('authorization', `Bearer ${h.adminToken}`).send(body);
    const ok = await preview({
      orgId: org,
      template_tools: ['get_jobs', 'press_digit'],
      custom_tools: [{ name: 'warranty', url: 'https://hooks.example.test/{org_id}' }],
    });
    expect(ok.body.tools.map((t: { name: string }) => t.name)).toEqual(['get_jobs', 'press_digit', 'warranty']);
    expect(ok.body.tools[2].url).toBe(`https://hooks.example.test/${org}`);
    const unknown = await preview({ orgId: org, template_tools: ['check_customer', 'order_pizza'] });
    expect(unknown.body).toMatchObject({ error: 'Bad Request', status: 400, message: 'Template tool schema not found for tool type: order_pizza' });
    expect((await owner.post('/voice-agent/tool-schemas').send({ orgId: org, template_tools: [] })).status).toBe(401);
  });
});

describe('POST /crm/sandbox/reset', () => {
  it('puts data changed by a booking back to the seed, for operators only', async () => {
    const snapshot = async () => ({
      jobs: await h.tdb.db.sandboxJob.findMany({
        where: { orgId: auOrg },
        select: { jobStatus: true, summary: true, jobTypeId: true },
        orderBy: { id: 'asc' },
      }),
      customers: (await h.tdb.db.sandboxCustomer.findMany({ where: { orgId: auOrg }, select: { name: true, phones: true }, orderBy: { id: 'asc' } })).map(
        (c) => c.name,
      ),
      bookings: await h.tdb.db.sandboxBooking.count({ where: { orgId: auOrg } }),
      callbacks: await h.tdb.db.sandboxCallbackRequest.count({ where: { orgId: auOrg } }),
    });
    const reset = () => request(h.app).post('/crm/sandbox/reset').query({ orgId: auOrg }).set('authorization', `Bearer ${h.adminToken}`);
    expect((await reset()).body).toMatchObject({ orgId: auOrg, reset: true });
    const seed = await snapshot();

    const date = futureWeekday('Australia/Melbourne');
    const booked = await tool(auOrg, {
      tool: 'create_action_job_booking',
      args: {
        appointment_time: `${date}T13:00:00`,
        job_type_id: '101',
        business_unit_id: '1',
        address: '9 Wattle Street, Springfield',
        is_emergency_slot: false,
        full_name: 'Nina Park',
        phone_number: '0412 555 019',
      },
    });
    expect(booked.body.data).toMatchObject({ action_status: 'COMPLETED' });
    await tool(auOrg, { tool: 'create_action_callback_request', args: { is_emergency_callback: true, phone_number: '0412 555 019' } });
    expect(await snapshot()).not.toEqual(seed);

    const res = await reset();
    expect(res.status).toBe(200);
    expect(await snapshot()).toEqual(seed);

    expect((await owner.post('/crm/sandbox/reset').query({ orgId: org })).body).toEqual({
      error: 'Unauthorized',
      status: 401,
      message: 'Operator access required',
    });
    expect((await request(h.app).post('/crm/sandbox/reset').query({ orgId: crypto.randomUUID() }).set('authorization', `Bearer ${h.adminToken}`)).status).toBe(
      404,
    );
  }, 60_000);
});
