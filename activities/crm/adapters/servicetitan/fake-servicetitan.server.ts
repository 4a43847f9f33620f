import { FakeVendorServer, type FakeRequest, type FakeResponse } from '../../../testing/fake-vendor-server';

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

  customers: Row[] = [
    {
      id: 11,
      active: true,
      name: 'Dana Whitfield',
      type: 'Residential',
      doNotService: false,
      address: { street: '12 Elm St', city: 'Austin', state: 'TX', zip: '78701', country: 'USA' },
    },
  ];
  contacts: Record<number, Row[]> = {
    11: [
      { id: 901, type: 'MobilePhone', value: '5551234567', memo: null },
      { id: 902, type: 'Email', value: 'dana@example.com', memo: 'personal' },
    ],
  };
  phones: Record<number, string> = { 11: '5551234567' };
  locations: Row[] = [
    {
      id: 21,
      customerId: 11,
      active: true,
      name: 'Home',
      address: { street: '12 Elm St', unit: null, city: 'Austin', state: 'TX', zip: '78701', country: 'USA' },
    },
  ];
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
  tagTypes: Row[] = [
    {
      id: 71,
      name: 'Emergency',
      color: '#ff0000',
      code: 'EMG',
      importance: 'High',
      isConversionOpportunity: false,
      active: true,
      createdOn: '2025-01-01T00:00:00Z',
      modifiedOn: '2025-01-01T00:00:00Z',
    },
  ];
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
  shifts: Row[] = [];
  customerContactsAdded = 0;
  installedEquipment: Row[] = [
    {
      id: 91,
      locationId: 21,
      customerId: 11,
      name: 'Condenser',
      type: 'AC',
      manufacturer: 'Carrier',
      model: '24ACC636',
      serialNumber: 'C123',
      installedOn: '2019-05-01T00:00:00Z',
      manufacturerWarrantyEnd: '2029-05-01T00:00:00Z',
      serviceProviderWarrantyEnd: null,
    },
  ];
  bookingProviderTags: Row[] = [{ id: 77, tagName: 'HomeAgent', description: 'AI agent' }];
  /** Telecom v2 bundles: the call is in leadCall. */
  calls: Row[] = [
    {
      id: 601,
      jobNumber: null,
      leadCall: {
        id: 601,
        receivedOn: '2026-03-01T15:00:00Z',
        duration: '00:03:10',
        from: '5551234567',
        to: '5550001111',
        direction: 'Inbound',
        callType: 'Booked',
        reason: { id: 5, name: 'Repair', lead: true, active: true },
        recordingUrl: 'https://example.invalid/rec/601',
        voiceMailUrl: null,
        customer: { id: 11, name: 'Dana Whitfield' },
        campaign: { id: 31, name: 'Yard Signs' },
        agent: { id: 301, name: 'Sam Ortiz' },
        modifiedOn: '2026-03-01T15:05:00Z',
      },
    },
    {
      id: 602,
      jobNumber: null,
      leadCall: {
        id: 602,
        receivedOn: '2026-03-01T16:00:00Z',
        duration: '00:00:40',
        from: '5559990000',
        to: '5550001111',
        direction: 'Inbound',
        callType: null,
        reason: null,
        recordingUrl: null,
        voiceMailUrl: null,
        customer: null,
        campaign: { id: 32, name: 'Google Ads' },
        agent: null,
        modifiedOn: '2026-03-01T16:00:00Z',
      },
    },
  ];
  recordings: Record<number, Buffer> = { 601: Buffer.from('ID3-fake-mp3') };
  callReasons: Row[] = [{ id: 5, name: 'Repair', isLead: true, active: true }];
  userRoles: Row[] = [{ id: 1, name: 'CSR', active: true }];
  memberships: Row[] = [
    { id: 51, customerId: 11, membershipTypeId: 52, status: 'Active', from: '2025-06-01T00:00:00', to: '2026-06-01T00:00:00', active: true },
    { id: 53, customerId: 11, membershipTypeId: 52, status: 'Suspended', from: '2024-06-01T00:00:00', to: null, active: true },
  ];
  membershipTypes: Row[] = [{ id: 52, name: 'Comfort Club', active: true }];
  recurringServiceTypes: Row[] = [
    { id: 54, name: 'Spring tune-up', recurrenceType: 'Seasonal', active: true },
    { id: 55, name: 'Filter change', recurrenceType: 'Weekly', active: true },
  ];
  recurringEvents: Row[] = [{ id: 56, status: 'NotCompleted', jobId: null }];
  pricebook: Record<'services' | 'materials' | 'equipment', Row[]> = {
    services: [{ id: 701, code: 'TUNE', displayName: 'AC tune-up', price: 129, active: true }],
    materials: [{ id: 702, code: 'FLT', displayName: null, price: 12.5, active: true }],
    equipment: [{ id: 703, code: 'CND3', displayName: '3-ton condenser', price: 4200, active: true }],
  };
  campaigns: Row[] = [
    {
      id: 31,
      name: 'Yard Signs',
      active: true,
      businessUnit: { id: 1, name: 'HVAC Service' },
      category: { id: 33, name: 'Offline', active: true },
      createdOn: '2025-01-01T00:00:00Z',
      modifiedOn: '2025-02-01T00:00:00Z',
      campaignPhoneNumbers: ['5550001111'],
      otherMedium: null,
    },
  ];
  campaignCategories: Row[] = [{ id: 33, name: 'Offline', active: true, type: 'Regular', createdOn: '2025-01-01T00:00:00Z' }];
  reportCategories = [{ id: 'operations', name: 'Operations' }];
  reports: Record<string, Record<string, unknown>[]> = {
    operations: [
      {
        id: 88,
        name: 'Jobs by unit',
        description: 'Jobs created in a range',
        modifiedOn: '2026-01-01T00:00:00Z',
        parameters: [
          { name: 'From', label: 'From', dataType: 'Date', isArray: false, isRequired: true, acceptValues: null },
          {
            name: 'BusinessUnitIds',
            label: 'Business units',
            dataType: 'Number',
            isArray: true,
            isRequired: false,
            acceptValues: { fields: [{ name: 'Value', label: 'Id' }], dynamicSetId: 'business-units', values: [] },
          },
        ],
        fields: [
          { name: 'JobNumber', label: 'Job #', dataType: 'String' },
          { name: 'Total', label: 'Total', dataType: 'Number' },
        ],
      },
    ],
  };
  capacityRequests: Record<string, unknown>[] = [];
  private nextId = 5000;

  async start(): Promise<this> {
    const s = this.server;
    const t = `/(crm|jpm|dispatch|settings|sales|telecom|marketing|reporting|equipmentsystems|memberships|pricebook|jbce)/v2/tenant/${FAKE_ST.tenantId}`;
    s.route('POST', /^\/connect\/token$/, (req) => this.token(req));
    const api = (method: string, path: string, handler: (req: FakeRequest, params: string[]) => FakeResponse) =>
      s.route(method, new RegExp(`^${t}/${path}$`), (req, params) => this.authorized(req) ?? handler(req, params.slice(1)));

    api('GET', 'customers', (req) =>
      this.page(
        this.customers.filter((c) => !req.query.get('phone') || this.phones[c.id] === req.query.get('phone')),
        req,
      ),
    );
    api('GET', 'customers/(\\d+)', (_req, [id]) => this.one(this.customers, id));
    api('GET', 'customers/(\\d+)/contacts', (req, [id]) =>
      this.customers.some((c) => c.id === Number(id))
        ? this.page(this.contacts[Number(id)] ?? [], req)
        : { status: 404, body: { title: 'Customer not found' } },
    );
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
              (j.externalData as { key: string; value: string }[]).some(
                (e) => e.key === req.query.get('externalDataKey') && e.value === req.query.get('externalDataValues'),
              )),
        ),
        req,
      ),
    );
    api('GET', 'jobs/(\\d+)', (_req, [id]) => this.one(this.jobs, id));
    api('POST', 'jobs', (req) => this.createJob(req.body as Record<string, unknown>));
    api('PUT', 'jobs/(\\d+)/cancel', (req, [id]) => {
      const job = this.jobs.find((j) => j.id === Number(id));
      if (!job) return { status: 404, body: { title: 'Job not found' } };
      if (!(req.body as { reasonId?: number }).reasonId)
        return { status: 400, body: { title: 'One or more validation errors occurred.', errors: { reasonId: ['required'] } } };
      job.jobStatus = 'Canceled';
      for (const a of this.appointments.filter((a) => a.jobId === job.id)) a.status = 'Canceled';
      return { status: 200 };
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
      return this.page(
        this.assignments.filter((a) => ids.includes(Number(a.appointmentId))),
        req,
      );
    });
    api('GET', `booking-provider/${FAKE_ST.bookingProviderId}/bookings`, (req) =>
      this.page(
        this.bookings.filter((b) => !req.query.get('externalId') || b.externalId === req.query.get('externalId')),
        req,
      ),
    );
    api('POST', `booking-provider/${FAKE_ST.bookingProviderId}/bookings`, (req) => {
      const body = req.body as Record<string, unknown>;
      const booking = {
        id: this.nextId++,
        ...body,
        status: 'New',
        createdOn: '2026-03-02T15:00:00Z',
        bookingProviderId: 77,
        modifiedOn: '2026-03-02T15:00:00Z',
      };
      this.bookings.push(booking as Row);
      return { status: 200, body: booking };
    });
    api('GET', 'jobs/(\\d+)/notes', (req, [id]) => this.page((this.notes[Number(id)] ?? []) as Row[], req));
    api('POST', 'jobs/(\\d+)/notes', (req, [id]) => {
      if (!this.jobs.some((j) => j.id === Number(id))) return { status: 404, body: { title: 'Job not found' } };
      const note = {
        text: (req.body as { text: string }).text,
        isPinned: false,
        createdById: 5,
        createdOn: '2026-03-02T15:00:00Z',
        modifiedOn: '2026-03-02T15:00:00Z',
      };
      (this.notes[Number(id)] ??= []).push(note);
      return { status: 200, body: note };
    });
    api('GET', 'tag-types', (req) => this.page(this.tagTypes, req));
    api('GET', 'estimates', (req) =>
      this.page(
        this.estimates.filter((e) => !req.query.get('customerId') || String(e.customerId) === req.query.get('customerId')),
        req,
      ),
    );
    api('GET', 'estimates/(\\d+)', (_req, [id]) => this.one(this.estimates, id));
    api('PUT', 'estimates/(\\d+)/(sell|unsell)', (req, [id, action]) => {
      const e = this.estimates.find((x) => x.id === Number(id));
      if (!e) return { status: 404, body: { title: 'Estimate not found' } };
      if (action === 'sell')
        Object.assign(e, { status: { value: 1, name: 'Sold' }, soldBy: (req.body as { soldBy: number }).soldBy, soldOn: '2026-03-02T15:00:00Z' });
      else Object.assign(e, { status: { value: 0, name: 'Open' }, soldBy: null, soldOn: null });
      return { status: 200, body: {} };
    });
    api('POST', 'customers/(\\d+)/contacts', (req, [id]) => {
      if (!this.customers.some((c) => c.id === Number(id))) return { status: 404, body: { title: 'Customer not found' } };
      const contact = { ...(req.body as Row), id: this.nextId++, modifiedOn: '2026-03-02T15:00:00Z' };
      (this.contacts[Number(id)] ??= []).push(contact);
      this.customerContactsAdded += 1;
      return { status: 200, body: contact };
    });
    api('PATCH', 'jobs/(\\d+)', (req, [id]) => {
      const job = this.jobs.find((j) => j.id === Number(id));
      if (!job) return { status: 404, body: { title: 'Job not found' } };
      const ids = (req.body as { tagTypeIds?: number[] }).tagTypeIds;
      if (ids?.some((t) => !this.tagTypes.some((tt) => tt.id === t))) return { status: 400, body: { title: 'Tag type not found' } };
      Object.assign(job, req.body as object);
      return { status: 200, body: job };
    });
    api('POST', 'appointments', (req) => {
      const body = req.body as Record<string, unknown>;
      const job = this.jobs.find((j) => j.id === body.jobId);
      if (!job) return { status: 404, body: { title: 'Job not found' } };
      const appointment = {
        id: this.nextId++,
        jobId: job.id,
        customerId: job.customerId,
        start: body.start,
        end: body.end,
        arrivalWindowStart: body.arrivalWindowStart ?? null,
        arrivalWindowEnd: body.arrivalWindowEnd ?? null,
        status: 'Scheduled',
        isConfirmed: false,
        specialInstructions: null,
      };
      this.appointments.push(appointment as Row);
      for (const technicianId of (body.technicianIds as number[] | undefined) ?? [])
        this.assignments.push({ id: this.nextId++, technicianId, appointmentId: appointment.id, active: true });
      return { status: 200, body: appointment };
    });
    api('DELETE', 'appointments/(\\d+)', (_req, [id]) => {
      const before = this.appointments.length;
      this.appointments = this.appointments.filter((a) => a.id !== Number(id));
      return before === this.appointments.length ? { status: 404, body: { title: 'Appointment not found' } } : { status: 200 };
    });
    api('PUT', 'appointments/(\\d+)/special-instructions', (req, [id]) => {
      const a = this.appointments.find((x) => x.id === Number(id));
      if (!a) return { status: 404, body: { title: 'Appointment not found' } };
      a.specialInstructions = (req.body as { specialInstructions: string }).specialInstructions;
      return { status: 200 };
    });
    api('GET', 'technician-shifts', (req) => {
      const from = req.query.get('startsOnOrAfter');
      const to = req.query.get('endsOnOrBefore');
      return this.page(
        this.shifts.filter((x) => (!from || String(x.end) > from) && (!to || String(x.start) < to)),
        req,
      );
    });
    api('POST', 'capacity', (req) => {
      const body = req.body as Record<string, unknown>;
      this.capacityRequests.push(body);
      return {
        status: 200,
        body: {
          timeStamp: '2026-03-02T15:00:00Z',
          availabilities: [
            {
              start: '2026-03-03T08:00:00',
              end: '2026-03-03T12:00:00',
              startUtc: '2026-03-03T14:00:00Z',
              endUtc: '2026-03-03T18:00:00Z',
              businessUnitIds: [1],
              totalAvailability: 4,
              openAvailability: 1,
              technicians: [
                { id: 301, name: 'Sam Ortiz', status: 'Available', hasRequiredSkills: true },
                { id: 302, name: 'Lee Park', status: 'Unavailable', hasRequiredSkills: false },
              ],
              isAvailable: true,
              isExceedingIdealBookingPercentage: false,
            },
            // An older answer: the tenant's wall clock only.
            {
              start: '2026-03-03T12:00:00',
              end: '2026-03-03T16:00:00',
              businessUnitIds: [1],
              totalAvailability: 4,
              openAvailability: 0,
              technicians: [],
              isExceedingIdealBookingPercentage: true,
            },
          ],
        },
      };
    });
    api('GET', 'installed-equipment', (req) => {
      const ids = (req.query.get('locationIds') ?? '').split(',').filter(Boolean).map(Number);
      return this.page(
        this.installedEquipment.filter((e) => ids.length === 0 || ids.includes(Number(e.locationId))),
        req,
      );
    });
    api('GET', 'booking-provider-tags', (req) =>
      this.page(
        this.bookingProviderTags.filter((t) => !req.query.get('name') || String(t.tagName).toLowerCase().includes(req.query.get('name')!.toLowerCase())),
        req,
      ),
    );
    api('POST', 'booking-provider-tags', (req) => {
      const tag = { id: this.nextId++, ...(req.body as object) };
      this.bookingProviderTags.push(tag as Row);
      return { status: 200, body: tag };
    });
    api('GET', 'calls', (req) => {
      const after = req.query.get('createdAfter');
      const before = req.query.get('createdBefore');
      const at = (c: Row) => String((c.leadCall as { receivedOn: string }).receivedOn);
      const rows = this.calls.filter((c) => (!after || at(c) > after) && (!before || at(c) < before)).sort((a, b) => at(b).localeCompare(at(a)));
      return this.page(rows, req);
    });
    api('PUT', 'calls/(\\d+)', (req, [id]) => {
      const call = this.calls.find((c) => c.id === Number(id));
      if (!call) return { status: 404, body: { title: 'Call not found' } };
      const body = req.body as Record<string, unknown>;
      const lead = call.leadCall as Record<string, unknown>;
      if (body.callType !== undefined) lead.callType = body.callType;
      if (body.excuseMemo !== undefined) lead.excuseMemo = body.excuseMemo;
      if (body.reason) lead.reason = { ...(lead.reason as object), ...(body.reason as object) };
      return { status: 200, body: lead };
    });
    api('GET', 'calls/(\\d+)/recording', (_req, [id]) => {
      const recording = this.recordings[Number(id)];
      return recording ? { status: 200, raw: recording } : { status: 404, body: { title: 'Recording not found' } };
    });
    api('GET', 'call-reasons', (req) => this.page(this.callReasons, req));
    api('GET', 'user-roles', (req) => this.page(this.userRoles, req));
    api('GET', 'memberships', (req) => {
      const customers = (req.query.get('customerIds') ?? '').split(',').filter(Boolean);
      return this.page(
        this.memberships.filter(
          (m) => (customers.length === 0 || customers.includes(String(m.customerId))) && (!req.query.get('status') || m.status === req.query.get('status')),
        ),
        req,
      );
    });
    api('GET', 'membership-types', (req) => this.page(this.membershipTypes, req));
    api('GET', 'recurring-service-types', (req) => this.page(this.recurringServiceTypes, req));
    api('POST', 'recurring-service-events/(\\d+)/mark-(complete|incomplete)', (req, [id, action]) => {
      const event = this.recurringEvents.find((e) => e.id === Number(id));
      if (!event) return { status: 404, body: { title: 'Event not found' } };
      Object.assign(
        event,
        action === 'complete' ? { status: 'Completed', jobId: (req.body as { jobId: number }).jobId } : { status: 'NotCompleted', jobId: null },
      );
      return { status: 200 };
    });
    api('GET', '(services|materials|equipment)', (req, [kind]) => this.page(this.pricebook[kind as 'services'], req));
    api('GET', 'campaigns', (req) => this.page(this.campaigns, req));
    api('POST', 'campaigns', (req) => {
      const body = req.body as Record<string, unknown>;
      if (!this.campaignCategories.some((c) => c.id === body.categoryId)) return { status: 400, body: { title: 'Campaign category not found' } };
      const campaign = {
        id: this.nextId++,
        name: body.name,
        active: body.active,
        businessUnit: { id: body.businessUnitId, name: '' },
        category: { id: body.categoryId, name: '' },
        createdOn: '2026-03-02T15:00:00Z',
        modifiedOn: '2026-03-02T15:00:00Z',
        campaignPhoneNumbers: [],
        otherMedium: null,
      };
      this.campaigns.push(campaign as Row);
      return { status: 200, body: campaign };
    });
    api('GET', 'categories', (req) => this.page(this.campaignCategories, req));
    api('GET', 'report-categories', (req) => serviceTitanPage(this.reportCategories, req.query));
    api('GET', 'report-category/([\\w-]+)/reports', (req, [category]) => {
      const reports = this.reports[category];
      if (!reports) return { status: 404, body: { title: 'Report category not found' } };
      return serviceTitanPage(
        reports.map(({ id, name, description }) => ({ id, name, description })),
        req.query,
      );
    });
    api('GET', 'report-category/([\\w-]+)/reports/(\\d+)', (_req, [category, id]) => {
      const report = this.reports[category]?.find((r) => r.id === Number(id));
      return report ? { status: 200, body: report } : { status: 404, body: { title: 'Report not found' } };
    });
    api('POST', 'report-category/([\\w-]+)/reports/(\\d+)/data', (req, [category, id]) => {
      const report = this.reports[category]?.find((r) => r.id === Number(id));
      if (!report) return { status: 404, body: { title: 'Report not found' } };
      const given = (req.body as { parameters: { name: string }[] }).parameters.map((p) => p.name);
      const missing = (report.parameters as { name: string; isRequired: boolean }[]).find((p) => p.isRequired && !given.includes(p.name));
      if (missing) return { status: 400, body: { title: `The ${missing.name} parameter is required` } };
      const rows = [
        ['J-1', 120],
        ['J-2', 80],
        ['J-3', 40],
      ];
      const page = serviceTitanPage(rows, req.query).body as Record<string, unknown>;
      return {
        status: 200,
        body: {
          fields: [
            { name: 'JobNumber', label: 'Job #' },
            { name: 'Total', label: 'Total' },
          ],
          ...page,
        },
      };
    });
    api('GET', 'dynamic-value-sets/([\\w-]+)', (req, [set]) => {
      if (set !== 'business-units') return { status: 404, body: { title: 'Dynamic set not found' } };
      const page = serviceTitanPage(
        this.businessUnits.map((b) => [b.id, b.name]),
        req.query,
      ).body as Record<string, unknown>;
      return {
        status: 200,
        body: {
          fields: [
            { name: 'Value', label: 'Id' },
            { name: 'Name', label: 'Name' },
          ],
          ...page,
        },
      };
    });
    await s.start();
    return this;
  }

  stop(): Promise<void> {
    return this.server.close();
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
      if (typeof body[field] !== 'number')
        return { status: 400, body: { title: 'One or more validation errors occurred.', errors: { [field]: ['required'] } } };
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
      this.appointments.push({
        id: appointmentId,
        jobId: id,
        customerId: body.customerId,
        start: a.start,
        end: a.end,
        arrivalWindowStart: a.arrivalWindowStart ?? null,
        arrivalWindowEnd: a.arrivalWindowEnd ?? null,
        status: 'Scheduled',
        isConfirmed: false,
      });
      for (const technicianId of (a.technicianIds as number[] | undefined) ?? [])
        this.assignments.push({ id: this.nextId++, technicianId, appointmentId, active: true });
    }
    return { status: 200, body: job };
  }

  private confirm(id: string, confirmed: boolean): FakeResponse {
    const a = this.appointments.find((x) => x.id === Number(id));
    if (!a) return { status: 404, body: { title: 'Appointment not found' } };
    a.isConfirmed = confirmed;
    return { status: 200 };
  }
}

/** Pages a list the way ServiceTitan does: page/pageSize in, {page, pageSize, hasMore, totalCount, data} out. */
export function serviceTitanPage<T>(items: T[], query: URLSearchParams, maxPageSize = 5000): FakeResponse {
  const page = Number(query.get('page') ?? 1);
  const pageSize = Math.min(Number(query.get('pageSize') ?? 50), maxPageSize);
  const data = items.slice((page - 1) * pageSize, page * pageSize);
  const includeTotal = query.get('includeTotal') === 'true';
  return { status: 200, body: { page, pageSize, hasMore: page * pageSize < items.length, totalCount: includeTotal ? items.length : null, data } };
}
