import { CrmError, type CrmPort } from '../../crm.port';
import type { Clock } from '../../../http/token-bucket';
import { ServiceTitanClient } from './servicetitan-client';
import { createServiceTitanCrm, type ServiceTitanCrm } from './servicetitan-crm.adapter';
import { FAKE_ST, FakeServiceTitan } from './fake-servicetitan.server';

// Contract test against a local fake ServiceTitan answering in API v2's documented shapes.

function fakeClock(start = Date.parse('2026-03-02T15:00:00Z')) {
  const clock = {
    at: start,
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

describe('ServiceTitan adapter against a fake ServiceTitan API v2', () => {
  let st: FakeServiceTitan;
  let clock: ReturnType<typeof fakeClock>;
  let crm: ServiceTitanCrm;

  function build(overrides: Partial<{ clientSecret: string; campaignId: string; maxRetryAfterMs: number }> = {}): ServiceTitanCrm {
    const client = new ServiceTitanClient(
      {
        authUrl: st.server.url,
        apiUrl: st.server.url,
        clientId: FAKE_ST.clientId,
        clientSecret: overrides.clientSecret ?? FAKE_ST.clientSecret,
        appKey: FAKE_ST.appKey,
        tenantId: FAKE_ST.tenantId,
        requestsPerSecond: 50,
      },
      { clock, maxRetryAfterMs: overrides.maxRetryAfterMs },
    );
    return createServiceTitanCrm(client, { bookingProviderId: FAKE_ST.bookingProviderId, campaignId: overrides.campaignId ?? '88' });
  }

  beforeEach(async () => {
    st = await new FakeServiceTitan().start();
    clock = fakeClock();
    crm = build();
  });
  afterEach(() => st.stop());

  describe('auth', () => {
    it('gets a client-credentials token once, sends it with the app key on tenant paths, and reuses it until it expires', async () => {
      await crm.listBusinessUnits();
      await crm.listTechnicians();

      expect(st.tokensIssued).toBe(1);
      const [tokenRequest] = st.server.requestsTo('POST', /^\/connect\/token$/);
      expect(tokenRequest.body).toEqual({ grant_type: 'client_credentials', client_id: FAKE_ST.clientId, client_secret: FAKE_ST.clientSecret });
      const apiCall = st.server.requestsTo('GET', /business-units$/)[0];
      expect(apiCall.path).toBe(`/settings/v2/tenant/${FAKE_ST.tenantId}/business-units`);
      expect(apiCall.headers.authorization).toBe('Bearer st-token-1');
      expect(apiCall.headers['st-app-key']).toBe(FAKE_ST.appKey);

      clock.at += 900_000; // expires_in has run out
      st.validTokens.delete('st-token-1');
      await crm.listBusinessUnits();

      expect(st.tokensIssued).toBe(2);
      expect(st.server.requestsTo('GET', /business-units$/).at(-1)!.headers.authorization).toBe('Bearer st-token-2');
    });

    it('refreshes a token the API no longer accepts and retries the call once', async () => {
      await crm.listBusinessUnits();
      st.validTokens.clear(); // revoked before its expiry

      await expect(crm.listBusinessUnits()).resolves.toHaveLength(2);
      expect(st.tokensIssued).toBe(2);
    });

    it('fails for good on wrong client credentials', async () => {
      const err = await crmError(build({ clientSecret: 'wrong' }).listBusinessUnits());
      expect(err).toMatchObject({ code: 'UNAUTHORIZED', retryable: false });
    });
  });

  describe('paging, rate limits and failures', () => {
    it('follows hasMore across pages and asks for the total on the first page only', async () => {
      const jobTypes = await crm.listJobTypes();

      expect(jobTypes).toHaveLength(119); // the 120th is inactive
      const pages = st.server.requestsTo('GET', /job-types$/);
      expect(pages.map((p) => p.query.get('page'))).toEqual(['1', '2', '3']);
      expect(pages.map((p) => p.query.get('includeTotal'))).toEqual(['true', 'false', 'false']);
      expect(jobTypes[0]).toEqual({
        id: '1000',
        name: 'Job type 0',
        businessUnitIds: ['1'],
        priority: 4,
        summary: undefined,
        duration: 5400,
        skills: ['HVAC'],
      });
      expect(jobTypes[1].duration).toBe(7200);
    });

    it('waits out a 429 for as long as Retry-After says, then succeeds', async () => {
      st.server.failNext('GET', /business-units$/, { status: 429, headers: { 'retry-after': '2' }, body: { title: 'Too Many Requests' } });

      await expect(crm.listBusinessUnits()).resolves.toHaveLength(2);
      expect(clock.sleeps).toContain(2000);
      expect(st.server.requestsTo('GET', /business-units$/)).toHaveLength(2);
    });

    it('gives up with a retryable RATE_LIMITED when Retry-After is longer than a caller can wait', async () => {
      st.server.failNext('GET', /business-units$/, { status: 429, headers: { 'retry-after': '120' } });
      const err = await crmError(build({ maxRetryAfterMs: 10_000 }).listBusinessUnits());
      expect(err).toMatchObject({ code: 'RATE_LIMITED', retryable: true });
    });

    it('maps a 500 to a retryable UNAVAILABLE and a 400 to a final INVALID_REQUEST', async () => {
      st.server.failNext('GET', /technicians$/, { status: 500, body: { title: 'Internal Server Error' } });
      expect(await crmError(crm.listTechnicians())).toMatchObject({
        code: 'UNAVAILABLE',
        retryable: true,
        message: 'ServiceTitan answered 500: Internal Server Error',
      });

      st.server.failNext('GET', /technicians$/, { status: 400, body: { title: 'One or more validation errors occurred.' } });
      expect(await crmError(crm.listTechnicians())).toMatchObject({ code: 'INVALID_REQUEST', retryable: false });
    });

    it('keeps within its request budget', async () => {
      const client = new ServiceTitanClient(
        {
          authUrl: st.server.url,
          apiUrl: st.server.url,
          clientId: FAKE_ST.clientId,
          clientSecret: FAKE_ST.clientSecret,
          appKey: FAKE_ST.appKey,
          tenantId: FAKE_ST.tenantId,
          requestsPerSecond: 2,
        },
        { clock },
      );
      const slow = createServiceTitanCrm(client, {});
      for (let i = 0; i < 4; i += 1) await slow.listBusinessUnits();

      expect(clock.sleeps.reduce((a, b) => a + b, 0)).toBeGreaterThanOrEqual(1000);
    });
  });

  describe('the CRM port', () => {
    it('finds a customer by phone with contacts and locations', async () => {
      const [customer] = await crm.findCustomersByPhone('(555) 123-4567');

      expect(st.server.requestsTo('GET', /\/customers$/)[0].query.get('phone')).toBe('5551234567');
      expect(customer).toEqual({
        id: '11',
        name: 'Dana Whitfield',
        type: 'Residential',
        active: true,
        doNotService: false,
        contacts: [
          { id: '901', type: 'Mobile', value: '5551234567', description: undefined },
          { id: '902', type: 'Email', value: 'dana@example.com', description: 'personal' },
        ],
        locations: [
          {
            id: '21',
            customerId: '11',
            name: 'Home',
            address: { street: '12 Elm St', unit: undefined, city: 'Austin', state: 'TX', zip: '78701', country: 'USA' },
          },
        ],
      });
      expect(await crm.findCustomersByPhone('555 000 0000')).toEqual([]);
      expect(await crm.getCustomer('999')).toBeNull();
    });

    it('creates a customer with its location and contacts', async () => {
      const address = { street: '9 Oak Ave', city: 'Austin', state: 'TX', zip: '78702', country: 'USA' };
      const customer = await crm.createCustomer({
        name: 'Ravi Menon',
        type: 'Residential',
        contacts: [{ type: 'Mobile', value: '5557770000' }],
        locations: [{ name: 'Home', address }],
      });

      expect(customer.locations).toEqual([expect.objectContaining({ name: 'Home', address: expect.objectContaining({ street: '9 Oak Ave', zip: '78702' }) })]);
      expect(customer.contacts).toEqual([expect.objectContaining({ type: 'Mobile', value: '5557770000' })]);
      expect(st.server.requestsTo('POST', /\/customers$/)[0].body).toMatchObject({ contacts: [{ type: 'MobilePhone', value: '5557770000' }] });
    });

    it('books a job once per idempotency key, with its appointment and technicians', async () => {
      const input = {
        idempotencyKey: 'action-1',
        customerId: '11',
        locationId: '21',
        jobTypeId: '1000',
        businessUnitId: '1',
        priority: 'High' as const,
        summary: 'AC not cooling',
        appointment: { start: new Date('2026-03-03T15:00:00Z'), end: new Date('2026-03-03T17:00:00Z'), technicianIds: ['301'] },
      };
      const first = await crm.createJob(input);
      const again = await crm.createJob(input);

      expect(again.id).toBe(first.id);
      expect(st.server.requestsTo('POST', /\/jobs$/)).toHaveLength(1);
      expect(st.server.requestsTo('POST', /\/jobs$/)[0].path).toBe(`/jpm/v2/tenant/${FAKE_ST.tenantId}/jobs`);
      expect(first).toMatchObject({
        customerId: '11',
        locationId: '21',
        jobStatus: 'SCHEDULED',
        jobTypeId: '1000',
        businessUnitId: '1',
        summary: 'AC not cooling',
      });
      expect(first.appointments).toEqual([
        expect.objectContaining({
          jobId: first.id,
          start: input.appointment.start,
          end: input.appointment.end,
          technicianIds: ['301'],
          status: 'Scheduled',
          isConfirmed: false,
        }),
      ]);
      expect(await crm.findJobsByCustomer('11')).toEqual([first]);
      expect(await crm.listJobs({ customerId: '11' })).toEqual({ page: 1, pageSize: 50, hasMore: false, totalCount: 1, data: [first] });
      expect(await crm.getJob('424242')).toBeNull();
    });

    it('refuses to book without a campaign, for good', async () => {
      const err = await crmError(
        build({ campaignId: '' }).createJob({
          idempotencyKey: 'k',
          customerId: '11',
          locationId: '21',
          jobTypeId: '1000',
          businessUnitId: '1',
          summary: 's',
          appointment: { start: new Date(), end: new Date() },
        }),
      );
      expect(err).toMatchObject({ code: 'NOT_CONFIGURED', retryable: false });
    });

    it('reschedules, confirms and cancels through ServiceTitan', async () => {
      const job = await crm.createJob({
        idempotencyKey: 'action-2',
        customerId: '11',
        locationId: '21',
        jobTypeId: '1000',
        businessUnitId: '1',
        summary: 'Tune-up',
        appointment: { start: new Date('2026-03-03T15:00:00Z'), end: new Date('2026-03-03T17:00:00Z') },
      });
      const appointmentId = job.appointments[0].id;

      const moved = await crm.rescheduleAppointment(appointmentId, new Date('2026-03-04T16:00:00Z'), new Date('2026-03-04T18:00:00Z'));
      expect(moved.start).toEqual(new Date('2026-03-04T16:00:00Z'));

      expect(await crm.confirmAppointment(appointmentId)).toEqual({ changed: true });
      expect(await crm.confirmAppointment(appointmentId)).toEqual({ changed: false });
      expect(await crm.unconfirmAppointment(appointmentId)).toEqual({ changed: true });

      const canceled = await crm.cancelJob(job.id, 'Customer fixed it');
      expect(canceled.jobStatus).toBe('CANCELED');
      expect(st.server.requestsTo('PUT', /\/cancel$/)[0].body).toEqual({ reasonId: 61, memo: 'Customer fixed it' });
      await crm.cancelJob(job.id, 'again');
      expect(st.server.requestsTo('PUT', /\/cancel$/)).toHaveLength(1);
      expect(await crm.listAppointments({ from: new Date('2026-03-01T00:00:00Z'), to: new Date('2026-03-10T00:00:00Z') })).toEqual([]);
    });

    it('creates a booking once per externalId under the booking provider', async () => {
      const input = { externalId: 'call-9', source: 'HomeAgent', name: 'Dana Whitfield', phoneNumber: '+15551234567', summary: 'Leaking water heater' };
      const booking = await crm.createBooking(input);
      await crm.createBooking(input);

      expect(booking).toMatchObject({ externalId: 'call-9', status: 'New', name: 'Dana Whitfield', source: 'HomeAgent' });
      expect(st.server.requestsTo('POST', /bookings$/)).toHaveLength(1);
      expect(st.server.requestsTo('POST', /bookings$/)[0].path).toBe(
        `/crm/v2/tenant/${FAKE_ST.tenantId}/booking-provider/${FAKE_ST.bookingProviderId}/bookings`,
      );
    });

    it('maps arrival windows and technicians', async () => {
      expect(await crm.listArrivalWindows()).toEqual([{ id: '41', start: '08:00', duration: '04:00', businessUnitIds: ['1', '2'], active: true }]);
      expect(await crm.listTechnicians()).toEqual([
        {
          id: '301',
          name: 'Sam Ortiz',
          email: 'sam@hvac.test',
          phoneNumber: '5559870001',
          role: 'Technician',
          businessUnitIds: ['1'],
          skills: [],
          active: true,
        },
        { id: '302', name: 'Lee Park', email: '', phoneNumber: '', role: 'Technician', businessUnitIds: ['2'], skills: [], active: true },
      ]);
      expect((await crm.listBusinessUnits()).map((b) => b.trade)).toEqual(['HVAC', 'Plumbing']);
    });

    it('answers what changed since an instant, with deactivated records as removed', async () => {
      st.technicians[0] = { ...st.technicians[0], name: 'Sam Ortiz Jr', modifiedOn: '2026-03-02T12:00:00Z' };
      st.technicians[1] = { ...st.technicians[1], active: false, modifiedOn: '2026-03-02T12:00:00Z' };

      const changes = await crm.referenceChangesSince('technicians', new Date('2026-03-02T00:00:00Z'));

      expect(st.server.requestsTo('GET', /technicians$/)[0].query.get('modifiedOnOrAfter')).toBe('2026-03-02T00:00:00.000Z');
      expect(changes.upserted.map((t) => t.name)).toEqual(['Sam Ortiz Jr']);
      expect(changes.removedIds).toEqual(['302']);
    });

    it('pages customers and locations the way the port pages', async () => {
      const customers = await crm.listCustomers({ page: 1, pageSize: 10 });
      expect(customers).toMatchObject({ page: 1, pageSize: 10, hasMore: false, totalCount: 1 });
      expect(customers.data[0].contacts).toHaveLength(2);

      const locations = await crm.listLocations({ customerId: '11' });
      expect(locations.data).toEqual([expect.objectContaining({ id: '21', customerId: '11' })]);
      expect(
        st.server
          .requestsTo('GET', /locations$/)
          .at(-1)!
          .query.get('customerId'),
      ).toBe('11');
    });

    it('adds and lists job notes, and lists tag types', async () => {
      const job = await crm.createJob({
        idempotencyKey: 'note-job',
        customerId: '11',
        locationId: '21',
        jobTypeId: '1000',
        businessUnitId: '1',
        summary: 's',
        appointment: { start: new Date('2026-03-03T15:00:00Z'), end: new Date('2026-03-03T17:00:00Z') },
      });
      const note = await crm.addJobNote(job.id, 'Gate code 4411');

      expect(note).toEqual({
        text: 'Gate code 4411',
        createdBy: '5',
        createdAt: new Date('2026-03-02T15:00:00Z'),
        updatedAt: new Date('2026-03-02T15:00:00Z'),
      });
      expect(await crm.listJobNotes(job.id)).toEqual([note]);
      expect(await crmError(crm.addJobNote('999999', 'x'))).toMatchObject({ code: 'NOT_FOUND' });
      expect(await crm.listTagTypes()).toEqual([expect.objectContaining({ id: '71', name: 'Emergency', importance: 'High', active: true })]);
    });

    it('sells and unsells an estimate, each idempotently', async () => {
      const [open] = (await crm.listEstimates({ customerId: '11' })).data;
      expect(open).toMatchObject({
        id: '81',
        status: 'Open',
        items: [{ description: 'Condenser', quantity: 1, price: 4200 }],
        subtotal: 4200,
        businessUnitId: '1',
      });

      const sold = await crm.sellEstimate('81', '301');
      await crm.sellEstimate('81', '301');
      expect(sold).toMatchObject({ status: 'Sold', soldBy: '301' });
      expect(st.server.requestsTo('PUT', /\/sell$/)).toHaveLength(1);
      expect(st.server.requestsTo('PUT', /\/sell$/)[0].path).toBe(`/sales/v2/tenant/${FAKE_ST.tenantId}/estimates/81/sell`);

      expect(await crm.unsellEstimate('81')).toMatchObject({ status: 'Open', soldBy: null });
      expect(await crm.getEstimate('404')).toBeNull();
    });

    it('says UNSUPPORTED, not retryable, for what it cannot do, and why', async () => {
      const port: CrmPort = crm;
      expect(await crmError(port.createCallbackRequest({ idempotencyKey: 'k', phoneNumber: '+15551234567', isEmergency: false }))).toMatchObject({
        code: 'UNSUPPORTED',
        retryable: false,
        message: "This organization's CRM (ServiceTitan) does not support create callback request: ServiceTitan's API has no callback requests",
      });
      expect(await crmError(port.createEmployee({ username: 'dana', roleId: '1' }))).toMatchObject({
        code: 'UNSUPPORTED',
        retryable: false,
        message: "This organization's CRM (ServiceTitan) does not support create employee: HomeAgent does not map it to ServiceTitan's API yet",
      });
      expect(st.server.requests).toHaveLength(0);
    });
  });

  describe('appointments, tags and contacts', () => {
    async function bookedJob(key: string) {
      return crm.createJob({
        idempotencyKey: key,
        customerId: '11',
        locationId: '21',
        jobTypeId: '1000',
        businessUnitId: '1',
        summary: 's',
        appointment: { start: new Date('2026-03-03T15:00:00Z'), end: new Date('2026-03-03T17:00:00Z') },
      });
    }

    it('answers an empty 200 from a void write (cancel, confirmation) as done, not as missing', async () => {
      const job = await bookedJob('void-writes');
      expect(await crm.confirmAppointment(job.appointments[0].id)).toEqual({ changed: true });
      expect((await crm.cancelJob(job.id, 'no longer needed')).jobStatus).toBe('CANCELED');
    });

    it('adds an appointment to a job, sets its instructions and deletes it', async () => {
      const job = await bookedJob('second-visit');
      const added = await crm.addAppointment({
        jobId: job.id,
        start: new Date('2026-03-05T15:00:00Z'),
        end: new Date('2026-03-05T17:00:00Z'),
        technicianIds: ['302'],
      });

      expect(st.server.requestsTo('POST', /\/appointments$/)[0].body).toMatchObject({ jobId: Number(job.id), technicianIds: [302] });
      expect(added).toMatchObject({ jobId: job.id, start: new Date('2026-03-05T15:00:00Z'), technicianIds: ['302'], status: 'Scheduled' });
      expect(await crm.setAppointmentSpecialInstructions(added.id, 'Dog in the yard')).toMatchObject({ id: added.id, specialInstructions: 'Dog in the yard' });
      expect(st.server.requestsTo('PUT', /special-instructions$/)[0].path).toBe(
        `/jpm/v2/tenant/${FAKE_ST.tenantId}/appointments/${added.id}/special-instructions`,
      );
      expect(await crm.deleteAppointment(added.id)).toBe(true);
      expect(await crm.deleteAppointment(added.id)).toBe(false);
      expect(await crmError(crm.setAppointmentSpecialInstructions('999999', 'x'))).toMatchObject({ code: 'NOT_FOUND' });
    });

    it("changes a job's tag types with one update, and not at all when nothing changes", async () => {
      const job = await bookedJob('tags');
      expect(await crm.updateJobTags(job.id, { add: ['71'], remove: [] })).toEqual(['71']);
      expect(st.server.requestsTo('PATCH', /\/jobs\/\d+$/)[0].body).toEqual({ tagTypeIds: [71] });
      expect(await crm.updateJobTags(job.id, { add: ['71'], remove: [] })).toEqual(['71']);
      expect(st.server.requestsTo('PATCH', /\/jobs\/\d+$/)).toHaveLength(1);
      expect((await crm.getJob(job.id))!.tagTypeIds).toEqual(['71']);
      expect(await crm.updateJobTags(job.id, { add: [], remove: ['71'] })).toEqual([]);
      expect(await crmError(crm.updateJobTags(job.id, { add: ['999'], remove: [] }))).toMatchObject({ code: 'INVALID_REQUEST' });
    });

    it("adds a customer's contact once and lists contacts per customer", async () => {
      const contact = await crm.addContact('11', { type: 'Landline', value: '(555) 444-3333', description: 'Office' });
      const again = await crm.addContact('11', { type: 'Landline', value: '5554443333' });

      expect(contact).toMatchObject({ type: 'Landline', value: '(555) 444-3333', description: 'Office' });
      expect(again).toEqual(contact);
      expect(st.customerContactsAdded).toBe(1);
      expect(st.server.requestsTo('POST', /\/contacts$/)[0].body).toEqual({ type: 'Phone', value: '(555) 444-3333', memo: 'Office' });
      expect((await crm.listContacts(['11']))['11']).toHaveLength(3);
      expect(await crmError(crm.addContact('999', { type: 'Email', value: 'x@example.com' }))).toMatchObject({
        code: 'NOT_FOUND',
        message: 'Customer 999 not found',
      });
      expect(await crmError(crm.listContacts([]))).toMatchObject({ code: 'INVALID_REQUEST' });
    });
  });

  describe('capacity', () => {
    it('answers free stretches per technician: shifts minus appointments and time off', async () => {
      st.shifts = [
        { id: 1, technicianId: 301, shiftType: 'Normal', start: '2026-03-03T14:00:00Z', end: '2026-03-03T22:00:00Z', active: true },
        { id: 2, technicianId: 301, shiftType: 'TimeOff', start: '2026-03-03T19:00:00Z', end: '2026-03-03T20:00:00Z', active: true },
        { id: 3, technicianId: 302, shiftType: 'Normal', start: '2026-03-03T14:00:00Z', end: '2026-03-03T16:00:00Z', active: true },
      ];
      await crm.createJob({
        idempotencyKey: 'busy',
        customerId: '11',
        locationId: '21',
        jobTypeId: '1000',
        businessUnitId: '1',
        summary: 's',
        appointment: { start: new Date('2026-03-03T15:00:00Z'), end: new Date('2026-03-03T17:00:00Z'), technicianIds: ['301'] },
      });

      const free = await crm.technicianCapacity({
        windows: [{ from: new Date('2026-03-03T14:00:00Z'), to: new Date('2026-03-03T22:00:00Z') }],
        technicianIds: ['301', '302'],
        durationSeconds: 3600,
        timeZone: 'America/Chicago',
      });

      expect(free.map((f) => [f.technicianId, f.start.toISOString(), f.end.toISOString()])).toEqual([
        ['301', '2026-03-03T14:00:00.000Z', '2026-03-03T15:00:00.000Z'],
        ['302', '2026-03-03T14:00:00.000Z', '2026-03-03T16:00:00.000Z'],
        ['301', '2026-03-03T17:00:00.000Z', '2026-03-03T19:00:00.000Z'],
        ['301', '2026-03-03T20:00:00.000Z', '2026-03-03T22:00:00.000Z'],
      ]);
    });

    it("plans capacity with ServiceTitan's capacity endpoint, in instants whether or not it gives UTC", async () => {
      const slots = await crm.capacityPlanning({
        startsOnOrAfter: new Date('2026-03-03T06:00:00Z'),
        endsOnOrBefore: new Date('2026-03-04T06:00:00Z'),
        businessUnitIds: ['1'],
        jobTypeId: '1000',
        skillBasedAvailability: true,
        timeZone: 'America/Denver',
      });

      expect(st.capacityRequests).toEqual([
        {
          startsOnOrAfter: '2026-03-03T06:00:00.000Z',
          endsOnOrBefore: '2026-03-04T06:00:00.000Z',
          businessUnitIds: [1],
          jobTypeId: 1000,
          skillBasedAvailability: true,
        },
      ]);
      expect(slots[0]).toEqual({
        start: new Date('2026-03-03T14:00:00Z'),
        end: new Date('2026-03-03T18:00:00Z'),
        businessUnitIds: ['1'],
        totalAvailability: 4,
        openAvailability: 1,
        technicians: [
          { id: '301', name: 'Sam Ortiz', status: 'Available', hasRequiredSkills: true },
          { id: '302', name: 'Lee Park', status: 'Unavailable', hasRequiredSkills: false },
        ],
        isAvailable: true,
        isExceedingIdealBookingPercentage: false,
        percentageFull: 75,
      });
      // 12:00 in Denver on March 3 is 19:00 UTC.
      expect(slots[1]).toMatchObject({
        start: new Date('2026-03-03T19:00:00Z'),
        end: new Date('2026-03-03T23:00:00Z'),
        isAvailable: false,
        percentageFull: 100,
        isExceedingIdealBookingPercentage: true,
      });
    });
  });

  describe('office records', () => {
    it("lists a customer's installed equipment through its locations", async () => {
      const page = await crm.listInstalledEquipment({ customerId: '11' });

      expect(st.server.requestsTo('GET', /installed-equipment$/)[0]).toMatchObject({
        path: `/equipmentsystems/v2/tenant/${FAKE_ST.tenantId}/installed-equipment`,
      });
      expect(st.server.requestsTo('GET', /installed-equipment$/)[0].query.get('locationIds')).toBe('21');
      expect(page).toMatchObject({ page: 1, hasMore: false, totalCount: 1 });
      expect(page.data).toEqual([
        {
          id: '91',
          customerId: '11',
          locationId: '21',
          name: 'Condenser',
          type: 'AC',
          manufacturer: 'Carrier',
          model: '24ACC636',
          serialNumber: 'C123',
          installedOn: '2019-05-01',
          warrantyEnd: '2029-05-01',
        },
      ]);
      expect((await crm.listInstalledEquipment({ customerId: '999' })).data).toEqual([]);
    });

    it('lists telecom calls newest first, by caller, and updates one', async () => {
      const page = await crm.listTelecomCalls({ createdOnOrAfter: new Date('2026-03-01T00:00:00Z'), createdBefore: new Date('2026-03-02T00:00:00Z') });
      const request = st.server.requestsTo('GET', /\/calls$/)[0];
      expect(request.path).toBe(`/telecom/v2/tenant/${FAKE_ST.tenantId}/calls`);
      expect(request.query.get('createdAfter')).toBe('2026-02-28T23:59:59.999Z');
      expect(page.data.map((c) => c.id)).toEqual(['602', '601']);
      expect(page.data[1]).toEqual({
        id: '601',
        createdOn: new Date('2026-03-01T15:00:00Z'),
        modifiedOn: new Date('2026-03-01T15:05:00Z'),
        receivedOn: new Date('2026-03-01T15:00:00Z'),
        active: true,
        duration: '00:03:10',
        from: '5551234567',
        to: '5550001111',
        direction: 'Inbound',
        callType: 'Booked',
        reason: { id: '5', name: 'Repair', lead: true, active: true },
        recordingUrl: 'https://example.invalid/rec/601',
        voiceMailUrl: null,
        customer: { id: '11', name: 'Dana Whitfield' },
        campaign: { id: '31', name: 'Yard Signs' },
        agent: { id: '301', name: 'Sam Ortiz' },
        jobId: null,
        excuseMemo: null,
      });

      const byCaller = await crm.listTelecomCalls({ from: '+1 (555) 123-4567' });
      expect(byCaller).toMatchObject({ totalCount: 1, data: [{ id: '601' }] });
      expect((await crm.listTelecomCalls({ customerId: '11' })).data.map((c) => c.id)).toEqual(['601']);

      expect(await crm.updateTelecomCall('601', { callType: 'Excused', excuseMemo: 'Wrong number', reason: { lead: false } })).toBe(true);
      expect(st.server.requestsTo('PUT', /\/calls\/601$/)[0].body).toEqual({
        callId: 601,
        callType: 'Excused',
        excuseMemo: 'Wrong number',
        reason: { lead: false },
      });
      expect(await crm.updateTelecomCall('999', { callType: 'Excused' })).toBe(false);
    });

    it("downloads a call's recording as audio, and says there is none", async () => {
      expect(await crm.getCallRecording('601')).toEqual({ contentType: 'audio/mpeg', data: Buffer.from('ID3-fake-mp3') });
      expect(await crm.getCallRecording('602')).toBeNull();
    });

    it("finds the campaigns of a caller's calls in a range", async () => {
      const range = { from: new Date('2026-03-01T00:00:00Z'), to: new Date('2026-03-02T00:00:00Z') };
      expect(await crm.findCampaignsByCallerNumber('555-123-4567', range)).toEqual([{ id: '31', name: 'Yard Signs' }]);
      expect(await crm.findCampaignsByCallerNumber('555-123-4567', { from: new Date('2026-03-05T00:00:00Z'), to: new Date('2026-03-06T00:00:00Z') })).toEqual(
        [],
      );
    });

    it('lists and creates campaigns, and lists their categories', async () => {
      expect(await crm.listCampaigns()).toEqual([
        {
          id: '31',
          name: 'Yard Signs',
          active: true,
          businessUnitId: '1',
          categoryId: '33',
          createdOn: new Date('2025-01-01T00:00:00Z'),
          modifiedOn: new Date('2025-02-01T00:00:00Z'),
          campaignPhoneNumbers: ['5550001111'],
          otherMedium: null,
        },
      ]);
      const created = await crm.createCampaign({ name: 'Radio', businessUnitId: '1', categoryId: '33', active: true });
      expect(created).toMatchObject({ name: 'Radio', businessUnitId: '1', categoryId: '33', active: true });
      expect(st.server.requestsTo('POST', /\/campaigns$/)[0].path).toBe(`/marketing/v2/tenant/${FAKE_ST.tenantId}/campaigns`);
      expect(await crmError(crm.createCampaign({ name: 'X', businessUnitId: '1', categoryId: '999', active: true }))).toMatchObject({
        code: 'INVALID_REQUEST',
      });
      expect(await crm.listCampaignCategories()).toEqual([
        { id: '33', name: 'Offline', active: true, type: 'Regular', createdOn: new Date('2025-01-01T00:00:00Z') },
      ]);
    });

    it('reads report categories, reports and their data, and dynamic value sets', async () => {
      expect(await crm.listReportCategories()).toEqual([{ id: 'operations', name: 'Operations' }]);
      expect(await crm.listReports('operations')).toEqual([{ id: '88', name: 'Jobs by unit', description: 'Jobs created in a range' }]);
      expect(await crm.listReports('nope')).toBeNull();

      const report = await crm.getReport('operations', '88');
      expect(report).toMatchObject({
        id: '88',
        modifiedOn: new Date('2026-01-01T00:00:00Z'),
        fields: [{ name: 'JobNumber', label: 'Job #', dataType: 'String' }, expect.anything()],
      });
      expect(report!.parameters[1]).toEqual({
        name: 'BusinessUnitIds',
        label: 'Business units',
        dataType: 'Number',
        isArray: true,
        isRequired: false,
        acceptValues: { fields: [{ name: 'Value', label: 'Id' }], dynamicSetId: 'business-units', values: [] },
      });
      expect(await crm.getReport('operations', '404')).toBeNull();

      const rows = await crm.runReport('operations', '88', [{ name: 'From', value: '2026-01-01' }], { page: 1, pageSize: 2 });
      expect(rows).toEqual({
        page: 1,
        pageSize: 2,
        hasMore: true,
        totalCount: 3,
        data: [
          ['J-1', 120],
          ['J-2', 80],
        ],
        fields: [
          { name: 'JobNumber', label: 'Job #' },
          { name: 'Total', label: 'Total' },
        ],
      });
      const data = st.server.requestsTo('POST', /\/data$/)[0];
      expect(data.path).toBe(`/reporting/v2/tenant/${FAKE_ST.tenantId}/report-category/operations/reports/88/data`);
      expect(data.body).toEqual({ parameters: [{ name: 'From', value: '2026-01-01' }] });
      expect(await crmError(crm.runReport('operations', '88', []))).toMatchObject({
        code: 'INVALID_REQUEST',
        message: 'ServiceTitan answered 400: The From parameter is required',
      });
      expect(await crm.runReport('operations', '404', [])).toBeNull();

      expect(await crm.getDynamicValueSet('business-units')).toMatchObject({
        totalCount: 2,
        data: [
          [1, 'HVAC Service'],
          [2, 'Plumbing Residential'],
        ],
      });
      expect(await crm.getDynamicValueSet('nope')).toBeNull();
    });

    it('lists memberships with their type names, leaving out statuses the port has no word for', async () => {
      expect(await crm.listMemberships({ customerIds: ['11'] })).toEqual([
        { id: '51', customerId: '11', membershipTypeId: '52', name: 'Comfort Club', status: 'Active', from: '2025-06-01', to: '2026-06-01' },
      ]);
      expect(st.server.requestsTo('GET', /\/memberships$/)[0].path).toBe(`/memberships/v2/tenant/${FAKE_ST.tenantId}/memberships`);
      expect(await crm.listMembershipTypes()).toEqual([{ id: '52', name: 'Comfort Club' }]);
      expect(await crm.listRecurringServiceTypes()).toEqual([
        { id: '54', name: 'Spring tune-up', recurrenceType: 'Seasonal', active: true },
        { id: '55', name: 'Filter change', recurrenceType: 'Monthly', active: true },
      ]);
    });

    it('marks a recurring service event complete with its job, and incomplete', async () => {
      expect(await crm.markRecurringServiceEvent('56', '5001', true)).toBe(true);
      expect(st.server.requestsTo('POST', /mark-complete$/)[0].body).toEqual({ jobId: 5001 });
      expect(st.recurringEvents[0]).toMatchObject({ status: 'Completed', jobId: 5001 });
      expect(await crm.markRecurringServiceEvent('56', '5001', false)).toBe(true);
      expect(await crm.markRecurringServiceEvent('999', '5001', true)).toBe(false);
    });

    it('lists the price book, roles and call reasons', async () => {
      expect(await crm.listPricebook()).toEqual([
        { id: '701', code: 'TUNE', name: 'AC tune-up', type: 'Service', price: 129, businessUnitId: null },
        { id: '702', code: 'FLT', name: 'FLT', type: 'Material', price: 12.5, businessUnitId: null },
        { id: '703', code: 'CND3', name: '3-ton condenser', type: 'Equipment', price: 4200, businessUnitId: null },
      ]);
      expect(await crm.listRoles()).toEqual([{ id: '1', name: 'CSR' }]);
      expect(await crm.listCallReasons()).toEqual([{ id: '5', name: 'Repair', isLead: true, active: true }]);
      expect(st.server.requestsTo('GET', /call-reasons$/)[0].path).toBe(`/jbce/v2/tenant/${FAKE_ST.tenantId}/call-reasons`);
    });

    it('finds a booking provider by name before creating it', async () => {
      expect(await crm.createBookingProvider({ name: 'homeagent', description: 'again' })).toEqual({ id: '77', name: 'HomeAgent', description: 'AI agent' });
      const created = await crm.createBookingProvider({ name: 'Web form', description: 'Site' });
      expect(created).toMatchObject({ name: 'Web form', description: 'Site' });
      expect(st.server.requestsTo('POST', /booking-provider-tags$/)).toHaveLength(1);
      expect(await crm.listBookingProviders('web')).toEqual([created]);
    });
  });
});
