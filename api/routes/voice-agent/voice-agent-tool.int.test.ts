import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import request from 'supertest';
import { addDays, isWeekendDate } from '../../../domain/time/calendar';
import { toZonedParts } from '../../../domain/time/zoned-time';
import { createSandboxCrm } from '../../../activities/crm/adapters/sandbox/sandbox-crm.adapter';
import { eventually, uniqueName } from '../../../tests/support/integration';
import { onboardOrganization } from '../../../tests/support/onboard';
import { startProductHarness, type ProductHarness } from '../../../tests/support/product-harness';

let h: ProductHarness;
const run = uniqueName('').replace(/^_/, '');
const TZ = 'America/New_York';
let org: string;
let noCrmOrg: string;

const onboard = (name: string, adminEmail: string, crmName: string) => onboardOrganization(h, { name, adminEmail, timezone: TZ, crmName });

const tool = (orgId: string, body: object) => request(h.app).post(`/voice-agent/tool/${orgId}`).set('authorization', `Bearer ${h.adminToken}`).send(body);

/** A weekday at least three days out, clear of the seeded appointments (days +1 and +2). */
function futureWeekday(): string {
  let date = addDays(toZonedParts(new Date(), TZ).date, 3);
  while (isWeekendDate(date)) date = addDays(date, 1);
  return date;
}

beforeAll(async () => {
  h = await startProductHarness();
  [org, noCrmOrg] = await Promise.all([
    onboard(`Tools HVAC ${run}`, `owner-${run}@tools.test`, 'servicetitan'),
    onboard(`No CRM ${run}`, `owner-${run}@nocrm.test`, 'NONE'),
  ]);
}, 120_000);

afterAll(async () => {
  await h?.stop();
}, 60_000);

describe('sandbox CRM seeding at onboarding', () => {
  it('seeds a contractor for an org with a CRM, once, and none for crm_name NONE', async () => {
    expect(await h.tdb.db.sandboxReference.count({ where: { orgId: org, kind: 'job_type' } })).toBe(6);
    expect(await h.tdb.db.sandboxCustomer.count({ where: { orgId: org } })).toBe(5);
    expect(await h.tdb.db.sandboxReference.count({ where: { orgId: noCrmOrg } })).toBe(0);
    const again = await createSandboxCrm(h.tdb.db).seed({ orgId: org, timeZone: TZ, today: '2026-01-05' });
    expect(again).toEqual({ seeded: false });
    expect(await h.tdb.db.sandboxCustomer.count({ where: { orgId: org } })).toBe(5);
  });
});

describe('the sandbox CRM booking', () => {
  it('creates one job for one idempotency key however many concurrent requests carry it', async () => {
    const crm = createSandboxCrm(h.tdb.db).forOrganization(org);
    const [alice] = await crm.findCustomersByPhone('5125550101');
    const start = new Date(Date.now() + 10 * 86_400_000);
    const input = {
      idempotencyKey: `key-${run}`,
      customerId: alice.id,
      locationId: alice.locations[0].id,
      jobTypeId: '102',
      businessUnitId: '1',
      summary: 'Tune-up',
      appointment: { start, end: new Date(start.getTime() + 5_400_000) },
    };
    const jobs = await Promise.all(Array.from({ length: 5 }, () => crm.createJob(input)));
    expect(new Set(jobs.map((j) => j.id)).size).toBe(1);
    expect(await h.tdb.db.sandboxJob.count({ where: { orgId: org, idempotencyKey: `key-${run}` } })).toBe(1);
    expect(await h.tdb.db.sandboxAppointment.count({ where: { jobId: Number(jobs[0].id) } })).toBe(1);
  });
});

