import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import request from 'supertest';
import { eventually, uniqueName } from '../../../tests/support/integration';
import { onboardOrganization } from '../../../tests/support/onboard';
import { startProductHarness, type ProductHarness } from '../../../tests/support/product-harness';

let h: ProductHarness;
let agent: ReturnType<typeof request.agent>;
let org: string;
let noCrmOrg: string;
const run = uniqueName('').replace(/^_/, '');
const TZ = 'America/Chicago';

const onboard = (name: string, adminEmail: string, crmName: string) => onboardOrganization(h, { name, adminEmail, timezone: TZ, crmName });

const get = (path: string, query: object = {}) => agent.get(path).query({ orgId: org, ...query });
const send = (method: 'post' | 'put' | 'delete', path: string, body: object = {}) => agent[method](path).query({ orgId: org }).send(body);

beforeAll(async () => {
  h = await startProductHarness();
  [org, noCrmOrg] = await Promise.all([
    onboard(`CRM Routes ${run}`, `owner-${run}@crm.test`, 'servicetitan'),
    onboard(`CRM None ${run}`, `owner-${run}@nocrm.test`, 'NONE'),
  ]);
  agent = request.agent(h.app);
  expect((await agent.post('/auth/login').send({ email: `owner-${run}@crm.test`, password: 'correct horse battery' })).status).toBe(200);
}, 120_000);

afterAll(async () => {
  await h?.stop();
}, 60_000);

describe('/crm customers and contacts', () => {
  it('finds, creates and extends customers, with the spec messages for bad input', async () => {
    const none = await get('/crm/customers');
    expect(none.body).toMatchObject({ error: 'Bad Request', status: 400, message: 'At least one query parameter must be provided.' });

    const byPhone = await get('/crm/customers', { phone: '(512) 555-0101' });
    expect(byPhone.status).toBe(200);
    expect(byPhone.body).toMatchObject({
      page: 1,
      totalCount: 1,
      hasMore: false,
      data: [{ name: 'Alice Johnson', locations: [{ address: { street: '120 Oak Street', zip: '78701' } }] }],
    });
    const alice = byPhone.body.data[0];

    const one = await get(`/crm/customers/${alice.id}`);
    expect(one.body.memberships).toEqual([expect.objectContaining({ name: 'Comfort Club', status: 'Active' })]);
    expect((await get('/crm/customers/999999')).status).toBe(404);

    const noLocation = await send('post', '/crm/customer', { name: 'Eve Park', type: 'Residential', locations: [], contacts: [] });
    expect(noLocation.body).toMatchObject({ error: 'Bad Request', status: 400, message: 'A customer needs at least 1 location' });
    const created = await send('post', '/crm/customer', {
      name: 'Eve Park',
      type: 'Residential',
      locations: [{ name: 'Home', address: { street: '3 Elm Road', city: 'Springfield', state: 'TX', zip: '78702' } }],
      contacts: [{ type: 'Mobile', value: '5125550177' }],
    });
    expect(created.status).toBe(201);
    const location = await send('post', `/crm/customer/${created.body.id}/location`, {
      name: 'Rental',
      address: { street: '8 Pine Way', city: 'Springfield', state: 'TX', zip: '78703' },
    });
    expect(location.body).toMatchObject({ customerId: created.body.id, name: 'Rental' });

    const contact = { type: 'Email', value: 'eve@example.test' };
    const first = await send('post', `/crm/customer/${created.body.id}/contact`, contact);
    const again = await send('post', `/crm/customer/${created.body.id}/contact`, contact);
    expect(again.body).toEqual(first.body);
    const contacts = await get('/crm/contacts', { customerIds: created.body.id });
    expect(contacts.body[created.body.id]).toHaveLength(2);
    const badType = await send('post', `/crm/customer/${created.body.id}/contact`, { type: 'Pager', value: 'x' });
    expect(badType.body.message).toBe('type must be Landline, Mobile, Email or Fax');

    const locations = await get('/crm/locations', { customerId: created.body.id });
    expect(locations.body.data.map((l: { name: string }) => l.name)).toEqual(['Home', 'Rental']);
    const memberships = await get('/crm/customer-membership-status', { status: 'Expired' });
    expect(memberships.body).toEqual([expect.objectContaining({ name: 'Plumbing Protection Plan', status: 'Expired' })]);

    const campaigns = await send('post', '/crm/campaign-details-using-caller-number', {
      callerPhoneNumber: '512-555-0102',
      createdOnOrAfter: '2000-01-01T00:00:00Z',
      createdBefore: '2100-01-01T00:00:00Z',
    });
    expect(campaigns.body).toEqual([{ id: expect.any(String), name: 'Yard Signs' }]);
  });
});

