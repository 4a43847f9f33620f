import { CrmError, type CrmPort } from '../../crm.port';
import type { Clock } from '../http/token-bucket';
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

    expect(await crmError(build('revoked').listJobTypes())).toMatchObject({ code: 'UNAUTHORIZED', retryable: false, message: 'Housecall Pro answered 401: Unauthorized' });
  });

  it('reads every page with page/page_size until total_pages', async () => {
    const technicians = await crm.listTechnicians();

    expect(technicians).toHaveLength(45); // office staff are not technicians
    expect(hcp.server.requestsTo('GET', /^\/employees$/).map((r) => r.query.get('page'))).toEqual(['1', '2', '3']);
    expect(technicians[0]).toEqual({ id: 'pro_0', name: 'Tech 0', email: 't0@hcp.test', phoneNumber: '5550000000', role: 'Technician', businessUnitIds: [], skills: [], active: true });
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
    expect(await crmError(crm.listJobTypes())).toMatchObject({ code: 'UNAVAILABLE', retryable: true, message: 'Housecall Pro answered 500: Something went wrong' });
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
        locations: [{ id: 'adr_1', customerId: 'cus_1', name: 'Service', address: { street: '12 Elm St', unit: undefined, city: 'Austin', state: 'TX', zip: '78701', country: 'US' } }],
      },
    ]);
    expect(await crm.getCustomer('cus_nope')).toBeNull();
  });

  it('creates a customer and a location', async () => {
    const address = { street: '9 Oak Ave', unit: 'B', city: 'Austin', state: 'TX', zip: '78702', country: 'US' };
    const customer = await crm.createCustomer({ name: 'Ravi Menon', type: 'Residential', contacts: [{ type: 'Mobile', value: '5557770000' }], locations: [{ name: 'Home', address }] });

    expect(hcp.server.requestsTo('POST', /^\/customers$/)[0].body).toMatchObject({ first_name: 'Ravi', last_name: 'Menon', mobile_number: '5557770000', addresses: [{ street: '9 Oak Ave', street_line_2: 'B', type: 'service' }] });
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
      appointment: { start: new Date('2026-03-03T15:00:00Z'), end: new Date('2026-03-03T17:00:00Z'), arrivalWindowStart: new Date('2026-03-03T15:00:00Z'), arrivalWindowEnd: new Date('2026-03-03T17:00:00Z') },
    };
    const job = await crmWithDefault.createJob(input);
    const again = await crmWithDefault.createJob(input);

    expect(again.id).toBe(job.id);
    expect(hcp.server.requestsTo('POST', /^\/jobs$/)).toHaveLength(1);
    expect(hcp.server.requestsTo('POST', /^\/jobs$/)[0].body).toMatchObject({ customer_id: 'cus_1', address_id: 'adr_1', assigned_employee_ids: ['pro_3'], schedule: { arrival_window: 120 } });
    expect(job).toMatchObject({ customerId: 'cus_1', locationId: 'adr_1', jobStatus: 'SCHEDULED', jobTypeId: 'jbt_1', summary: 'AC not cooling' });
    expect(job.appointments[0]).toMatchObject({ id: job.id, start: input.appointment.start, technicianIds: ['pro_3'], arrivalWindowEnd: new Date('2026-03-03T17:00:00Z') });

    const moved = await crmWithDefault.rescheduleAppointment(job.id, new Date('2026-03-05T14:00:00Z'), new Date('2026-03-05T16:00:00Z'));
    expect(moved.start).toEqual(new Date('2026-03-05T14:00:00Z'));
    expect(hcp.server.requestsTo('PUT', /schedule$/)[0].body).toMatchObject({ arrival_window_in_minutes: 120, notify: false });

    const appointments = await crm.listAppointments({ from: new Date('2026-03-05T00:00:00Z'), to: new Date('2026-03-06T00:00:00Z') });
    expect(appointments.map((a) => a.id)).toEqual([job.id]);
    expect(await crm.findJobsByCustomer('cus_1')).toHaveLength(1);
  });

  it('says UNSUPPORTED, not retryable, for what Housecall Pro has no equivalent of', async () => {
    expect(await crmError(crm.cancelJob('job_1', 'no longer needed'))).toMatchObject({ code: 'UNSUPPORTED', retryable: false, message: 'Housecall Pro has no equivalent of cancelJob' });
    expect(await crmError(crm.listArrivalWindows())).toMatchObject({ code: 'UNSUPPORTED', retryable: false });
    expect(await crmError(crm.listEstimates({}))).toMatchObject({ code: 'UNSUPPORTED', message: 'Housecall Pro adapter does not support listEstimates' });
    expect(hcp.server.requests).toHaveLength(0);
  });
});