describe('POST /voice-agent/tool/{orgId}', () => {
  it('refuses callers without the tool secret or operator token, and accepts the org tool secret', async () => {
    const body = { tool: 'end_call', args: {} };
    const anon = await request(h.app).post(`/voice-agent/tool/${org}`).send(body);
    expect(anon.status).toBe(401);
    expect(anon.body).toEqual({ error: 'Unauthorized', status: 401, message: 'A valid tool secret or operator token is required' });
    await h.voicePlatforms.save(org, 'retell', { webhookSecret: `whsec-${run}`, toolSecret: `secret-${run}`, apiKey: null, baseUrl: null, active: false });
    for (const secret of ['nope', `whsec-${run}`]) {
      const wrong = await request(h.app).post(`/voice-agent/tool/${org}`).set('x-tool-secret', secret).send(body);
      expect(wrong.status).toBe(401); // the webhook secret is the vendor's to sign with, not a tool secret
    }
    // The secret of one org does not open another's tools.
    const otherOrg = await request(h.app).post(`/voice-agent/tool/${noCrmOrg}`).set('x-tool-secret', `secret-${run}`).send(body);
    expect(otherOrg.status).toBe(401);
    const ok = await request(h.app).post(`/voice-agent/tool/${org}`).set('x-tool-secret', `secret-${run}`).send(body);
    expect(ok.status).toBe(200);
    expect(ok.body).toMatchObject({ end_call: true });
  });

  it('names an unknown tool type with the spec message', async () => {
    const res = await tool(org, { tool: 'order_pizza', args: {} });
    expect(res.body).toMatchObject({ error: 'Bad Request', status: 400, message: 'Template tool schema not found for tool type: order_pizza' });
  });

  it('answers press_digit with the 1000 ms delay', async () => {
    const res = await tool(org, { tool: 'press_digit', args: { digit: '1' } });
    expect(res.body).toMatchObject({ delay_ms: 1000, data: { digit: '1' } });
  });

  it('check_customer finds a caller by any spelling of their number, in Retell and Vapi shapes too', async () => {
    const ours = await tool(org, { tool: 'check_customer', args: { phoneNumber: '(512) 555-0101' } });
    expect(ours.status).toBe(200);
    expect(ours.body.result).toMatch(/^This is Alice Johnson at 120 Oak Street, Springfield 78701\. Confirm/);
    const retell = await tool(org, { name: 'check_customer', args: { phoneNumber: '+15125550102' }, call: { call_id: 'x' } });
    expect(retell.body.result).toMatch(/Bob Martinez/);
    const vapi = await tool(org, {
      message: { type: 'tool-calls', toolCallList: [{ id: 'call-1', function: { name: 'check_customer', arguments: '{"phoneNumber":"5125550199"}' } }] },
    });
    expect(vapi.body.results).toEqual([
      { toolCallId: 'call-1', result: 'No customer record matches that number. Ask for the caller’s full name and service address.' },
    ]);
    const dns = await tool(org, { tool: 'check_customer', args: { phoneNumber: '5125550105' } });
    expect(dns.body.result).toMatch(/Dan Wright is marked do not service/);
    const missing = await tool(org, { tool: 'check_customer', args: {} });
    expect(missing.status).toBe(400);
  });

  it('check_address applies the zip rule and the service area', async () => {
    const bad = await tool(org, { tool: 'check_address', args: { previouslyCalled: false, zipcode: '7870' } });
    expect(bad.body).toMatchObject({ error: 'Bad Request', status: 400, message: 'Please ask the customer for their zip code.' });
    // zipcode is optional (spec 000 §5): without one the agent is asked to get it, not failed.
    const none = await tool(org, { tool: 'check_address', args: { previouslyCalled: false } });
    expect(none.status).toBe(200);
    expect(none.body).toEqual({
      result: 'Ask the caller for the zip code of the service address, then call check_address again with it.',
      data: { inServiceArea: null },
    });
    const inside = await tool(org, {
      tool: 'check_address',
      args: { previouslyCalled: 'true', zipcode: ' 78701 ', streetNumber: '120', streetName: 'Oak Street' },
    });
    expect(inside.body.result).toBe('That address is in our service area and on file: 120 Oak Street, Springfield. Continue with what the caller needs.');
    const outside = await tool(org, { tool: 'check_address', args: { previouslyCalled: false, zipcode: '90210' } });
    expect(outside.body.result).toMatch(/^We don't serve zip code 90210/);
  });

  it('get_capacity validates its parameters and offers open arrival windows', async () => {
    const date = futureWeekday();
    const args = { time_to_check: `${date}T10:30:00`, job_type_id: '101', business_unit: '1', priority: 3, execution_message: 'Checking' };
    const past = await tool(org, { tool: 'get_capacity', args: { ...args, time_to_check: '2020-01-06T10:00:00' } });
    expect(past.body).toMatchObject({ error: 'Bad Request', status: 400, message: 'time_to_check must be in the future.' });
    const withZone = await tool(org, { tool: 'get_capacity', args: { ...args, time_to_check: `${date}T10:00:00Z` } });
    expect(withZone.body.message).toBe('time_to_check must be a date and time like 2026-03-03T10:00:00, without a time zone.');
    const unit = await tool(org, { tool: 'get_capacity', args: { ...args, business_unit: 'HVAC' } });
    expect(unit.body.message).toBe('business_unit must be a numeric string.');
    const priority = await tool(org, { tool: 'get_capacity', args: { ...args, priority: 7 } });
    expect(priority.body.message).toBe('priority must be a whole number from 1 to 5, or 0 if none.');

    const open = await tool(org, { tool: 'get_capacity', args });
    expect(open.status).toBe(200);
    expect(open.body.result).toMatch(new RegExp(`between 10 AM and 12 PM is open\\. .*appointment_time ${date}T10:00:00\\.$`));
    const early = await tool(org, { tool: 'get_capacity', args: { ...args, time_to_check: `${date}T08:15:00` } });
    expect(early.body.result).toMatch(/^That time is not available\. The nearest openings are .*between 10 AM and 12 PM/);
    expect(early.body.data.slots).toHaveLength(3);
    const zones = await tool(org, { tool: 'get_capacity_zones', args });
    expect(zones.body.message).toBe('Please ask the customer for their zip code.');
  });

  it('books a job once when the same booking is requested twice at the same time', async () => {
    const date = futureWeekday();
    const interactionId = crypto.randomUUID();
    const args = {
      appointment_time: `${date}T13:00:00`,
      job_type_id: '101',
      business_unit_id: '1',
      address: '14 Elm Road, Springfield, TX 78702',
      is_emergency_slot: false,
      full_name: 'Erin Park',
      phone_number: '512-555-0177',
    };
    const [a, b] = await Promise.all([
      tool(org, { tool: 'create_action_job_booking', args, interaction_id: interactionId }),
      tool(org, { type: 'job_booking', payload: args, interaction_id: interactionId }),
    ]);
    expect([a.status, b.status]).toEqual([200, 200]);
    expect(a.body.data).toMatchObject({ action_status: 'COMPLETED' });
    expect(b.body.data.jobId).toBe(a.body.data.jobId);
    expect(a.body.result).toMatch(/^Booked for .* between 1 PM and 3 PM\. The job number is SB-\d+\./);

    const jobs = await h.tdb.db.sandboxJob.findMany({ where: { orgId: org, customerId: Number(a.body.data.customerId) } });
    expect(jobs).toHaveLength(1);
    const customer = await h.tdb.db.sandboxCustomer.findMany({ where: { orgId: org, phones: { has: '+15125550177' } } });
    expect(customer.map((c) => c.name)).toEqual(['Erin Park']);
    // The same call repeated after the run completed finds that run's job.
    const later = await tool(org, { tool: 'create_action_job_booking', args });
    expect(later.body.data.jobId).toBe(a.body.data.jobId);

    const seen: { type: string; name?: string }[] = [];
    await eventually(async () => {
      seen.length = 0;
      await h.bus.replay({
        aggregateTypes: ['action', 'interaction'],
        onEvent: async ({ event }) => {
          if (event.orgId !== org) return;
          seen.push({ type: event.type, name: (event.data as { name?: string }).name });
        },
      });
      return seen.some((e) => e.type === 'ActionCompleted');
    });
    expect(seen.filter((e) => e.type === 'ActionCreated')).toHaveLength(1);
    expect(seen.filter((e) => e.type === 'ActionCompleted')).toHaveLength(1);
    expect(seen).toContainEqual({ type: 'InteractionEventRecorded', name: 'create_crm_booking' });
  });

  it('drops a booking the CRM refuses and asks for a callback', async () => {
    const args = {
      appointment_time: `${futureWeekday()}T15:00:00`,
      job_type_id: '999',
      business_unit_id: '1',
      address: '1 Pine St',
      is_emergency_slot: false,
      full_name: 'Zed Null',
      phone_number: '5125550188',
    };
    const res = await tool(org, { tool: 'create_action_job_booking', args });
    expect(res.body.data).toMatchObject({ action_status: 'DROPPED' });
    expect(res.body.result).toMatch(/the office will call them back/);
  });

  it('records a callback request once per number and day', async () => {
    const args = { is_emergency_callback: 'true', phone_number: '(512) 555-0166' };
    const first = await tool(org, { tool: 'create_action_callback_request', args });
    const second = await tool(org, { type: 'callback_request', payload: args });
    expect(first.body.result).toBe(
      'A callback is requested: the office will call +1 (512) 555-0166 as soon as possible. Tell the caller, ask if there is anything else, then end the call.',
    );
    expect(second.body.data.callbackRequestId).toBe(first.body.data.callbackRequestId);
    expect(await h.tdb.db.sandboxCallbackRequest.count({ where: { orgId: org } })).toBe(1);
  });

  it('gives an org without a CRM graceful answers that offer a callback', async () => {
    const lookup = await tool(noCrmOrg, { tool: 'check_customer', args: { phoneNumber: '5125550101' } });
    expect(lookup.body.result).toMatch(/can't look up customers/);
    const capacity = await tool(noCrmOrg, {
      tool: 'get_capacity',
      args: { time_to_check: `${futureWeekday()}T10:00:00`, job_type_id: '101', business_unit: '1', priority: 0, execution_message: 'x' },
    });
    expect(capacity.body.result).toMatch(/callback/);
    const callback = await tool(noCrmOrg, { tool: 'create_action_callback_request', args: { is_emergency_callback: false, phone_number: '5125550101' } });
    expect(callback.body.data).toMatchObject({ action_status: 'COMPLETED' });
  });
});

describe('org capacity and availability for staff', () => {
  it('answers POST /org/get-capacity as get_capacity would, and GET /org/availability with the hours', async () => {
    const agent = request.agent(h.app);
    expect((await agent.post('/auth/login').send({ email: `owner-${run}@tools.test`, password: 'correct horse battery' })).status).toBe(200);
    const date = futureWeekday();
    const capacity = await agent
      .post('/org/get-capacity')
      .send({ orgId: org, time_to_check: `${date}T15:30:00`, job_type_id: '101', business_unit: '1', priority: 2, agent_id: 'a1' });
    expect(capacity.status).toBe(200);
    expect(capacity.body.result).toMatch(/between 3 PM and 5 PM is open/);
    const badZip = await agent
      .post('/org/get-capacity')
      .send({ orgId: org, time_to_check: `${date}T15:30:00`, job_type_id: '101', business_unit: '1', zipcode: 'abc' });
    expect(badZip.body).toMatchObject({ error: 'Bad Request', status: 400, message: 'Please ask the customer for their zip code.' });
    const availability = await agent.get('/org/availability').query({ orgId: org });
    expect(availability.body).toMatchObject({
      timezone: TZ,
      crm_name: 'servicetitan',
      availability: { regularHours: { Monday: [{ start: '09:00', end: '17:00' }] }, holidays: [] },
    });
  });
});