describe('/crm jobs and appointments', () => {
  it('creates a job, notes, tags, and cancels it twice harmlessly', async () => {
    const alice = (await get('/crm/customers', { phone: '5125550101' })).body.data[0];
    const start = new Date(Date.now() + 20 * 86_400_000);
    const body = {
      customerId: alice.id,
      locationId: alice.locations[0].id,
      businessUnitId: '1',
      jobTypeId: '101',
      summary: 'Thermostat blank',
      externalId: `ext-${run}`,
      appointments: [{ start: start.toISOString(), end: new Date(start.getTime() + 7_200_000).toISOString(), technicianIds: ['1001'] }],
    };
    const job = await send('post', '/crm/jobs', body);
    expect(job.status).toBe(201);
    expect(job.body).toMatchObject({ jobStatus: 'SCHEDULED', appointments: [{ status: 'Scheduled', isConfirmed: false }] });
    const repeat = await send('post', '/crm/jobs', body);
    expect(repeat.body.id).toBe(job.body.id);
    expect((await send('post', '/crm/jobs', { ...body, appointments: [] })).body.message).toBe('appointments must have at least 1 appointment');

    const listed = await get('/crm/jobs', { customerId: alice.id, jobStatus: 'SCHEDULED,COMPLETED' });
    expect(listed.body.data.map((j: { id: string }) => j.id)).toContain(job.body.id);
    expect((await get('/crm/jobs', { jobStatus: 'DONE' })).body.message).toBe('jobStatus must be SCHEDULED, COMPLETED or CANCELED');

    expect((await send('post', `/crm/jobs/${job.body.id}/notes`, { note: 'Gate code 1234' })).status).toBe(201);
    await send('post', `/crm/jobs/${job.body.id}/transcripts`, { transcript: 'Agent: Hello' });
    const notes = await get(`/crm/jobs/${job.body.id}/notes`);
    expect(notes.body.map((n: { text: string }) => n.text)).toEqual(['Gate code 1234', 'Call transcript:\nAgent: Hello']);
    expect((await send('post', '/crm/jobs/999999/notes', { note: 'x' })).status).toBe(404);

    const tags = await send('put', `/crm/jobs/${job.body.id}/tags`, { tagsToAdd: ['901', '902'], tagsToRemove: [] });
    expect(tags.body).toEqual({ tagTypeIds: ['901', '902'] });
    expect((await send('put', `/crm/jobs/${job.body.id}/tags`, { tagsToAdd: [], tagsToRemove: ['902'] })).body).toEqual({ tagTypeIds: ['901'] });
    expect((await send('put', `/crm/jobs/${job.body.id}/tags`, { tagsToAdd: ['nope'] })).status).toBe(400);

    const reasons = await get('/crm/job-cancel-reasons');
    expect(reasons.body[0]).toEqual({ id: '801', name: 'Customer canceled' });
    expect((await send('put', `/crm/jobs/${job.body.id}/cancel`, {})).body.message).toBe('reason is required');
    for (let i = 0; i < 2; i++)
      expect((await send('put', `/crm/jobs/${job.body.id}/cancel`, { reason: 'Customer canceled', reasonId: '801' })).body).toEqual({ success: true });
    const canceled = await get(`/crm/jobs/${job.body.id}`);
    expect(canceled.body).toMatchObject({ jobStatus: 'CANCELED', appointments: [{ status: 'Canceled' }] });
  });

  it('queries, confirms with the changed flag, reschedules and deletes appointments', async () => {
    const noFilter = await get('/crm/appointments', { from: new Date().toISOString() });
    expect(noFilter.body).toMatchObject({ error: 'Bad Request', status: 400, message: "Either jobId or both 'from' and 'to' must be provided" });
    const week = await get('/crm/appointments', { from: new Date().toISOString(), to: new Date(Date.now() + 7 * 86_400_000).toISOString() });
    expect(week.body.length).toBeGreaterThanOrEqual(3);
    const [appt] = week.body;

    expect((await send('put', `/crm/appointments/${appt.id}/confirm`)).body).toEqual({ changed: true });
    expect((await send('put', `/crm/appointments/${appt.id}/confirm`)).body).toEqual({ changed: false });
    expect((await get(`/crm/appointments/${appt.id}`)).body.isConfirmed).toBe(true);
    expect((await send('delete', `/crm/appointments/${appt.id}/confirm`)).body).toEqual({ changed: true });
    expect((await send('delete', `/crm/appointments/${appt.id}/confirm`)).body).toEqual({ changed: false });
    expect((await send('put', '/crm/appointments/999999/confirm')).status).toBe(404);

    const moved = await send('post', `/crm/appointments/${appt.id}/reschedule`, { start: '2031-02-03T15:00:00Z', end: '2031-02-03T17:00:00Z' });
    expect(moved.body).toMatchObject({ start: '2031-02-03T15:00:00.000Z', end: '2031-02-03T17:00:00.000Z' });
    const backwards = await send('post', `/crm/appointments/${appt.id}/reschedule`, { start: '2031-02-03T17:00:00Z', end: '2031-02-03T15:00:00Z' });
    expect(backwards.body.message).toBe('end must be after start');
    const instructions = await send('post', `/crm/appointments/${appt.id}/special-instructions`, { instructions: 'Dog in yard' });
    expect(instructions.body.specialInstructions).toBe('Dog in yard');

    const added = await send('post', '/crm/appointments', { jobId: appt.jobId, start: '2031-02-04T15:00:00Z', end: '2031-02-04T17:00:00Z' });
    expect(added.status).toBe(201);
    expect((await get('/crm/appointments', { jobId: appt.jobId })).body).toHaveLength(2);
    expect((await send('delete', `/crm/appointments/${added.body.id}`)).body).toBe(true);
    expect((await send('delete', `/crm/appointments/${added.body.id}`)).body).toBe(false);
  });

  it('answers technician capacity, shifts, capacity planning and arrival windows', async () => {
    // A Monday well ahead, 08:00–17:00 Chicago (UTC−6 in January).
    const windows = [{ from: '2031-01-06T14:00:00Z', to: '2031-01-06T23:00:00Z' }];
    const free = await send('post', '/crm/technician-capacity', { windows, technicianIds: [1001, 1003], duration: 3600 });
    expect(free.body).toEqual([
      { start: '2031-01-06T14:00:00.000Z', end: '2031-01-06T23:00:00.000Z', technicianId: '1001' },
      { start: '2031-01-06T14:00:00.000Z', end: '2031-01-06T23:00:00.000Z', technicianId: '1003' },
    ]);
    expect((await send('post', '/crm/technician-capacity', { windows, technicianIds: [], duration: 3600 })).body.message).toBe(
      'technicianIds must have at least 1 technician',
    );

    const shifts = await get('/crm/technician-shifts', { from: '2031-01-06T00:00:00Z', to: '2031-01-07T06:00:00Z' });
    expect(shifts.body.map((s: { id: string }) => s.id)).toContain('1001-2031-01-06-08:00');

    const plan = await send('post', '/crm/capacity-planning', {
      startsOnOrAfter: '2031-01-06T06:00:00Z',
      endsOnOrBefore: '2031-01-07T06:00:00Z',
      businessUnitIds: ['1'],
    });
    expect(plan.body.availabilities).toHaveLength(4);
    expect(plan.body.percentage).toEqual([0, 0, 0, 0]);
    expect(plan.body.availabilities[0]).toMatchObject({ start: '2031-01-06T14:00:00.000Z', totalAvailability: 2, openAvailability: 2, isAvailable: true });

    const windowsList = await get('/crm/arrival-windows');
    expect(windowsList.body[0]).toEqual({
      id: '501',
      start: '08:00',
      duration: '02:00',
      businessUnitIds: ['1', '2', '3'],
      active: true,
      businessUnitNames: ['HVAC Service', 'Plumbing Service', 'Electrical Service'],
    });
    expect((await get('/crm/zones')).body.map((z: { name: string }) => z.name)).toEqual(['North', 'South']);
  });
});

