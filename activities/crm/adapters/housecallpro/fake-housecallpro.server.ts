import { FakeVendorServer, type FakeRequest, type FakeResponse } from '../../../testing/fake-vendor-server';

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
    {
      id: 'cus_2',
      first_name: 'Noah',
      last_name: 'Brandt',
      mobile_number: '5559990000',
      addresses: [{ id: 'adr_2', type: 'service', street: '5551234567 Mile Rd', city: 'Austin', state: 'TX', zip: '78701', country: 'US' }],
    },
  ];
  employees: Row[] = [
    ...Array.from({ length: 45 }, (_, i) => ({
      id: `pro_${i}`,
      first_name: 'Tech',
      last_name: String(i),
      email: `t${i}@hcp.test`,
      mobile_number: '5550000000',
      role: 'field tech',
    })),
    { id: 'pro_office', first_name: 'Olive', last_name: 'Office', email: null, mobile_number: null, role: 'office staff' },
  ];
  jobTypes: Row[] = [
    { id: 'jbt_1', name: 'AC Repair' },
    { id: 'jbt_2', name: 'Drain Cleaning' },
  ];
  jobs: Row[] = [];
  tags: Row[] = [
    { id: 'tag_1', name: 'VIP' },
    { id: 'tag_2', name: 'Warranty' },
  ];
  estimates: Row[] = [
    {
      id: 'est_1',
      estimate_number: '1001',
      work_status: 'needs scheduling',
      customer: { id: 'cus_1' },
      address: { id: 'adr_1' },
      created_at: '2026-02-01T15:00:00Z',
      updated_at: '2026-02-01T15:00:00Z',
      estimate_fields: { job_type_id: 'jbt_1', business_unit_id: null },
      options: [
        {
          id: 'opt_1',
          name: 'New condenser',
          total_amount: 420000,
          approval_status: 'awaiting response',
          message_from_pro: '3-ton replacement',
          updated_at: '2026-02-01T15:00:00Z',
        },
      ],
    },
    {
      id: 'est_2',
      estimate_number: '1002',
      work_status: 'needs scheduling',
      customer: { id: 'cus_1' },
      address: { id: 'adr_1' },
      created_at: '2026-02-02T15:00:00Z',
      options: [
        { id: 'opt_2', name: 'Repair', total_amount: 30000, approval_status: 'awaiting response' },
        { id: 'opt_3', name: 'Replace', total_amount: 500000, approval_status: 'awaiting response' },
      ],
    },
  ];
  /** Bookable windows per weekday; none unless a test sets them, as a company that never set up online booking. */
  scheduleWindows: { day_name: string; schedule_windows: { start_time: string; end_time: string }[] }[] = [];
  serviceZones: Row[] = [];
  private nextId = 100;

  async start(): Promise<this> {
    const s = this.server;
    const api = (method: string, pattern: RegExp, handler: (req: FakeRequest, params: string[]) => FakeResponse) =>
      s.route(method, pattern, (req, params) =>
        req.headers.authorization === `Token ${FAKE_HCP.apiKey}` ? handler(req, params) : { status: 401, body: { error: { message: 'Unauthorized' } } },
      );

    api('GET', /^\/customers$/, (req) => {
      const q = (req.query.get('q') ?? '').replace(/\D/g, '');
      return housecallProPage(
        'customers',
        this.customers.filter((c) => !q || JSON.stringify(c).replace(/\D/g, '').includes(q)),
        req.query,
        MAX_PAGE,
      );
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
      const employees = req.query.getAll('employee_ids[]');
      const statuses = req.query.getAll('work_status[]');
      const status = (j: Row) =>
        String(j.work_status)
          .replace(' ', '_')
          .replace(/^complete.*/, 'completed')
          .replace(/.*canceled$/, 'canceled')
          .replace('needs_scheduling', 'unscheduled');
      return housecallProPage(
        'jobs',
        this.jobs.filter(
          (j) =>
            (!req.query.get('customer_id') || (j.customer as Row).id === req.query.get('customer_id')) &&
            (!min || start(j) >= min) &&
            (!max || start(j) <= max) &&
            (employees.length === 0 || ((j.assigned_employees as Row[]) ?? []).some((e) => employees.includes(e.id))) &&
            (statuses.length === 0 || statuses.includes(status(j))),
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
        work_status: (body.schedule as { scheduled_start?: string } | undefined)?.scheduled_start ? 'scheduled' : 'needs scheduling',
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
      const body = req.body as { start_time: string; end_time: string; arrival_window_in_minutes: number; dispatched_employees?: { employee_id: string }[] };
      job.schedule = { scheduled_start: body.start_time, scheduled_end: body.end_time, arrival_window: body.arrival_window_in_minutes };
      if (body.dispatched_employees?.length) job.assigned_employees = body.dispatched_employees.map((e) => ({ id: e.employee_id }));
      if (job.work_status === 'needs scheduling') job.work_status = 'scheduled';
      return { status: 200, body: {} };
    });
    api('DELETE', /^\/jobs\/([^/]+)\/schedule$/, (_req, [id]) => {
      const job = this.jobs.find((j) => j.id === id);
      if (!job) return { status: 404, body: { error: { message: 'Job not found' } } };
      job.schedule = { scheduled_start: null, scheduled_end: null, arrival_window: 0 };
      job.work_status = 'needs scheduling';
      return { status: 200, body: { object: 'schedule', deleted: true } };
    });
    api('POST', /^\/jobs\/([^/]+)\/notes$/, (req, [id]) => {
      const job = this.jobs.find((j) => j.id === id);
      if (!job) return { status: 404, body: { error: { message: 'Job not found' } } };
      const note = { id: `nte_${this.nextId++}`, content: (req.body as { content: string }).content };
      job.notes = [...((job.notes as Row[]) ?? []), note];
      return { status: 201, body: note };
    });
    api('POST', /^\/jobs\/([^/]+)\/tags$/, (req, [id]) => {
      const job = this.jobs.find((j) => j.id === id);
      const tag = this.tags.find((t) => t.id === (req.body as { tag_id: string }).tag_id);
      if (!job || !tag) return { status: 404, body: { error: { message: 'Not found' } } };
      job.tags = [...new Set([...((job.tags as string[]) ?? []), tag.name as string])];
      return { status: 201, body: { tags: this.tags.filter((t) => (job.tags as string[]).includes(t.name as string)) } };
    });
    api('DELETE', /^\/jobs\/([^/]+)\/tags\/([^/]+)$/, (_req, [id, tagId]) => {
      const job = this.jobs.find((j) => j.id === id);
      const tag = this.tags.find((t) => t.id === tagId);
      if (!job || !tag) return { status: 404, body: { error: { message: 'Not found' } } };
      job.tags = ((job.tags as string[]) ?? []).filter((name) => name !== tag.name);
      return { status: 200, body: { tags: this.tags.filter((t) => (job.tags as string[]).includes(t.name as string)) } };
    });
    api('GET', /^\/tags$/, (req) => housecallProPage('tags', this.tags, req.query, MAX_PAGE));
    api('GET', /^\/customers\/([^/]+)\/addresses$/, (req, [id]) => {
      const customer = this.customers.find((c) => c.id === id);
      return customer
        ? housecallProPage('addresses', (customer.addresses as Row[]) ?? [], req.query, MAX_PAGE)
        : { status: 404, body: { error: { message: 'Customer not found' } } };
    });
    api('PUT', /^\/customers\/([^/]+)$/, (req, [id]) => {
      const customer = this.customers.find((c) => c.id === id);
      if (!customer) return { status: 404, body: { error: { message: 'Customer not found' } } };
      Object.assign(customer, req.body as object);
      return { status: 200, body: customer };
    });
    api('GET', /^\/estimates$/, (req) =>
      housecallProPage(
        'estimates',
        this.estimates.filter((e) => !req.query.get('customer_id') || (e.customer as Row).id === req.query.get('customer_id')),
        req.query,
        MAX_PAGE,
      ),
    );
    api('GET', /^\/estimates\/([^/]+)$/, (_req, [id]) => this.one(this.estimates, id));
    api('POST', /^\/estimates\/options\/(approve|decline)$/, (req, [action]) => {
      const ids = (req.body as { option_ids: string[] }).option_ids;
      const options = this.estimates.flatMap((e) => e.options as Row[]).filter((o) => ids.includes(o.id));
      if (options.length !== ids.length) return { status: 404, body: { error: { message: 'Option not found' } } };
      for (const o of options)
        Object.assign(o, { approval_status: action === 'approve' ? 'pro approved' : 'pro declined', updated_at: '2026-03-02T15:00:00Z' });
      return { status: 200, body: { status: action === 'approve' ? 'pro approved' : 'pro declined', last_updated_at: '2026-03-02T15:00:00Z' } };
    });
    api('GET', /^\/company\/schedule_availability$/, () => ({
      status: 200,
      body: { availability_buffer_in_days: 0, daily_availabilities: { data: this.scheduleWindows } },
    }));
    api('GET', /^\/service_zones$/, (req) =>
      housecallProPage(
        'service_zones',
        this.serviceZones.filter((z) => !req.query.get('zip_code') || (z.zip_codes as string[]).includes(req.query.get('zip_code')!)),
        req.query,
        MAX_PAGE,
      ),
    );
    await s.start();
    return this;
  }

  stop(): Promise<void> {
    return this.server.close();
  }

  private one(items: Row[], id: string): FakeResponse {
    const item = items.find((i) => i.id === id);
    return item ? { status: 200, body: item } : { status: 404, body: { error: { message: 'Not found' } } };
  }
}

/** Pages a list the way Housecall Pro does: page/page_size in, {page, page_size, total_pages, total_items, <key>} out. */
export function housecallProPage<T>(key: string, items: T[], query: URLSearchParams, maxPageSize = 100): FakeResponse {
  const page = Number(query.get('page') ?? 1);
  const pageSize = Math.min(Number(query.get('page_size') ?? 10), maxPageSize);
  return {
    status: 200,
    body: {
      page,
      page_size: pageSize,
      total_pages: Math.max(1, Math.ceil(items.length / pageSize)),
      total_items: items.length,
      [key]: items.slice((page - 1) * pageSize, page * pageSize),
    },
  };
}
