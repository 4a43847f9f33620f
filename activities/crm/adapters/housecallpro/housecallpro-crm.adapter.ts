import type { z } from 'zod';
import { normalizePhoneNumber } from '../../../../domain/validation/phone';
import {
  CrmError,
  type CrmPort
} from '../../crm.port';
import { parseVendorShape } from '../http/vendor-http';
import { pageOf, vendorPort, type NoEquivalent } from '../vendor-port';
import type { HousecallProClient, HousecallProConfig } from './housecallpro-client';
import {
  HcpAddressSchema,
  HcpCustomerSchema,
  HcpEmployeeSchema,
  HcpEstimateSchema,
  HcpJobSchema,
  HcpJobTypeSchema,
  HcpNoteSchema,
  HcpScheduleAvailabilitySchema,
  HcpServiceZoneSchema,
  HcpTagSchema,
  type HcpAddress,
  type HcpCustomer,
  type HcpEmployee,
  type HcpEstimate,
  type HcpJob,
} from './housecallpro.types';
import { type Address, type Appointment, type ArrivalWindow, type Contact, type Customer, type CustomerLocation, type Employee, type Estimate, type Job, type JobStatus, type JobType, type Note, type TagType, type Technician } from "../../../../domain/crm/crm-records";

/** Housecall Pro has no idempotency key: a booking tags its job with this prefix + the key and looks for it before creating. */
export const HOUSECALLPRO_IDEMPOTENCY_TAG_PREFIX = 'homeagent:';
const DEFAULT_JOB_TYPE_DURATION_SECONDS = 7200;
const HOUR_MS = 3_600_000;

const noApi = (what: string) => `Housecall Pro's public API has no ${what}`;

/**
 * Port methods Housecall Pro's public API has nothing for. Left unmapped although the API has them:
 * bookings (its leads carry no creation time or summary to answer with) and the price book (materials
 * sit under categories, services behind an application key).
 */
const NO_EQUIVALENT: NoEquivalent = {
  listBusinessUnits: noApi('business units'),
  onboardJobTypes: noApi('business units'),
  listTechnicianShifts: noApi('technician shifts'),
  technicianCapacity: noApi('technician shifts'),
  capacityPlanning: noApi('capacity planning'),
  cancelJob: noApi('job cancellation'),
  listJobCancelReasons: noApi('job cancel reasons'),
  confirmAppointment: noApi('appointment confirmation'),
  unconfirmAppointment: noApi('appointment confirmation'),
  setAppointmentSpecialInstructions: noApi('appointment instructions'),
  createCallbackRequest: noApi('callback requests'),
  listTelecomCalls: noApi('phone calls'),
  updateTelecomCall: noApi('phone calls'),
  getCallRecording: noApi('phone calls'),
  findCampaignsByCallerNumber: noApi('phone calls'),
  listCallReasons: noApi('call reasons'),
  listCampaigns: noApi('marketing campaigns'),
  createCampaign: noApi('marketing campaigns'),
  listCampaignCategories: noApi('marketing campaigns'),
  listReportCategories: noApi('reports'),
  listReports: noApi('reports'),
  getReport: noApi('reports'),
  runReport: noApi('reports'),
  getDynamicValueSet: noApi('reports'),
  listMemberships: noApi('memberships'),
  listMembershipTypes: noApi('memberships'),
  listRecurringServiceTypes: noApi('recurring services'),
  markRecurringServiceEvent: noApi('recurring services'),
  listInstalledEquipment: noApi('installed equipment'),
  createBookingProvider: noApi('booking providers'),
  listBookingProviders: noApi('booking providers'),
  listRoles: noApi('staff roles'),
  createEmployee: noApi('employee accounts'),
  updateEmployee: noApi('employee accounts'),
  sendPasswordResetLink: noApi('employee accounts'),
  findCustomersByAudienceRules: noApi('audience query'),
};

const parse = <T>(schema: z.ZodType<T>, raw: unknown, what: string) => parseVendorShape('Housecall Pro', schema, raw, what);

function toAddress(a: HcpAddress): Address {
  return { street: a.street ?? '', unit: a.street_line_2 || undefined, city: a.city ?? '', state: a.state ?? '', zip: a.zip ?? '', country: a.country ?? '' };
}

