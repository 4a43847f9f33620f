import { CrmError, type CrmPort } from '../../crm.port';
import type { Clock } from '../http/token-bucket';
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
      expect(jobTypes[0]).toEqual({ id: '1000', name: 'Job type 0', businessUnitIds: ['1'], priority: 4, summary: undefined, duration: 5400, skills: ['HVAC'] });
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
      expect(await crmError(crm.listTechnicians())).toMatchObject({ code: 'UNAVAILABLE', retryable: true, message: 'ServiceTitan answered 500: Internal Server Error' });

      st.server.failNext('GET', /technicians$/, { status: 400, body: { title: 'One or more validation errors occurred.' } });
      expect(await crmError(crm.listTechnicians())).toMatchObject({ code: 'INVALID_REQUEST', retryable: false });
    });

    it('keeps within its request budget', async () => {
      const client = new ServiceTitanClient(
        { authUrl: st.server.url, apiUrl: st.server.url, clientId: FAKE_ST.clientId, clientSecret: FAKE_ST.clientSecret, appKey: FAKE_ST.appKey, tenantId: FAKE_ST.tenantId, requestsPerSecond: 2 },
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
        locations: [{ id: '21', customerId: '11', name: 'Home', address: { street: '12 Elm St', unit: undefined, city: 'Austin', state: 'TX', zip: '78701', country: 'USA' } }],
      });
      expect(await crm.findCustomersByPhone('555 000 0000')).toEqual([]);
      expect(await crm.getCustomer('999')).toBeNull();
    });

    it('creates a customer with its location and contacts', async () => {
      const address = { street: '9 Oak Ave', city: 'Austin', state: 'TX', zip: '78702', country: 'USA' };
      const customer = await crm.createCustomer({ name: 'Ravi Menon', type: 'Residential', contacts: [{ type: 'Mobile', value: '5557770000' }], locations: [{ name: 'Home', address }] });

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
      expect(first).toMatchObject({ customerId: '11', locationId: '21', jobStatus: 'SCHEDULED', jobTypeId: '1000', businessUnitId: '1', summary: 'AC not cooling' });
      expect(first.appointments).toEqual([
        expect.objectContaining({ jobId: first.id, start: input.appointment.start, end: input.appointment.end, technicianIds: ['301'], status: 'Scheduled', isConfirmed: false }),
      ]);
      expect(await crm.findJobsByCustomer('11')).toEqual([first]);
      expect(await crm.listJobs({ customerId: '11' })).toEqual({ page: 1, pageSize: 50, hasMore: false, totalCount: 1, data: [first] });
      expect(await crm.getJob('424242')).toBeNull();
    });

    it('refuses to book without a campaign, for good', async () => {
      const err = await crmError(
        build({ campaignId: '' }).createJob({ idempotencyKey: 'k', customerId: '11', locationId: '21', jobTypeId: '1000', businessUnitId: '1', summary: 's', appointment: { start: new Date(), end: new Date() } }),
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
      expect(st.server.requestsTo('POST', /bookings$/)[0].path).toBe(`/crm/v2/tenant/${FAKE_ST.tenantId}/booking-provider/${FAKE_ST.bookingProviderId}/bookings`);
    });

    it('maps arrival windows and technicians', async () => {
      expect(await crm.listArrivalWindows()).toEqual([{ id: '41', start: '08:00', duration: '04:00', businessUnitIds: ['1', '2'], active: true }]);
      expect(await crm.listTechnicians()).toEqual([
        { id: '301', name: 'Sam Ortiz', email: 'sam@hvac.test', phoneNumber: '5559870001', role: 'Technician', businessUnitIds: ['1'], skills: [], active: true },
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
      expect(st.server.requestsTo('GET', /locations$/).at(-1)!.query.get('customerId')).toBe('11');
    });

    it('adds and lists job notes, and lists tag types', async () => {
      const job = await crm.createJob({ idempotencyKey: 'note-job', customerId: '11', locationId: '21', jobTypeId: '1000', businessUnitId: '1', summary: 's', appointment: { start: new Date('2026-03-03T15:00:00Z'), end: new Date('2026-03-03T17:00:00Z') } });
      const note = await crm.addJobNote(job.id, 'Gate code 4411');

      expect(note).toEqual({ text: 'Gate code 4411', createdBy: '5', createdAt: new Date('2026-03-02T15:00:00Z'), updatedAt: new Date('2026-03-02T15:00:00Z') });
      expect(await crm.listJobNotes(job.id)).toEqual([note]);
      expect(await crmError(crm.addJobNote('999999', 'x'))).toMatchObject({ code: 'NOT_FOUND' });
      expect(await crm.listTagTypes()).toEqual([expect.objectContaining({ id: '71', name: 'Emergency', importance: 'High', active: true })]);
    });

    it('sells and unsells an estimate, each idempotently', async () => {
      const [open] = (await crm.listEstimates({ customerId: '11' })).data;
      expect(open).toMatchObject({ id: '81', status: 'Open', items: [{ description: 'Condenser', quantity: 1, price: 4200 }], subtotal: 4200, businessUnitId: '1' });

      const sold = await crm.sellEstimate('81', '301');
      await crm.sellEstimate('81', '301');
      expect(sold).toMatchObject({ status: 'Sold', soldBy: '301' });
      expect(st.server.requestsTo('PUT', /\/sell$/)).toHaveLength(1);
      expect(st.server.requestsTo('PUT', /\/sell$/)[0].path).toBe(`/sales/v2/tenant/${FAKE_ST.tenantId}/estimates/81/sell`);

      expect(await crm.unsellEstimate('81')).toMatchObject({ status: 'Open', soldBy: null });
      expect(await crm.getEstimate('404')).toBeNull();
    });

    it('says UNSUPPORTED, not retryable, for what it cannot do', async () => {
      const port: CrmPort = crm;
      expect(await crmError(port.createCallbackRequest({ idempotencyKey: 'k', phoneNumber: '+15551234567', isEmergency: false }))).toMatchObject({
        code: 'UNSUPPORTED',
        retryable: false,
        message: 'ServiceTitan has no equivalent of createCallbackRequest',
      });
      expect(await crmError(port.listTelecomCalls({}))).toMatchObject({ code: 'UNSUPPORTED', retryable: false, message: 'ServiceTitan adapter does not support listTelecomCalls' });
      expect(st.server.requests).toHaveLength(0);
    });
  });
});
