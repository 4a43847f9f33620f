import { FakeVendorServer, serviceTitanPage, type FakeRequest, type FakeResponse } from '../http/fake-vendor-server';

// A local ServiceTitan for contract tests: the auth host's /connect/token and the tenant-scoped API v2
// paths the adapter uses, answering in ServiceTitan's documented shapes. Pages are capped at 50 so the
// adapter has to follow hasMore across pages.

export const FAKE_ST = { tenantId: '4242', clientId: 'st-client', clientSecret: 'st-secret', appKey: 'ak1.fake', bookingProviderId: '77' };
const MAX_PAGE = 50;

type Row = Record<string, unknown> & { id: number };

export class FakeServiceTitan {
  readonly server = new FakeVendorServer();
  readonly validTokens = new Set<string>();
  tokensIssued = 0;
  tokenLifetimeSeconds = 900;

  customers: Row[] = [{ id: 11, active: true, name: 'Dana Whitfield', type: 'Residential', doNotService: false, address: { street: '12 Elm St', city: 'Austin', state: 'TX', zip: '78701', country: 'USA' } }];
  contacts: Record<number, Row[]> = {
    11: [
      { id: 901, type: 'MobilePhone', value: '5551234567', memo: null },
      { id: 902, type: 'Email', value: 'dana@example.com', memo: 'personal' },
    ],
  };
  phones: Record<number, string> = { 11: '5551234567' };
  locations: Row[] = [{ id: 21, customerId: 11, active: true, name: 'Home', address: { street: '12 Elm St', unit: null, city: 'Austin', state: 'TX', zip: '78701', country: 'USA' } }];
  businessUnits: Row[] = [
    { id: 1, name: 'HVAC Service', active: true, modifiedOn: '2026-01-01T00:00:00Z' },
    { id: 2, name: 'Plumbing Residential', active: true, modifiedOn: '2026-01-01T00:00:00Z' },
  ];
  jobTypes: Row[] = Array.from({ length: 120 }, (_, i) => ({
    id: 1000 + i,
    name: `Job type ${i}`,
    businessUnitIds: [1],
    skills: i === 0 ? ['HVAC'] : [],
    priority: i === 0 ? 'Urgent' : 'Normal',
    duration: i === 0 ? 5400 : 0,
    summary: null,
    active: i !== 119,
    modifiedOn: '2026-01-01T00:00:00Z',
  }));
  technicians: Row[] = [
    { id: 301, name: 'Sam Ortiz', email: 'sam@hvac.test', phoneNumber: '5559870001', businessUnitId: 1, active: true, modifiedOn: '2026-01-01T00:00:00Z' },
    { id: 302, name: 'Lee Park', email: null, phoneNumber: null, businessUnitId: 2, active: true, modifiedOn: '2026-01-01T00:00:00Z' },
  ];
  arrivalWindows: Row[] = [{ id: 41, start: '08:00', duration: '04:00', businessUnitIds: [1, 2], active: true, modifiedOn: '2026-01-01T00:00:00Z' }];
  jobs: Row[] = [];
  appointments: Row[] = [];
  assignments: Row[] = [];
  bookings: Row[] = [];
  cancelReasons: Row[] = [{ id: 61, name: 'Customer canceled', active: true }];
  notes: Record<number, Record<string, unknown>[]> = {};
  tagTypes: Row[] = [{ id: 71, name: 'Emergency', color: '#ff0000', code: 'EMG', importance: 'High', isConversionOpportunity: false, active: true, createdOn: '2025-01-01T00:00:00Z', modifiedOn: '2025-01-01T00:00:00Z' }];
  estimates: Row[] = [
    {
      id: 81,
      jobId: null,
      locationId: 21,
      customerId: 11,
      name: 'New condenser',
      jobNumber: null,
      status: { value: 0, name: 'Open' },
      reviewStatus: 'None',
      summary: '3-ton condenser replacement',
      createdOn: '2026-02-01T00:00:00Z',
      modifiedOn: '2026-02-01T00:00:00Z',
      soldOn: null,
      soldBy: null,
      active: true,
      items: [{ description: 'Condenser', qty: 1, price: 4200 }],
      subtotal: 4200,
      tax: 336,
      businessUnitId: 1,
      businessUnitName: 'HVAC Service',
    },
  ];
  private nextId = 5000;