function fromAddress(a: Address) {
  return { street: a.street, street_line_2: a.unit, city: a.city, state: a.state, zip: a.zip, country: a.country };
}

function toLocation(customerId: string, a: HcpAddress): CustomerLocation {
  return { id: a.id, customerId, name: a.type === 'billing' ? 'Billing' : 'Service', address: toAddress(a) };
}

function toCustomer(c: HcpCustomer): Customer {
  const contacts: Contact[] = [];
  if (c.mobile_number) contacts.push({ type: 'Mobile', value: c.mobile_number });
  if (c.home_number) contacts.push({ type: 'Landline', value: c.home_number, description: 'Home' });
  if (c.work_number) contacts.push({ type: 'Landline', value: c.work_number, description: 'Work' });
  if (c.email) contacts.push({ type: 'Email', value: c.email });
  const name = [c.first_name, c.last_name].filter(Boolean).join(' ') || c.company || '';
  return {
    id: c.id,
    name,
    type: c.company && !c.first_name && !c.last_name ? 'Commercial' : 'Residential',
    active: true,
    doNotService: false,
    contacts,
    locations: (c.addresses ?? []).filter((a) => a.type !== 'billing').map((a) => toLocation(c.id, a)),
  };
}

function splitName(name: string): { first_name: string; last_name: string } {
  const parts = name.trim().split(/\s+/);
  return { first_name: parts[0] ?? '', last_name: parts.slice(1).join(' ') };
}

function toAppointment(j: HcpJob): Appointment | null {
  const s = j.schedule;
  if (!s?.scheduled_start || !s.scheduled_end) return null;
  const start = new Date(s.scheduled_start);
  const canceled = j.work_status.includes('canceled');
  const done = j.work_status.startsWith('complete');
  return {
    // A Housecall Pro job has one schedule: the appointment is the job's schedule, under the job's id.
    id: j.id,
    jobId: j.id,
    customerId: j.customer.id,
    start,
    end: new Date(s.scheduled_end),
    arrivalWindowStart: s.arrival_window ? start : null,
    arrivalWindowEnd: s.arrival_window ? new Date(start.getTime() + s.arrival_window * 60_000) : null,
    technicianIds: (j.assigned_employees ?? []).map((e) => e.id),
    status: canceled ? 'Canceled' : done ? 'Done' : j.work_status === 'in progress' ? 'Working' : 'Scheduled',
    isConfirmed: false,
  };
}

function toJob(j: HcpJob): Job {
  const appointment = toAppointment(j);
  return {
    id: j.id,
    jobNumber: j.invoice_number === null || j.invoice_number === undefined ? j.id : String(j.invoice_number),
    customerId: j.customer.id,
    locationId: j.address?.id ?? '',
    jobStatus: j.work_status.includes('canceled') ? 'CANCELED' : j.work_status.startsWith('complete') ? 'COMPLETED' : 'SCHEDULED',
    jobTypeId: j.job_fields?.job_type?.id ?? null,
    businessUnitId: j.job_fields?.business_unit?.id ?? null,
    priority: null,
    summary: j.description ?? '',
    createdOn: new Date(j.created_at),
    appointments: appointment ? [appointment] : [],
    tagTypeIds: j.tags ?? [],
  };
}

const fullName = (e: HcpEmployee) => [e.first_name, e.last_name].filter(Boolean).join(' ');

const digits = (phone: string) => normalizePhoneNumber(phone).replace(/^\+1/, '');

/** The work_status filter of GET /jobs for the port's job statuses. */
const WORK_STATUSES: Record<JobStatus, string[]> = { SCHEDULED: ['unscheduled', 'scheduled', 'in_progress'], COMPLETED: ['completed'], CANCELED: ['canceled'] };

const isApproved = (status: string | null | undefined) => /approved/.test(status ?? '');
const isClosed = (status: string | null | undefined) => /declined|expired/.test(status ?? '');

/**
 * An estimate as the port sees it: Housecall Pro approves or declines its options, so an estimate is Sold
 * when an option is approved and Dismissed when every option was turned down. Line items live per option
 * behind another request; the estimate lists its options, priced, as its items.
 */