describe('/crm estimates, bookings, telecom and lookups', () => {
  it('sells and unsells estimates idempotently and lists equipment', async () => {
    const alice = (await get('/crm/customers', { phone: '5125550101' })).body.data[0];
    const estimates = await get('/crm/estimates', { customerId: alice.id });
    expect(estimates.body.data).toEqual([expect.objectContaining({ name: 'Replace 3-ton AC system', status: 'Open', subtotal: 6850 })]);
    const id = estimates.body.data[0].id;
    const sold = await send('put', `/crm/estimates/${id}/sell`, { soldBy: 2004 });
    expect(sold.body).toMatchObject({ status: 'Sold', soldBy: '2004' });
    const soldAgain = await send('put', `/crm/estimates/${id}/sell`, { soldBy: 2001 });
    expect(soldAgain.body).toMatchObject({ status: 'Sold', soldBy: '2004', soldOn: sold.body.soldOn });
    expect((await send('put', `/crm/estimates/${id}/sell`, {})).body.message).toBe('soldBy must be an employee id');
    expect((await send('put', `/crm/estimates/${id}/unsell`, {})).body).toMatchObject({ status: 'Open', soldBy: null, soldOn: null });
    expect((await send('put', '/crm/estimates/999999/unsell', {})).status).toBe(404);

    const equipment = await get('/crm/installed-equipment', { customerId: alice.id });
    expect(equipment.body.data.map((e: { manufacturer: string }) => e.manufacturer)).toEqual(['Carrier', 'Trane']);
  });

  it('creates bookings through the durable create_booking action, and providers, once per key', async () => {
    const body = {
      source: 'HomeAgent',
      name: 'Frank Lee',
      summary: 'Leaking faucet',
      externalId: `booking-${run}`,
      contacts: [{ type: 'Mobile', value: '5125550188' }],
    };
    const first = await send('post', '/crm/bookings', body);
    const second = await send('post', '/crm/bookings', body);
    expect(first.status).toBe(201);
    expect(first.body).toMatchObject({ name: 'Frank Lee', status: 'New', action_status: 'COMPLETED', actionId: expect.any(String) });
    expect(second.body.id).toBe(first.body.id);
    // The repeat joined the first run: one action, NEW then COMPLETED with the booking it made.
    expect(second.body.actionId).toBe(first.body.actionId);
    const action = await eventually(async () => {
      const row = await h.tdb.db.interactionAction.findUnique({ where: { actionId: first.body.actionId } });
      return row?.status === 'COMPLETED' ? row : null;
    }, 20_000);
    expect(action).toMatchObject({
      orgId: org,
      actionType: 'create_booking',
      businessKey: `booking-${run}`,
      result: { bookingId: first.body.id, status: 'New' },
    });
    expect(await h.tdb.db.interactionAction.count({ where: { orgId: org, actionType: 'create_booking', businessKey: `booking-${run}` } })).toBe(1);
    expect(await h.tdb.db.sandboxBooking.count({ where: { orgId: org, externalId: `booking-${run}` } })).toBe(1);
    expect((await get(`/crm/bookings/${first.body.id}`)).body).toMatchObject({ name: 'Frank Lee', status: 'New' });
    expect((await get('/crm/bookings', { externalId: `booking-${run}` })).body.totalCount).toBe(1);

    const provider = await send('post', '/crm/booking-providers', { name: 'HomeAgent AI', description: 'Voice agent' });
    const providerAgain = await send('post', '/crm/booking-providers', { name: 'homeagent ai', description: 'again' });
    expect(providerAgain.body).toEqual(provider.body);
    expect((await get('/crm/booking-providers', { name: 'homeagent' })).body).toHaveLength(1);
  });

  it('lists employees and active technicians with GET (spec 000 §7 Staff)', async () => {
    const employees = await get('/crm/employees');
    expect(employees.status).toBe(200);
    expect(employees.body.length).toBeGreaterThan(0);
    expect(employees.body[0]).toEqual({
      id: expect.any(String),
      name: expect.any(String),
      email: expect.anything(),
      phoneNumber: expect.any(String),
      role: expect.any(String),
    });
    const technicians = await get('/crm/technicians');
    expect(technicians.body).toContainEqual({ id: '1001', name: 'Maria Lopez', email: 'maria@sandbox.test', phoneNumber: '+15125550201', role: 'Technician' });
    expect((await agent.get('/crm/technicians').query({ orgId: noCrmOrg })).status).toBe(401);
  });

  it('lists telecom calls, updates one and serves its recording as audio', async () => {
    const calls = await get('/crm/telecom/calls', { from: '5125550101' });
    expect(calls.body.data).toHaveLength(2);
    const [call] = calls.body.data;
    expect(call).toMatchObject({
      direction: 'Inbound',
      reason: { name: 'Service request', lead: true },
      campaign: { name: 'Google Ads - AC Repair' },
      recordingUrl: `/crm/calls/${call.id}/recording`,
    });
    expect((await send('put', `/crm/telecom/calls/${call.id}`, { reason: { name: 'Billing question' }, excuseMemo: 'Asked about invoice' })).body).toEqual({
      success: true,
    });
    expect((await get('/crm/telecom/calls', { from: '5125550101' })).body.data[0]).toMatchObject({
      reason: { name: 'Billing question', lead: false },
      excuseMemo: 'Asked about invoice',
    });
    expect((await send('put', '/crm/telecom/calls/999999', { callType: 'x' })).status).toBe(404);

    const audio = await get(`/crm/calls/${call.id}/recording`).buffer(true);
    expect(audio.status).toBe(200);
    expect(audio.headers['content-type']).toBe('audio/mpeg');
    expect((audio.body as Buffer).readUInt16BE(0)).toBe(0xfffb);
    const carol = (await get('/crm/telecom/calls', { from: '5125550103' })).body.data[0];
    expect((await get(`/crm/calls/${carol.id}/recording`)).status).toBe(404);
  });

  it('answers lookups, campaigns and reports', async () => {
    expect((await get('/crm/roles')).body.map((r: { name: string }) => r.name)).toContain('Dispatcher');
    expect((await get('/crm/job-types/202')).body).toMatchObject({ name: 'Water Heater Repair', duration: 10_800 });
    expect((await get('/crm/job-types/9')).status).toBe(404);
    const pair = await send('post', '/crm/business-unit-and-job-type', {});
    expect(pair.body.message).toBe('At least one of businessUnitId or jobTypeId must be provided');
    expect((await send('post', '/crm/business-unit-and-job-type', { businessUnitId: 2, jobTypeId: '201' })).body).toEqual({
      businessUnit: { id: '2', name: 'Plumbing Service' },
      jobType: { id: '201', name: 'Drain Cleaning' },
    });
    expect((await get('/crm/tag-types')).body[0]).toMatchObject({ id: '901', name: 'Booked by AI', active: true });
    expect((await get('/crm/membership-types')).body).toHaveLength(2);

    const campaign = await send('post', '/crm/campaigns', { name: 'Radio', businessUnitId: '1', categoryId: '1202' });
    expect(campaign.body).toMatchObject({ name: 'Radio', active: true });
    expect((await send('post', '/crm/campaigns', { name: 'Radio', businessUnitId: '1', categoryId: '99' })).status).toBe(400);
    expect((await get('/crm/campaigns')).body.map((c: { name: string }) => c.name)).toEqual(['Google Ads - AC Repair', 'Yard Signs', 'Radio']);

    expect((await get('/crm/report-categories')).body).toEqual([
      { id: 'operations', name: 'Operations' },
      { id: 'marketing', name: 'Marketing' },
    ]);
    expect((await get('/crm/report-categories/operations/reports')).body).toEqual([{ id: '5001', name: 'Jobs by status', description: expect.any(String) }]);
    const report = await get('/crm/report-categories/operations/reports/5001');
    expect(report.body.parameters[2].acceptValues.dynamicSetId).toBe('business-units');
    const missing = await send('post', '/crm/report-categories/operations/reports/5001/data', { parameters: [{ name: 'From', value: '2000-01-01' }] });
    expect(missing.body).toMatchObject({ error: 'Bad Request', status: 400, message: 'Parameter To is required' });
    const data = await agent
      .post('/crm/report-categories/operations/reports/5001/data')
      .query({ orgId: org, pageSize: 2 })
      .send({
        parameters: [
          { name: 'From', value: '2000-01-01' },
          { name: 'To', value: '2100-01-01' },
          { name: 'BusinessUnitIds', value: [1] },
        ],
      });
    expect(data.body).toMatchObject({ page: 1, pageSize: 2, hasMore: true, fields: expect.arrayContaining([expect.objectContaining({ name: 'JobNumber' })]) });
    const marketing = await send('post', '/crm/report-categories/marketing/reports/5002/data', {
      parameters: [
        { name: 'From', value: '2000-01-01' },
        { name: 'To', value: '2100-01-01' },
      ],
    });
    expect(marketing.body.data).toEqual(expect.arrayContaining([['Yard Signs', 1, 1]]));
    const units = await get('/crm/dynamic-value-sets/business-units', { pageSize: 2 });
    expect(units.body).toMatchObject({
      totalCount: 3,
      hasMore: true,
      data: [
        ['1', 'HVAC Service'],
        ['2', 'Plumbing Service'],
      ],
    });
    expect((await get('/crm/dynamic-value-sets/nope')).status).toBe(404);
  });

  it('tells an organization without a CRM so, and validates the org id', async () => {
    const owner = request.agent(h.app);
    await owner.post('/auth/login').send({ email: `owner-${run}@nocrm.test`, password: 'correct horse battery' });
    const res = await owner.get('/crm/business-units').query({ orgId: noCrmOrg });
    expect(res.body).toMatchObject({ error: 'Bad Request', status: 400, message: 'This organization has no CRM connected' });
    expect((await agent.get('/crm/business-units').query({ orgId: 'nope' })).body.message).toBe('orgId must be a UUID');
  });
});
