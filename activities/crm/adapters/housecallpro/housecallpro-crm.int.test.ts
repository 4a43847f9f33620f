import { CrmError, type CrmPort } from '../../crm.port';
import type { Clock } from '../../../http/token-bucket';
import { HousecallProClient } from './housecallpro-client';
import { createHousecallProCrm } from './housecallpro-crm.adapter';
import { FAKE_HCP, FakeHousecallPro } from './fake-housecallpro.server';

// Contract test against a local fake of Housecall Pro's public API.

function fakeClock() {
  const clock = {
    at: Date.parse('2026-03-02T15:00:00Z'),
    sleeps: [] as number[],
    now: () => clock.at,
    sleep: async (ms: number) => {
      clock.sleeps.push(ms);
      clock.at += ms;
    },
  };
  return clock satisfies Clock;
}

async function crmError(promise: Promise<unknown>): Promise<CrmError> {
  try {
    await promise;
  } catch (err) {
    if (err instanceof CrmError) return err;
    throw err;
  }
  throw new Error('expected a CrmError');
}

describe('Housecall Pro adapter against a fake Housecall Pro API', () => {
  let hcp: FakeHousecallPro;
  let clock: ReturnType<typeof fakeClock>;
  let crm: CrmPort;

  function build(apiKey = FAKE_HCP.apiKey, defaultEmployeeId?: string): CrmPort {
    const client = new HousecallProClient({ apiUrl: hcp.server.url, apiKey, authScheme: 'Token', requestsPerSecond: 20 }, { clock });
    return createHousecallProCrm(client, { defaultEmployeeId });
  }

  beforeEach(async () => {
    hcp = await new FakeHousecallPro().start();
    clock = fakeClock();
    crm = build();
  });
  afterEach(() => hcp.stop());

  it('sends the API key as a Token and maps a refused key to a final UNAUTHORIZED', async () => {
    await crm.listJobTypes();
    expect(hcp.server.requests[0].headers.authorization).toBe(`Token ${FAKE_HCP.apiKey}`);

    expect(await crmError(build('revoked').listJobTypes())).toMatchObject({
      code: 'UNAUTHORIZED',
      retryable: false,
      message: 'Housecall Pro answered 401: Unauthorized',
    });
  });

  it('reads every page with page/page_size until total_pages', async () => {
    const technicians = await crm.listTechnicians();

    expect(technicians).toHaveLength(45); // office staff are not technicians
    expect(hcp.server.requestsTo('GET', /^\/employees$/).map((r) => r.query.get('page'))).toEqual(['1', '2', '3']);
    expect(technicians[0]).toEqual({
      id: 'pro_0',
      name: 'Tech 0',
      email: 't0@hcp.test',
      phoneNumber: '5550000000',
      role: 'Technician',
      businessUnitIds: [],
      skills: [],
      active: true,
    });
    expect(await crm.listEmployees()).toHaveLength(46);
  });

  it('waits out a 429 as Retry-After asks, and maps a 500 to a retryable UNAVAILABLE', async () => {
    hcp.server.failNext('GET', /^\/job_fields\/job_types$/, { status: 429, headers: { 'retry-after': '3' } });
    await expect(crm.listJobTypes()).resolves.toEqual([
      { id: 'jbt_1', name: 'AC Repair', businessUnitIds: [], duration: 7200, skills: [] },
      { id: 'jbt_2', name: 'Drain Cleaning', businessUnitIds: [], duration: 7200, skills: [] },
    ]);
    expect(clock.sleeps).toEqual([3000]);

    hcp.server.failNext('GET', /^\/job_fields\/job_types$/, { status: 500, body: { error: { message: 'Something went wrong' } } });
    expect(await crmError(crm.listJobTypes())).toMatchObject({
      code: 'UNAVAILABLE',
      retryable: true,
      message: 'Housecall Pro answered 500: Something went wrong',
    });
  });

  it('finds customers by phone, keeping only real phone matches of the free-text search', async () => {
    const customers = await crm.findCustomersByPhone('+1 555 123 4567');

    expect(hcp.server.requestsTo('GET', /^\/customers$/)[0].query.get('q')).toBe('5551234567');
    expect(customers).toEqual([
      {
        id: 'cus_1',
        name: 'Dana Whitfield',
        type: 'Residential',
        active: true,
        doNotService: false,
        contacts: [
          { type: 'Mobile', value: '555-123-4567' },
          { type: 'Email', value: 'dana@example.com' },
        ],
        locations: [
          {
            id: 'adr_1',
            customerId: 'cus_1',
            name: 'Service',
            address: { street: '12 Elm St', unit: undefined, city: 'Austin', state: 'TX', zip: '78701', country: 'US' },
          },
        ],
      },
    ]);
    expect(await crm.getCustomer('cus_nope')).toBeNull();
  });

  it('creates a customer and a location', async () => {
    const address = { street: '9 Oak Ave', unit: 'B', city: 'Austin', state: 'TX', zip: '78702', country: 'US' };
    const customer = await crm.createCustomer({
      name: 'Ravi Menon',
      type: 'Residential',
      contacts: [{ type: 'Mobile', value: '5557770000' }],
      locations: [{ name: 'Home', address }],
    });

    expect(hcp.server.requestsTo('POST', /^\/customers$/)[0].body).toMatchObject({
      first_name: 'Ravi',
      last_name: 'Menon',
      mobile_number: '5557770000',
      addresses: [{ street: '9 Oak Ave', street_line_2: 'B', type: 'service' }],
    });
    expect(customer.locations[0].address).toEqual(address);

    const location = await crm.createLocation(customer.id, { name: 'Rental', address: { ...address, street: '1 Pine St', unit: undefined } });
    expect(location).toMatchObject({ customerId: customer.id, name: 'Rental', address: { street: '1 Pine St' } });
  });

  it('books a job once per idempotency key, assigning the default employee, and reschedules it', async () => {
    const crmWithDefault = build(FAKE_HCP.apiKey, 'pro_3');
    const input = {
      idempotencyKey: 'action-7',
      customerId: 'cus_1',
      locationId: 'adr_1',
      jobTypeId: 'jbt_1',
      businessUnitId: 'bu_x',
      summary: 'AC not cooling',
      appointment: {
        start: new Date('2026-03-03T15:00:00Z'),
        end: new Date('2026-03-03T17:00:00Z'),
        arrivalWindowStart: new Date('2026-03-03T15:00:00Z'),
        arrivalWindowEnd: new Date('2026-03-03T17:00:00Z'),
      },
    };
    const job = await crmWithDefault.createJob(input);
    const again = await crmWithDefault.createJob(input);

    expect(again.id).toBe(job.id);
    expect(hcp.server.requestsTo('POST', /^\/jobs$/)).toHaveLength(1);
    expect(hcp.server.requestsTo('POST', /^\/jobs$/)[0].body).toMatchObject({
      customer_id: 'cus_1',
      address_id: 'adr_1',
      assigned_employee_ids: ['pro_3'],
      schedule: { arrival_window: 120 },
    });
    expect(job).toMatchObject({ customerId: 'cus_1', locationId: 'adr_1', jobStatus: 'SCHEDULED', jobTypeId: 'jbt_1', summary: 'AC not cooling' });
    expect(job.appointments[0]).toMatchObject({
      id: job.id,
      start: input.appointment.start,
      technicianIds: ['pro_3'],
      arrivalWindowEnd: new Date('2026-03-03T17:00:00Z'),
    });

    const moved = await crmWithDefault.rescheduleAppointment(job.id, new Date('2026-03-05T14:00:00Z'), new Date('2026-03-05T16:00:00Z'));
    expect(moved.start).toEqual(new Date('2026-03-05T14:00:00Z'));
    expect(hcp.server.requestsTo('PUT', /schedule$/)[0].body).toMatchObject({ arrival_window_in_minutes: 120, notify: false });

    const appointments = await crm.listAppointments({ from: new Date('2026-03-05T00:00:00Z'), to: new Date('2026-03-06T00:00:00Z') });
    expect(appointments.map((a) => a.id)).toEqual([job.id]);
    expect(await crm.findJobsByCustomer('cus_1')).toHaveLength(1);
  });

  it('says UNSUPPORTED, not retryable, for what Housecall Pro has no equivalent of, and why', async () => {
    expect(await crmError(crm.cancelJob('job_1', 'no longer needed'))).toMatchObject({
      code: 'UNSUPPORTED',
      retryable: false,
      message: "This organization's CRM (Housecall Pro) does not support cancel job: Housecall Pro's public API has no job cancellation",
    });
    expect(await crmError(crm.listTelecomCalls({}))).toMatchObject({
      code: 'UNSUPPORTED',
      retryable: false,
      message: expect.stringContaining('has no phone calls'),
    });
    expect(await crmError(crm.listBookings({}))).toMatchObject({
      code: 'UNSUPPORTED',
      message: "This organization's CRM (Housecall Pro) does not support list bookings: HomeAgent does not map it to Housecall Pro's API yet",
    });
    expect(hcp.server.requests).toHaveLength(0);
  });

  describe('customers, addresses and contacts', () => {
    it('finds service addresses by zip code through the free-text search', async () => {
      const locations = await crm.findLocationsByZip('78701');

      expect(hcp.server.requestsTo('GET', /^\/customers$/)[0].query.get('q')).toBe('78701');
      expect(locations.map((l) => [l.customerId, l.id])).toEqual([
        ['cus_1', 'adr_1'],
        ['cus_2', 'adr_2'],
      ]);
      expect(await crm.findLocationsByZip('99999')).toEqual([]);
    });

    it("pages customers, matching a phone number exactly, and lists a customer's addresses", async () => {
      const page = await crm.listCustomers({ phone: '555-123-4567', pageSize: 10 });
      expect(page).toMatchObject({ page: 1, totalCount: 1, hasMore: false, data: [{ id: 'cus_1', name: 'Dana Whitfield' }] });
      const byName = await crm.listCustomers({ name: 'Noah', page: 1, pageSize: 1 });
      expect(
        hcp.server
          .requestsTo('GET', /^\/customers$/)
          .at(-1)!
          .query.get('page_size'),
      ).toBe('1');
      expect(byName.pageSize).toBe(1);
      expect(await crm.listCustomers({ active: false })).toMatchObject({ totalCount: 0, data: [] });

      const locations = await crm.listLocations({ customerId: 'cus_1' });
      expect(hcp.server.requestsTo('GET', /\/addresses$/)[0].path).toBe('/customers/cus_1/addresses');
      expect(locations.data).toEqual([expect.objectContaining({ id: 'adr_1', customerId: 'cus_1', address: expect.objectContaining({ zip: '78701' }) })]);
      expect(await crmError(crm.listLocations({ ids: ['adr_1'] }))).toMatchObject({ code: 'INVALID_REQUEST' });
    });

    it('adds a contact into a free field of the customer, once, and refuses a second mobile', async () => {
      const home = await crm.addContact('cus_1', { type: 'Landline', value: '555 222 3333' });
      const again = await crm.addContact('cus_1', { type: 'Landline', value: '(555) 222-3333' });

      expect(home).toEqual({ type: 'Landline', value: '555 222 3333', description: 'Home' });
      expect(again).toEqual(home);
      expect(hcp.server.requestsTo('PUT', /^\/customers\/cus_1$/).map((r) => r.body)).toEqual([{ home_number: '555 222 3333' }]);
      expect(await crmError(crm.addContact('cus_1', { type: 'Mobile', value: '5550000009' }))).toMatchObject({
        code: 'CONFLICT',
        message: 'Customer cus_1 already has a mobile number in Housecall Pro',
      });
      expect(await crmError(crm.addContact('cus_1', { type: 'Fax', value: '5550000009' }))).toMatchObject({ code: 'INVALID_REQUEST' });
      expect(await crmError(crm.addContact('cus_nope', { type: 'Email', value: 'x@example.com' }))).toMatchObject({ code: 'NOT_FOUND' });
      expect((await crm.listContacts(['cus_1']))['cus_1']).toContainEqual(home);
    });
  });

  describe('jobs, appointments, notes and tags', () => {
    async function booked(key: string) {
      return crm.createJob({
        idempotencyKey: key,
        customerId: 'cus_1',
        locationId: 'adr_1',
        jobTypeId: 'jbt_1',
        businessUnitId: 'bu_x',
        summary: 'AC not cooling',
        appointment: { start: new Date('2026-03-03T15:00:00Z'), end: new Date('2026-03-03T17:00:00Z'), technicianIds: ['pro_1'] },
      });
    }

    it('pages jobs by customer and status, and finds appointments by technician', async () => {
      const job = await booked('list-jobs');
      expect(await crm.listJobs({ customerId: 'cus_1', jobStatus: ['SCHEDULED'] })).toMatchObject({ totalCount: 1, data: [{ id: job.id }] });
      expect(
        hcp.server
          .requestsTo('GET', /^\/jobs$/)
          .at(-1)!
          .query.getAll('work_status[]'),
      ).toEqual(['unscheduled', 'scheduled', 'in_progress']);
      expect((await crm.listJobs({ customerId: 'cus_1', jobStatus: ['COMPLETED'] })).data).toEqual([]);
      expect((await crm.listJobs({ customerId: 'cus_1', locationId: 'adr_9' })).data).toEqual([]);

      const appointments = await crm.findAppointments({ technicianId: 'pro_1', from: new Date('2026-03-03T00:00:00Z'), to: new Date('2026-03-04T00:00:00Z') });
      expect(appointments.map((a) => a.id)).toEqual([job.id]);
      expect(
        hcp.server
          .requestsTo('GET', /^\/jobs$/)
          .at(-1)!
          .query.getAll('employee_ids[]'),
      ).toEqual(['pro_1']);
      expect(await crm.findAppointments({ jobId: job.id })).toEqual(job.appointments);
    });

    it('adds notes to a job and reads them back', async () => {
      const job = await booked('notes');
      const note = await crm.addJobNote(job.id, 'Gate code 4411');

      expect(hcp.server.requestsTo('POST', /\/notes$/)[0].body).toEqual({ content: 'Gate code 4411' });
      expect(note).toMatchObject({ id: expect.stringMatching(/^nte_/), text: 'Gate code 4411', createdBy: 'HomeAgent' });
      expect((await crm.listJobNotes(job.id)).map((n) => n.text)).toEqual(['Gate code 4411']);
      expect(await crmError(crm.addJobNote('job_nope', 'x'))).toMatchObject({ code: 'NOT_FOUND', message: 'Job job_nope not found' });
    });

    it("adds and removes a job's tags by id", async () => {
      const job = await booked('tags');
      expect(await crm.listTagTypes()).toEqual([
        expect.objectContaining({ id: 'tag_1', name: 'VIP', active: true }),
        expect.objectContaining({ id: 'tag_2', name: 'Warranty' }),
      ]);

      expect(await crm.updateJobTags(job.id, { add: ['tag_1', 'tag_2'], remove: [] })).toEqual(['tag_1', 'tag_2']);
      expect(await crm.updateJobTags(job.id, { add: ['tag_1'], remove: ['tag_2'] })).toEqual(['tag_1']);
      expect(hcp.server.requestsTo('POST', /\/tags$/).map((r) => r.body)).toEqual([{ tag_id: 'tag_1' }, { tag_id: 'tag_2' }]);
      expect(hcp.server.requestsTo('DELETE', /\/tags\/tag_2$/)).toHaveLength(1);
      expect(await crmError(crm.updateJobTags(job.id, { add: ['tag_9'], remove: [] }))).toMatchObject({
        code: 'INVALID_REQUEST',
        message: 'Tag tag_9 not found',
      });
    });

    it("schedules an unscheduled job as its appointment, and erases a job's schedule", async () => {
      hcp.jobs.push({
        id: 'job_u',
        invoice_number: '77',
        customer: { id: 'cus_1' },
        address: { id: 'adr_1' },
        work_status: 'needs scheduling',
        schedule: null,
        assigned_employees: [],
        tags: [],
        created_at: '2026-03-01T15:00:00Z',
      });

      const added = await crm.addAppointment({
        jobId: 'job_u',
        start: new Date('2026-03-06T15:00:00Z'),
        end: new Date('2026-03-06T17:00:00Z'),
        technicianIds: ['pro_2'],
      });
      expect(added).toMatchObject({ id: 'job_u', jobId: 'job_u', start: new Date('2026-03-06T15:00:00Z'), technicianIds: ['pro_2'], status: 'Scheduled' });
      expect(hcp.server.requestsTo('PUT', /job_u\/schedule$/)[0].body).toMatchObject({ dispatched_employees: [{ employee_id: 'pro_2' }], notify: false });
      expect(await crmError(crm.addAppointment({ jobId: 'job_u', start: new Date(), end: new Date() }))).toMatchObject({ code: 'CONFLICT' });

      expect(await crm.deleteAppointment('job_u')).toBe(true);
      expect(await crm.getAppointment('job_u')).toBeNull();
      expect(await crm.deleteAppointment('job_u')).toBe(false);
      expect(await crm.deleteAppointment('job_nope')).toBe(false);
    });
  });

  describe('estimates', () => {
    it('reads estimates with their options as priced items', async () => {
      const page = await crm.listEstimates({ customerId: 'cus_1' });
      expect(page).toMatchObject({ totalCount: 2, hasMore: false });
      expect(page.data[0]).toEqual({
        id: 'est_1',
        jobId: null,
        locationId: 'adr_1',
        customerId: 'cus_1',
        name: 'New condenser',
        jobNumber: null,
        status: 'Open',
        reviewStatus: 'None',
        summary: '3-ton replacement',
        createdOn: new Date('2026-02-01T15:00:00Z'),
        modifiedOn: new Date('2026-02-01T15:00:00Z'),
        soldOn: null,
        soldBy: null,
        active: true,
        items: [{ description: 'New condenser', quantity: 1, price: 4200 }],
        subtotal: 4200,
        tax: 0,
        businessUnitId: null,
        businessUnitName: null,
      });
      expect(await crm.getEstimate('est_nope')).toBeNull();
    });

    it('approves the single option of an estimate once, and declines it to unsell', async () => {
      const sold = await crm.sellEstimate('est_1', '301');
      await crm.sellEstimate('est_1', '301');

      expect(sold).toMatchObject({ status: 'Sold', soldOn: new Date('2026-03-02T15:00:00Z') });
      expect(hcp.server.requestsTo('POST', /options\/approve$/).map((r) => r.body)).toEqual([{ option_ids: ['opt_1'] }]);
      expect((await crm.listEstimates({ customerId: 'cus_1', status: 'Sold' })).data.map((e) => e.id)).toEqual(['est_1']);

      const unsold = await crm.unsellEstimate('est_1');
      expect(unsold.status).toBe('Dismissed');
      expect(hcp.server.requestsTo('POST', /options\/decline$/).map((r) => r.body)).toEqual([{ option_ids: ['opt_1'] }]);
      expect((await crm.unsellEstimate('est_2')).status).toBe('Open');
    });

    it('will not guess which of several options a caller accepted', async () => {
      expect(await crmError(crm.sellEstimate('est_2', '301'))).toMatchObject({
        code: 'INVALID_REQUEST',
        message: 'Estimate est_2 has 2 options: approve the chosen one in Housecall Pro',
      });
      expect(hcp.server.requestsTo('POST', /options\/approve$/)).toHaveLength(0);
    });

    it('finds the estimates a job was made from', async () => {
      hcp.jobs.push({
        id: 'job_e',
        customer: { id: 'cus_1' },
        work_status: 'scheduled',
        created_at: '2026-03-01T15:00:00Z',
        original_estimate_uuids: ['est_2'],
      });
      expect((await crm.listEstimates({ jobId: 'job_e' })).data).toEqual([expect.objectContaining({ id: 'est_2', jobId: 'job_e', status: 'Open' })]);
    });
  });

  describe('schedule windows and service zones', () => {
    it("lists the company's bookable windows once each, as arrival windows", async () => {
      hcp.scheduleWindows = [
        {
          day_name: 'monday',
          schedule_windows: [
            { start_time: '08:00', end_time: '12:00' },
            { start_time: '12:00', end_time: '16:00' },
          ],
        },
        { day_name: 'tuesday', schedule_windows: [{ start_time: '2026-03-03T08:00:00', end_time: '2026-03-03T12:00:00' }] },
        { day_name: 'sunday', schedule_windows: [{ start_time: '18:00', end_time: '18:00' }] },
      ];

      expect(await crm.listArrivalWindows()).toEqual([
        { id: '08:00-12:00', start: '08:00', duration: '04:00', businessUnitIds: [], active: true },
        { id: '12:00-16:00', start: '12:00', duration: '04:00', businessUnitIds: [], active: true },
      ]);
    });

    it('lists service zones with their zip codes and pros', async () => {
      hcp.serviceZones = [
        {
          id: 'zone-1',
          name: 'Central',
          coverage_type: 'zip_codes',
          zip_codes: ['78701', '78702'],
          cities: [],
          service_pros: [{ id: 'pro_1', first_name: 'Tech', last_name: '1', email: 't1@hcp.test', full_name: 'Tech 1' }],
        },
      ];
      expect(await crm.listZones()).toEqual([{ id: 'zone-1', name: 'Central', zipcodes: ['78701', '78702'], businessUnitIds: [], technicianIds: ['pro_1'] }]);
    });
  });
});