function toEstimate(e: HcpEstimate): Estimate {
  const options = e.options ?? [];
  const approved = options.filter((o) => isApproved(o.approval_status));
  const status = approved.length > 0 ? 'Sold' : options.length > 0 && options.every((o) => isClosed(o.approval_status)) ? 'Dismissed' : 'Open';
  const chosen = approved[0] ?? (options.length === 1 ? options[0] : undefined);
  const number = e.estimate_number === null || e.estimate_number === undefined ? e.id : String(e.estimate_number);
  return {
    id: e.id,
    jobId: null,
    locationId: e.address?.id ?? null,
    customerId: e.customer?.id ?? null,
    name: chosen?.name || `Estimate ${number}`,
    jobNumber: null,
    status,
    reviewStatus: 'None',
    summary: options.map((o) => o.message_from_pro).filter(Boolean).join('\n'),
    createdOn: new Date(e.created_at),
    modifiedOn: new Date(e.updated_at ?? e.created_at),
    soldOn: approved[0] ? new Date(approved[0].updated_at ?? e.updated_at ?? e.created_at) : null,
    soldBy: null,
    active: !/canceled|deleted/.test(e.work_status ?? ''),
    items: options.map((o) => ({ description: o.name ?? '', quantity: 1, price: (o.total_amount ?? 0) / 100 })),
    subtotal: (chosen?.total_amount ?? 0) / 100,
    tax: 0,
    businessUnitId: e.estimate_fields?.business_unit_id ?? null,
    businessUnitName: null,
  };
}

/** "08:00", "8:00" or "2021-01-10T08:00:00" → "08:00": the wall clock the company set its windows in. */
function wallClock(time: string): string | null {
  const m = /(?:T|^)(\d{1,2}):(\d{2})/.exec(time);
  return m ? `${m[1].padStart(2, '0')}:${m[2]}` : null;
}

const minutesOf = (hhmm: string) => Number(hhmm.slice(0, 2)) * 60 + Number(hhmm.slice(3, 5));
const hhmm = (minutes: number) => `${String(Math.floor(minutes / 60)).padStart(2, '0')}:${String(minutes % 60).padStart(2, '0')}`;

/** Housecall Pro tags carry no timestamps or colors. */
const toTagType = (t: { id: string; name: string }): TagType => ({
  id: t.id,
  name: t.name,
  color: '',
  code: '',
  importance: null,
  isConversionOpportunity: false,
  active: true,
  createdOn: new Date(0),
  modifiedOn: new Date(0),
});