  async start(): Promise<this> {
    const s = this.server;
    const t = `/(crm|jpm|dispatch|settings|sales)/v2/tenant/${FAKE_ST.tenantId}`;
    s.route('POST', /^\/connect\/token$/, (req) => this.token(req));
    const api = (method: string, path: string, handler: (req: FakeRequest, params: string[]) => FakeResponse) =>
      s.route(method, new RegExp(`^${t}/${path}$`), (req, params) => this.authorized(req) ?? handler(req, params.slice(1)));

    api('GET', 'customers', (req) => this.page(this.customers.filter((c) => !req.query.get('phone') || this.phones[c.id] === req.query.get('phone')), req));
    api('GET', 'customers/(\\d+)', (_req, [id]) => this.one(this.customers, id));
    api('GET', 'customers/(\\d+)/contacts', (req, [id]) => this.page(this.contacts[Number(id)] ?? [], req));
    api('POST', 'customers', (req) => this.createCustomer(req.body as Record<string, unknown>));
    api('GET', 'locations', (req) =>
      this.page(
        this.locations.filter(
          (l) =>
            (!req.query.get('customerId') || String(l.customerId) === req.query.get('customerId')) &&
            (!req.query.get('zip') || (l.address as { zip: string }).zip === req.query.get('zip')),
        ),
        req,
      ),
    );
    api('POST', 'locations', (req) => {
      const body = req.body as Record<string, unknown>;
      const location = { id: this.nextId++, customerId: body.customerId, active: true, name: body.name, address: body.address };
      this.locations.push(location as Row);
      return { status: 200, body: location };
    });
    api('GET', 'business-units', (req) => this.page(this.filtered(this.businessUnits, req), req));
    api('GET', 'job-types', (req) => this.page(this.filtered(this.jobTypes, req), req));
    api('GET', 'technicians', (req) => this.page(this.filtered(this.technicians, req), req));
    api('GET', 'arrival-windows', (req) => this.page(this.filtered(this.arrivalWindows, req), req));
    api('GET', 'job-cancel-reasons', (req) => this.page(this.cancelReasons, req));
    api('GET', 'jobs', (req) =>
      this.page(
        this.jobs.filter(
          (j) =>
            (!req.query.get('customerId') || String(j.customerId) === req.query.get('customerId')) &&
            (!req.query.get('externalDataValues') ||
              (j.externalData as { key: string; value: string }[]).some((e) => e.key === req.query.get('externalDataKey') && e.value === req.query.get('externalDataValues'))),
        ),
        req,
      ),
    );
    api('GET', 'jobs/(\\d+)', (_req, [id]) => this.one(this.jobs, id));
    api('POST', 'jobs', (req) => this.createJob(req.body as Record<string, unknown>));
    api('PUT', 'jobs/(\\d+)/cancel', (req, [id]) => {
      const job = this.jobs.find((j) => j.id === Number(id));
      if (!job) return { status: 404, body: { title: 'Job not found' } };
      if (!(req.body as { reasonId?: number }).reasonId) return { status: 400, body: { title: 'One or more validation errors occurred.', errors: { reasonId: ['required'] } } };
      job.jobStatus = 'Canceled';
      for (const a of this.appointments.filter((a) => a.jobId === job.id)) a.status = 'Canceled';
      return { status: 200, body: {} };
    });
    api('GET', 'appointments', (req) => {
      const from = req.query.get('startsOnOrAfter');
      const before = req.query.get('startsBefore');
      return this.page(
        this.appointments.filter(
          (a) =>
            (!req.query.get('jobId') || String(a.jobId) === req.query.get('jobId')) &&
            (!req.query.get('customerId') || String(a.customerId) === req.query.get('customerId')) &&
            (!from || String(a.start) >= from) &&
            (!before || String(a.start) < before),
        ),
        req,
      );
    });
    api('GET', 'appointments/(\\d+)', (_req, [id]) => this.one(this.appointments, id));
    api('PATCH', 'appointments/(\\d+)/reschedule', (req, [id]) => {
      const a = this.appointments.find((x) => x.id === Number(id));
      if (!a) return { status: 404, body: { title: 'Appointment not found' } };
      Object.assign(a, { start: (req.body as { start: string }).start, end: (req.body as { end: string }).end });
      return { status: 200, body: a };
    });
    api('PUT', 'appointments/(\\d+)/confirmation', (_req, [id]) => this.confirm(id, true));
    api('DELETE', 'appointments/(\\d+)/confirmation', (_req, [id]) => this.confirm(id, false));
    api('GET', 'appointment-assignments', (req) => {
      const ids = (req.query.get('appointmentIds') ?? '').split(',').map(Number);
      return this.page(this.assignments.filter((a) => ids.includes(Number(a.appointmentId))), req);
    });
    api('GET', `booking-provider/${FAKE_ST.bookingProviderId}/bookings`, (req) =>
      this.page(this.bookings.filter((b) => !req.query.get('externalId') || b.externalId === req.query.get('externalId')), req),
    );
    api('POST', `booking-provider/${FAKE_ST.bookingProviderId}/bookings`, (req) => {
      const body = req.body as Record<string, unknown>;
      const booking = { id: this.nextId++, ...body, status: 'New', createdOn: '2026-03-02T15:00:00Z', bookingProviderId: 77, modifiedOn: '2026-03-02T15:00:00Z' };
      this.bookings.push(booking as Row);
      return { status: 200, body: booking };
    });
    api('GET', 'jobs/(\\d+)/notes', (req, [id]) => this.page((this.notes[Number(id)] ?? []) as Row[], req));
    api('POST', 'jobs/(\\d+)/notes', (req, [id]) => {
      if (!this.jobs.some((j) => j.id === Number(id))) return { status: 404, body: { title: 'Job not found' } };
      const note = { text: (req.body as { text: string }).text, isPinned: false, createdById: 5, createdOn: '2026-03-02T15:00:00Z', modifiedOn: '2026-03-02T15:00:00Z' };
      (this.notes[Number(id)] ??= []).push(note);
      return { status: 200, body: note };
    });
    api('GET', 'tag-types', (req) => this.page(this.tagTypes, req));
    api('GET', 'estimates', (req) => this.page(this.estimates.filter((e) => !req.query.get('customerId') || String(e.customerId) === req.query.get('customerId')), req));
    api('GET', 'estimates/(\\d+)', (_req, [id]) => this.one(this.estimates, id));
    api('PUT', 'estimates/(\\d+)/(sell|unsell)', (req, [id, action]) => {
      const e = this.estimates.find((x) => x.id === Number(id));
      if (!e) return { status: 404, body: { title: 'Estimate not found' } };
      if (action === 'sell') Object.assign(e, { status: { value: 1, name: 'Sold' }, soldBy: (req.body as { soldBy: number }).soldBy, soldOn: '2026-03-02T15:00:00Z' });
      else Object.assign(e, { status: { value: 0, name: 'Open' }, soldBy: null, soldOn: null });
      return { status: 200, body: {} };
    });
    await s.start();
    return this;
  }

