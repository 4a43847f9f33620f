import { FakeVendorServer, housecallProPage, type FakeRequest, type FakeResponse } from '../http/fake-vendor-server';

// A local Housecall Pro for contract tests: the public API's paths and shapes the adapter uses, with
// "Authorization: Token <api key>" and page/page_size paging capped at 20 per page.

export const FAKE_HCP = { apiKey: 'hcp-key-1' };
const MAX_PAGE = 20;

type Row = Record<string, unknown> & { id: string };

export class FakeHousecallPro {
  readonly server = new FakeVendorServer();
  customers: Row[] = [
    {
      id: 'cus_1',
      first_name: 'Dana',
      last_name: 'Whitfield',
      email: 'dana@example.com',
      mobile_number: '555-123-4567',
      home_number: null,
      work_number: null,
      company: null,
      addresses: [{ id: 'adr_1', type: 'service', street: '12 Elm St', street_line_2: null, city: 'Austin', state: 'TX', zip: '78701', country: 'US' }],
    },
    // Matches the free-text search on the street number, but not on the phone.
    { id: 'cus_2', first_name: 'Noah', last_name: 'Brandt', mobile_number: '5559990000', addresses: [{ id: 'adr_2', type: 'service', street: '5551234567 Mile Rd', city: 'Austin', state: 'TX', zip: '78701', country: 'US' }] },
  ];
  employees: Row[] = [
    ...Array.from({ length: 45 }, (_, i) => ({ id: `pro_${i}`, first_name: 'Tech', last_name: String(i), email: `t${i}@hcp.test`, mobile_number: '5550000000', role: 'field tech' })),
    { id: 'pro_office', first_name: 'Olive', last_name: 'Office', email: null, mobile_number: null, role: 'office staff' },
  ];
  jobTypes: Row[] = [
    { id: 'jbt_1', name: 'AC Repair' },
    { id: 'jbt_2', name: 'Drain Cleaning' },
  ];
  jobs: Row[] = [];
  private nextId = 100;

  async start(): Promise<this> {
    const s = this.server;
    const api = (method: string, pattern: RegExp, handler: (req: FakeRequest, params: string[]) => FakeResponse) =>
      s.route(method, pattern, (req, params) => (req.headers.authorization === `Token ${FAKE_HCP.apiKey}` ? handler(req, params) : { status: 401, body: { error: { message: 'Unauthorized' } } }));

    api('GET', /^\/customers$/, (req) => {
      const q = (req.query.get('q') ?? '').replace(/\D/g, '');
      return housecallProPage('customers', this.customers.filter((c) => !q || JSON.stringify(c).replace(/\D/g, '').includes(q)), req.query, MAX_PAGE);
    });
    api('GET', /^\/customers\/([^/]+)$/, (_req, [id]) => this.one(this.customers, id));
    api('POST', /^\/customers$/, (req) => {
      const body = req.body as Record<string, unknown>;
      const customer = { ...body, id: `cus_${this.nextId++}`, addresses: (body.addresses as Row[]).map((a) => ({ ...a, id: `adr_${this.nextId++}` })) };
      this.customers.push(customer as Row);
      return { status: 201, body: customer };
    });
    api('POST', /^\/customers\/([^/]+)\/addresses$/, (req, [id]) => {
      const customer = this.customers.find((c) => c.id === id);
      if (!customer) return { status: 404, body: { error: { message: 'Customer not found' } } };
      const address = { ...(req.body as object), id: `adr_${this.nextId++}` };
      (customer.addresses as Row[]).push(address as Row);
      return { status: 201, body: address };
    });
    api('GET', /^\/employees$/, (req) => housecallProPage('employees', this.employees, req.query, MAX_PAGE));
    api('GET', /^\/job_fields\/job_types$/, (req) => housecallProPage('job_types', this.jobTypes, req.query, MAX_PAGE));
    api('GET', /^\/jobs$/, (req) => {
      const min = req.query.get('scheduled_start_min');
      const max = req.query.get('scheduled_start_max');
      const start = (j: Row) => String((j.schedule as { scheduled_start?: string }).scheduled_start ?? '');
      return housecallProPage(
        'jobs',
        this.jobs.filter(
          (j) => (!req.query.get('customer_id') || (j.customer as Row).id === req.query.get('customer_id')) && (!min || start(j) >= min) && (!max || start(j) <= max),
        ),
        req.query,
        MAX_PAGE,
      );
    });
    api('GET', /^\/jobs\/([^/]+)$/, (_req, [id]) => this.one(this.jobs, id));
    api('POST', /^\/jobs$/, (req) => {
      const body = req.body as Record<string, unknown>;
      if (!body.customer_id) return { status: 422, body: { error: { message: 'customer_id is required' } } };
      const job = {
        id: `job_${this.nextId++}`,
        invoice_number: String(this.nextId),
        description: body.description,
        customer: { id: body.customer_id },
        address: { id: body.address_id },
        work_status: 'scheduled',
        schedule: body.schedule,
        assigned_employees: ((body.assigned_employee_ids as string[]) ?? []).map((id) => ({ id })),
        tags: body.tags ?? [],
        created_at: '2026-03-02T15:00:00Z',
        job_fields: { job_type: body.job_fields ? { id: (body.job_fields as { job_type_id: string }).job_type_id } : null, business_unit: null },
      };
      this.jobs.push(job);
      return { status: 201, body: job };
    });
    api('PUT', /^\/jobs\/([^/]+)\/schedule$/, (req, [id]) => {
      const job = this.jobs.find((j) => j.id === id);
      if (!job) return { status: 404, body: { error: { message: 'Job not found' } } };
      const body = req.body as { start_time: string; end_time: string; arrival_window_in_minutes: number };
      job.schedule = { scheduled_start: body.start_time, scheduled_end: body.end_time, arrival_window: body.arrival_window_in_minutes };
      return { status: 200, body: {} };
    });
    await s.start();
    return this;
  }

  stop(): Promise<void> {
    return this.server.stop();
  }

  private one(items: Row[], id: string): FakeResponse {
    const item = items.find((i) => i.id === id);
    return item ? { status: 200, body: item } : { status: 404, body: { error: { message: 'Not found' } } };
  }
}