/** The CRM port over Housecall Pro's public API for one company. */
export function createHousecallProCrm(client: HousecallProClient, config: Pick<HousecallProConfig, 'defaultEmployeeId'>): CrmPort {
  async function rawJob(jobId: string): Promise<HcpJob | null> {
    const raw = await client.send('GET', `jobs/${encodeURIComponent(jobId)}`);
    return raw === null ? null : parse(HcpJobSchema, raw, 'job');
  }

  async function requireRawJob(jobId: string): Promise<HcpJob> {
    const job = await rawJob(jobId);
    if (!job) throw new CrmError('NOT_FOUND', `Job ${jobId} not found`);
    return job;
  }

  async function getJob(jobId: string): Promise<Job | null> {
    const job = await rawJob(jobId);
    return job ? toJob(job) : null;
  }

  async function rawEstimate(estimateId: string): Promise<HcpEstimate | null> {
    const raw = await client.send('GET', `estimates/${encodeURIComponent(estimateId)}`);
    return raw === null ? null : parse(HcpEstimateSchema, raw, 'estimate');
  }

  async function requireEstimate(estimateId: string): Promise<HcpEstimate> {
    const estimate = await rawEstimate(estimateId);
    if (!estimate) throw new CrmError('NOT_FOUND', `Estimate ${estimateId} not found`);
    return estimate;
  }

  async function requireCustomer(customerId: string): Promise<Customer> {
    const customer = await getCustomer(customerId);
    if (!customer) throw new CrmError('NOT_FOUND', `Customer ${customerId} not found`);
    return customer;
  }

  /** Service addresses in a zip code: q searches addresses too, so the zip finds their customers. */
  async function locationsByZip(zip: string): Promise<CustomerLocation[]> {
    const customers = await client.listAll('customers', 'customers', HcpCustomerSchema, { q: zip }, { maxItems: 500 });
    return customers.flatMap((c) => (c.addresses ?? []).filter((a) => a.type !== 'billing' && a.zip === zip).map((a) => toLocation(c.id, a)));
  }

  async function tagsById(): Promise<Map<string, string>> {
    return new Map((await client.listAll('tags', 'tags', HcpTagSchema)).map((t) => [t.id, t.name]));
  }

  async function getCustomer(customerId: string): Promise<Customer | null> {
    const raw = await client.send('GET', `customers/${encodeURIComponent(customerId)}`);
    return raw === null ? null : toCustomer(parse(HcpCustomerSchema, raw, 'customer'));
  }

  const implemented: Partial<CrmPort> = {
    async findCustomersByPhone(phoneNumber) {
      const phone = normalizePhoneNumber(phoneNumber);
      if (!phone) return [];
      // q is a free-text search (name, email, phone, address): keep only customers whose number really matches.
      const rows = await client.listAll('customers', 'customers', HcpCustomerSchema, { q: phone.replace(/^\+1/, '') }, { maxItems: 50 });
      return rows
        .filter((c) => [c.mobile_number, c.home_number, c.work_number].some((n) => n && normalizePhoneNumber(n) === phone))
        .map(toCustomer);
    },

    getCustomer,

    async createCustomer(input) {
      if (input.locations.length === 0) throw new CrmError('INVALID_REQUEST', 'A customer needs at least 1 location');
      const commercial = input.type === 'Commercial';
      const mobile = input.contacts.find((c) => c.type === 'Mobile')?.value;
      const home = input.contacts.find((c) => c.type === 'Landline')?.value;
      const raw = await client.write('POST', 'customers', {
        ...(commercial ? { company: input.name } : splitName(input.name)),
        email: input.contacts.find((c) => c.type === 'Email')?.value,
        mobile_number: mobile,
        home_number: home,
        notifications_enabled: false,
        addresses: input.locations.map((l) => ({ ...fromAddress(l.address), type: 'service' })),
      });
      return toCustomer(parse(HcpCustomerSchema, raw, 'created customer'));
    },

    async createLocation(customerId, input) {
      const raw = await client.write('POST', `customers/${encodeURIComponent(customerId)}/addresses`, { ...fromAddress(input.address), type: 'service' });
      return { ...toLocation(customerId, parse(HcpAddressSchema, raw, 'created address')), name: input.name };
    },

    async listJobTypes() {
      const rows = await client.listAll('job_fields/job_types', 'job_types', HcpJobTypeSchema);
      return rows.map((t): JobType => ({ id: t.id, name: t.name, businessUnitIds: [], duration: DEFAULT_JOB_TYPE_DURATION_SECONDS, skills: [] }));
    },

    async listEmployees() {
      const rows = await client.listAll('employees', 'employees', HcpEmployeeSchema);
      return rows.map((e): Employee => ({ id: e.id, name: fullName(e), email: e.email ?? null, phoneNumber: e.mobile_number ?? '', role: e.role ?? '' }));
    },

    async listTechnicians() {
      const rows = await client.listAll('employees', 'employees', HcpEmployeeSchema);
      return rows
        .filter((e) => e.role === 'field tech')
        .map((e): Technician => ({ id: e.id, name: fullName(e), email: e.email ?? '', phoneNumber: e.mobile_number ?? '', role: 'Technician', businessUnitIds: [], skills: [], active: true }));
    },

    async listAppointments(range) {
      const jobs = await client.listAll('jobs', 'jobs', HcpJobSchema, {
        scheduled_start_min: new Date(range.from.getTime() - 24 * HOUR_MS),
        scheduled_start_max: range.to,
      });
      return jobs
        .map(toAppointment)
        .filter((a): a is Appointment => a !== null && a.status !== 'Canceled' && a.start < range.to && a.end > range.from);
    },

    async getAppointment(appointmentId) {
      const job = await getJob(appointmentId);
      return job?.appointments[0] ?? null;
    },

    async rescheduleAppointment(appointmentId, start, end) {
      const job = await getJob(appointmentId);
      if (!job) throw new CrmError('NOT_FOUND', `Appointment ${appointmentId} not found`);
      const previous = job.appointments[0];
      const windowMinutes = previous?.arrivalWindowEnd && previous.arrivalWindowStart ? (previous.arrivalWindowEnd.getTime() - previous.arrivalWindowStart.getTime()) / 60_000 : 0;
      await client.write('PUT', `jobs/${encodeURIComponent(job.id)}/schedule`, {
        start_time: start.toISOString(),
        end_time: end.toISOString(),
        arrival_window_in_minutes: windowMinutes,
        notify: false,
      });
      const after = await getJob(appointmentId);
      const appointment = after?.appointments[0];
      if (!appointment) throw new CrmError('UNAVAILABLE', `Housecall Pro did not answer job ${appointmentId} with its schedule`, false);
      return appointment;
    },

    async findJobsByCustomer(customerId) {
      return (await client.listAll('jobs', 'jobs', HcpJobSchema, { customer_id: customerId }, { maxItems: 200 })).map(toJob);
    },

    getJob,

    async createJob(input) {
      const tag = `${HOUSECALLPRO_IDEMPOTENCY_TAG_PREFIX}${input.idempotencyKey}`;
      const existing = (await client.listAll('jobs', 'jobs', HcpJobSchema, { customer_id: input.customerId }, { maxItems: 500 })).find((j) => j.tags?.includes(tag));
      if (existing) return toJob(existing);
      const { start, end, arrivalWindowStart, arrivalWindowEnd, technicianIds } = input.appointment;
      const employees = technicianIds?.length ? technicianIds : config.defaultEmployeeId ? [config.defaultEmployeeId] : [];
      const raw = await client.write('POST', 'jobs', {
        customer_id: input.customerId,
        address_id: input.locationId,
        description: input.summary,
        schedule: {
          scheduled_start: start.toISOString(),
          scheduled_end: end.toISOString(),
          arrival_window: arrivalWindowStart && arrivalWindowEnd ? Math.round((arrivalWindowEnd.getTime() - arrivalWindowStart.getTime()) / 60_000) : 0,
        },
        assigned_employee_ids: employees,
        tags: [tag],
        job_fields: { job_type_id: input.jobTypeId, business_unit_id: input.businessUnitId },
      });
      return toJob(parse(HcpJobSchema, raw, 'created job'));
    },

    async listCustomers(query) {
      if (query.active === false) return pageOf([], query); // Housecall Pro keeps no inactive customers
      if (query.ids?.length) {
        const found = await Promise.all(query.ids.map((id) => getCustomer(id)));
        return pageOf(found.filter((c): c is Customer => c !== null), query);
      }
      const phone = query.phone ? normalizePhoneNumber(query.phone) : '';
      const q = phone ? digits(phone) : (query.zip ?? query.name);
      if (!phone && !query.zip && !query.createdOnOrAfter && !query.createdBefore) {
        const page = await client.page('customers', 'customers', HcpCustomerSchema, { q }, query);
        return { ...page, data: page.data.map(toCustomer) };
      }
      // q is a free-text search: phone, zip and creation time are matched here, so the pages are counted here too.
      const rows = await client.listAll('customers', 'customers', HcpCustomerSchema, { q }, { maxItems: 1000 });
      const created = (c: HcpCustomer) => (c.created_at ? new Date(c.created_at).getTime() : NaN);
      const matching = rows.filter(
        (c) =>
          (!phone || [c.mobile_number, c.home_number, c.work_number].some((n) => n && normalizePhoneNumber(n) === phone)) &&
          (!query.zip || (c.addresses ?? []).some((a) => a.zip === query.zip)) &&
          (!query.createdOnOrAfter || created(c) >= query.createdOnOrAfter.getTime()) &&
          (!query.createdBefore || created(c) < query.createdBefore.getTime()),
      );
      return pageOf(matching.map(toCustomer), query);
    },

    findLocationsByZip: locationsByZip,

    async listLocations(query) {
      let locations: CustomerLocation[];
      if (query.customerId) {
        const customerId = query.customerId;
        const addresses = await client.listAll(`customers/${encodeURIComponent(customerId)}/addresses`, 'addresses', HcpAddressSchema);
        locations = addresses.filter((a) => a.type !== 'billing').map((a) => toLocation(customerId, a));
      } else if (query.zip) {
        locations = await locationsByZip(query.zip);
      } else {
        throw new CrmError('INVALID_REQUEST', 'Housecall Pro finds addresses by customer or zip code: give customerId or zip');
      }
      return pageOf(
        locations.filter((l) => (!query.ids || query.ids.includes(l.id)) && (!query.zip || l.address.zip === query.zip)),
        query,
      );
    },

    async listContacts(customerIds) {
      const customers = customerIds?.length
        ? (await Promise.all(customerIds.map((id) => getCustomer(id)))).filter((c): c is Customer => c !== null)
        : (await client.listAll('customers', 'customers', HcpCustomerSchema)).map(toCustomer);
      return Object.fromEntries(customers.map((c) => [c.id, c.contacts]));
    },

    async addContact(customerId, contact) {
      const customer = await requireCustomer(customerId);
      const same = (c: Contact) => c.type === contact.type && (c.type === 'Email' ? c.value.toLowerCase() === contact.value.toLowerCase() : normalizePhoneNumber(c.value) === normalizePhoneNumber(contact.value));
      const existing = customer.contacts.find(same);
      if (existing) return existing;
      // A Housecall Pro customer has one mobile, home and work number and one e-mail: a contact fills a free one.
      if (contact.type === 'Fax') throw new CrmError('INVALID_REQUEST', 'Housecall Pro customers have no fax number');
      const has = (type: Contact['type'], description?: string) => customer.contacts.some((c) => c.type === type && (description === undefined || c.description === description));
      const field =
        contact.type === 'Mobile' ? (has('Mobile') ? null : 'mobile_number')
        : contact.type === 'Email' ? (has('Email') ? null : 'email')
        : !has('Landline', 'Home') ? 'home_number'
        : !has('Landline', 'Work') ? 'work_number'
        : null;
      if (!field) {
        const what = contact.type === 'Landline' ? 'a home and a work number' : contact.type === 'Email' ? 'an e-mail address' : 'a mobile number';
        throw new CrmError('CONFLICT', `Customer ${customerId} already has ${what} in Housecall Pro`);
      }
      const raw = await client.write('PUT', `customers/${encodeURIComponent(customerId)}`, { [field]: contact.value });
      const added = toCustomer(parse(HcpCustomerSchema, raw, 'updated customer')).contacts.find(same);
      if (!added) throw new CrmError('UNAVAILABLE', `Housecall Pro did not keep the ${contact.type.toLowerCase()} contact`, false);
      return added;
    },

    async listJobs(query) {
      if (query.ids?.length) {
        const found = await Promise.all(query.ids.map((id) => getJob(id)));
        return pageOf(found.filter((j): j is Job => j !== null && (!query.customerId || j.customerId === query.customerId)), query);
      }
      const filters = { customer_id: query.customerId, work_status: query.jobStatus?.flatMap((s) => WORK_STATUSES[s]) };
      const local = query.locationId || query.jobTypeIds?.length || query.businessUnitIds?.length || query.createdOnOrAfter || query.createdBefore;
      if (!local) {
        const page = await client.page('jobs', 'jobs', HcpJobSchema, filters, query);
        return { ...page, data: page.data.map(toJob) };
      }
      const jobs = (await client.listAll('jobs', 'jobs', HcpJobSchema, filters, { maxItems: 2000 })).map(toJob);
      return pageOf(
        jobs.filter(
          (j) =>
            (!query.locationId || j.locationId === query.locationId) &&
            (!query.jobTypeIds?.length || (j.jobTypeId !== null && query.jobTypeIds.includes(j.jobTypeId))) &&
            (!query.businessUnitIds?.length || (j.businessUnitId !== null && query.businessUnitIds.includes(j.businessUnitId))) &&
            (!query.createdOnOrAfter || j.createdOn >= query.createdOnOrAfter) &&
            (!query.createdBefore || j.createdOn < query.createdBefore),
        ),
        query,
      );
    },

    async findAppointments(query) {
      const jobs = query.jobId
        ? [await rawJob(query.jobId)].filter((j): j is HcpJob => j !== null)
        : await client.listAll(
            'jobs',
            'jobs',
            HcpJobSchema,
            {
              customer_id: query.customerId,
              employee_ids: query.technicianId ? [query.technicianId] : undefined,
              scheduled_start_min: query.from ? new Date(query.from.getTime() - 24 * HOUR_MS) : undefined,
              scheduled_start_max: query.to,
            },
            { maxItems: query.pageSize ?? 500 },
          );
      return jobs
        .map(toAppointment)
        .filter(
          (a): a is Appointment =>
            a !== null &&
            (!query.from || a.end > query.from) &&
            (!query.to || a.start < query.to) &&
            (!query.customerId || a.customerId === query.customerId) &&
            (!query.technicianId || a.technicianIds.includes(query.technicianId)) &&
            (!query.status?.length || query.status.includes(a.status)),
        )
        .sort((a, b) => a.start.getTime() - b.start.getTime());
    },

    async addAppointment(input) {
      // A Housecall Pro job's appointment is its schedule; scheduling one the job does not have yet is adding it.
      const job = await requireRawJob(input.jobId);
      if (job.schedule?.scheduled_start) throw new CrmError('CONFLICT', `Job ${input.jobId} is already scheduled; Housecall Pro gives a job one schedule`);
      const window = input.arrivalWindowStart && input.arrivalWindowEnd ? Math.round((input.arrivalWindowEnd.getTime() - input.arrivalWindowStart.getTime()) / 60_000) : 0;
      await client.write('PUT', `jobs/${encodeURIComponent(job.id)}/schedule`, {
        start_time: input.start.toISOString(),
        end_time: input.end.toISOString(),
        arrival_window_in_minutes: window,
        notify: false,
        dispatched_employees: (input.technicianIds ?? []).map((employee_id) => ({ employee_id })),
      });
      const appointment = (await getJob(job.id))?.appointments[0];
      if (!appointment) throw new CrmError('UNAVAILABLE', `Housecall Pro did not answer job ${job.id} with its schedule`, false);
      return appointment;
    },

    async deleteAppointment(appointmentId) {
      const job = await rawJob(appointmentId);
      if (!job?.schedule?.scheduled_start) return false;
      return client.writeIfFound('DELETE', `jobs/${encodeURIComponent(job.id)}/schedule`);
    },

    async addJobNote(jobId, text, createdBy = 'HomeAgent') {
      await requireRawJob(jobId);
      const note = parse(HcpNoteSchema, await client.write('POST', `jobs/${encodeURIComponent(jobId)}/notes`, { content: text }), 'created note');
      // Housecall Pro notes carry no author or time: the note is dated when it was added.
      const now = new Date();
      return { id: note.id ?? undefined, text: note.content ?? text, createdBy, createdAt: now, updatedAt: now };
    },

    async listJobNotes(jobId) {
      const job = await requireRawJob(jobId);
      const at = new Date(job.updated_at ?? job.created_at);
      return (job.notes ?? []).map((n): Note => ({ id: n.id ?? undefined, text: n.content ?? '', createdBy: '', createdAt: at, updatedAt: at }));
    },

    async listTagTypes() {
      return (await client.listAll('tags', 'tags', HcpTagSchema)).map(toTagType);
    },

    async updateJobTags(jobId, { add, remove }) {
      const [job, tags] = await Promise.all([requireRawJob(jobId), tagsById()]);
      const unknown = add.find((id) => !tags.has(id));
      if (unknown) throw new CrmError('INVALID_REQUEST', `Tag ${unknown} not found`);
      // Jobs name their tags; tag ids come from the company's tag list.
      const idOf = new Map([...tags].map(([id, name]) => [name, id]));
      let current = (job.tags ?? []).flatMap((name) => idOf.get(name) ?? []);
      const path = `jobs/${encodeURIComponent(job.id)}/tags`;
      for (const id of add.filter((t) => !current.includes(t))) {
        await client.write('POST', path, { tag_id: id });
        current = [...current, id];
      }
      for (const id of remove.filter((t) => current.includes(t))) {
        await client.write('DELETE', `${path}/${encodeURIComponent(id)}`);
        current = current.filter((t) => t !== id);
      }
      return current;
    },

    async listEstimates(query) {
      let estimates: HcpEstimate[];
      if (query.ids?.length || query.jobId) {
        // A job names the estimates it was copied from; estimates do not name their job.
        const ids = query.ids?.length ? query.ids : ((await rawJob(query.jobId!))?.original_estimate_uuids ?? []);
        estimates = (await Promise.all(ids.map((id) => rawEstimate(id)))).filter((e): e is HcpEstimate => e !== null && (!query.customerId || e.customer?.id === query.customerId));
      } else if (!query.status) {
        const page = await client.page('estimates', 'estimates', HcpEstimateSchema, { customer_id: query.customerId }, query);
        return { ...page, data: page.data.map(toEstimate) };
      } else {
        estimates = await client.listAll('estimates', 'estimates', HcpEstimateSchema, { customer_id: query.customerId }, { maxItems: 2000 });
      }
      const data = estimates.map(toEstimate).map((e) => (query.jobId ? { ...e, jobId: query.jobId } : e));
      return pageOf(query.status ? data.filter((e) => e.status === query.status) : data, query);
    },

    async getEstimate(estimateId) {
      const estimate = await rawEstimate(estimateId);
      return estimate ? toEstimate(estimate) : null;
    },

    async sellEstimate(estimateId) {
      // Approved through the API, an option reads "pro approved": the seller is the API key's company, not soldBy.
      const estimate = await requireEstimate(estimateId);
      if (toEstimate(estimate).status === 'Sold') return toEstimate(estimate);
      const open = (estimate.options ?? []).filter((o) => !isClosed(o.approval_status));
      if (open.length !== 1) {
        throw new CrmError('INVALID_REQUEST', open.length === 0 ? `Estimate ${estimateId} has no open option to approve` : `Estimate ${estimateId} has ${open.length} options: approve the chosen one in Housecall Pro`);
      }
      await client.write('POST', 'estimates/options/approve', { option_ids: [open[0].id] });
      return toEstimate(await requireEstimate(estimateId));
    },

    async unsellEstimate(estimateId) {
      // Housecall Pro cannot put an approved option back to pending; declining it is the nearest, and reads Dismissed.
      const estimate = await requireEstimate(estimateId);
      const approved = (estimate.options ?? []).filter((o) => isApproved(o.approval_status));
      if (approved.length === 0) return toEstimate(estimate);
      await client.write('POST', 'estimates/options/decline', { option_ids: approved.map((o) => o.id) });
      return toEstimate(await requireEstimate(estimateId));
    },

    async listArrivalWindows() {
      // The company's bookable windows per weekday; the port's windows have no weekday, so each distinct one is listed once.
      const raw = await client.send('GET', 'company/schedule_availability');
      const days = raw === null ? [] : (parse(HcpScheduleAvailabilitySchema, raw, 'schedule availability').daily_availabilities?.data ?? []);
      const windows = new Map<string, ArrivalWindow>();
      for (const w of days.flatMap((d) => d.schedule_windows ?? [])) {
        const [start, end] = [wallClock(w.start_time), wallClock(w.end_time)];
        if (!start || !end || minutesOf(end) <= minutesOf(start)) continue;
        windows.set(`${start}-${end}`, { id: `${start}-${end}`, start, duration: hhmm(minutesOf(end) - minutesOf(start)), businessUnitIds: [], active: true });
      }
      return [...windows.values()].sort((a, b) => a.start.localeCompare(b.start) || a.duration.localeCompare(b.duration));
    },

    async listZones() {
      const zones = await client.listAll('service_zones', 'service_zones', HcpServiceZoneSchema);
      return zones.map((z) => ({ id: z.id, name: z.name ?? '', zipcodes: z.zip_codes ?? [], businessUnitIds: [], technicianIds: (z.service_pros ?? []).map((p) => p.id) }));
    },
  };

  return vendorPort('Housecall Pro', implemented, NO_EQUIVALENT);
}