  stop(): Promise<void> {
    return this.server.stop();
  }

  private token(req: FakeRequest): FakeResponse {
    const form = req.body as Record<string, string>;
    if (String(req.headers['content-type']) !== 'application/x-www-form-urlencoded' || form.grant_type !== 'client_credentials') {
      return { status: 400, body: { error: 'unsupported_grant_type' } };
    }
    if (form.client_id !== FAKE_ST.clientId || form.client_secret !== FAKE_ST.clientSecret) return { status: 400, body: { error: 'invalid_client' } };
    this.tokensIssued += 1;
    const token = `st-token-${this.tokensIssued}`;
    this.validTokens.add(token);
    return { status: 200, body: { access_token: token, expires_in: this.tokenLifetimeSeconds, token_type: 'Bearer', scope: 'tn.crm.customers:r' } };
  }

  private authorized(req: FakeRequest): FakeResponse | null {
    const token = String(req.headers.authorization ?? '').replace(/^Bearer /, '');
    if (!this.validTokens.has(token)) return { status: 401, body: { title: 'Unauthorized', status: 401 } };
    if (req.headers['st-app-key'] !== FAKE_ST.appKey) return { status: 401, body: { title: 'ST-App-Key header is missing or invalid', status: 401 } };
    return null;
  }

  private page(items: Row[], req: FakeRequest): FakeResponse {
    return serviceTitanPage(items, req.query, MAX_PAGE);
  }

  /** active=True (the default) | False | Any, and modifiedOnOrAfter, as ServiceTitan's list endpoints filter. */
  private filtered(items: Row[], req: FakeRequest): Row[] {
    const active = req.query.get('active') ?? 'True';
    const since = req.query.get('modifiedOnOrAfter');
    return items.filter((i) => (active === 'Any' || String(i.active !== false) === String(active === 'True')) && (!since || String(i.modifiedOn) >= since));
  }

  private one(items: Row[], id: string): FakeResponse {
    const item = items.find((i) => i.id === Number(id));
    return item ? { status: 200, body: item } : { status: 404, body: { title: 'Not Found', status: 404 } };
  }

  private createCustomer(body: Record<string, unknown>): FakeResponse {
    if (!Array.isArray(body.locations) || body.locations.length === 0) return { status: 400, body: { title: 'One or more validation errors occurred.' } };
    const id = this.nextId++;
    const customer = { id, active: true, name: body.name, type: body.type, doNotService: false, address: body.address };
    this.customers.push(customer as Row);
    this.contacts[id] = (body.contacts as Row[]).map((c) => ({ ...c, id: this.nextId++ }));
    for (const l of body.locations as Row[]) this.locations.push({ id: this.nextId++, customerId: id, active: true, name: l.name, address: l.address });
    return { status: 200, body: customer };
  }

  private createJob(body: Record<string, unknown>): FakeResponse {
    for (const field of ['customerId', 'locationId', 'businessUnitId', 'jobTypeId', 'campaignId']) {
      if (typeof body[field] !== 'number') return { status: 400, body: { title: 'One or more validation errors occurred.', errors: { [field]: ['required'] } } };
    }
    const id = this.nextId++;
    const job = {
      id,
      jobNumber: String(id),
      customerId: body.customerId,
      locationId: body.locationId,
      jobStatus: 'Scheduled',
      businessUnitId: body.businessUnitId,
      jobTypeId: body.jobTypeId,
      priority: body.priority,
      summary: body.summary,
      createdOn: '2026-03-02T15:00:00Z',
      externalData: body.externalData ?? [],
    };
    this.jobs.push(job as Row);
    for (const a of body.appointments as Record<string, unknown>[]) {
      const appointmentId = this.nextId++;
      this.appointments.push({ id: appointmentId, jobId: id, customerId: body.customerId, start: a.start, end: a.end, arrivalWindowStart: a.arrivalWindowStart ?? null, arrivalWindowEnd: a.arrivalWindowEnd ?? null, status: 'Scheduled', isConfirmed: false });
      for (const technicianId of (a.technicianIds as number[] | undefined) ?? []) this.assignments.push({ id: this.nextId++, technicianId, appointmentId, active: true });
    }
    return { status: 200, body: job };
  }

  private confirm(id: string, confirmed: boolean): FakeResponse {
    const a = this.appointments.find((x) => x.id === Number(id));
    if (!a) return { status: 404, body: { title: 'Appointment not found' } };
    a.isConfirmed = confirmed;
    return { status: 200, body: {} };
  }
}
