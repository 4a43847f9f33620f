import type { z } from 'zod';
import { normalizePhoneNumber } from '../../../../lib/validation/phone';
import {
  CrmError,
  type Address,
  type Appointment,
  type Contact,
  type CrmPort,
  type Customer,
  type CustomerLocation,
  type Employee,
  type Job,
  type JobType,
  type Technician,
} from '../../crm.port';
import { parseVendorShape } from '../http/vendor-http';
import { vendorPort } from '../vendor-port';
import type { HousecallProClient, HousecallProConfig } from './housecallpro-client';
import { HcpAddressSchema, HcpCustomerSchema, HcpEmployeeSchema, HcpJobSchema, HcpJobTypeSchema, type HcpAddress, type HcpCustomer, type HcpEmployee, type HcpJob } from './housecallpro.types';

/** Housecall Pro has no idempotency key: a booking tags its job with this prefix + the key and looks for it before creating. */
export const HOUSECALLPRO_IDEMPOTENCY_TAG_PREFIX = 'homeagent:';
const DEFAULT_JOB_TYPE_DURATION_SECONDS = 7200;
const HOUR_MS = 3_600_000;

/** Port methods Housecall Pro's public API has nothing for; the rest of the unmapped ones are simply not done. */
const NO_EQUIVALENT = [
  'listBusinessUnits',
  'listArrivalWindows',
  'listZones',
  'listTechnicianShifts',
  'cancelJob',
  'listJobCancelReasons',
  'confirmAppointment',
  'unconfirmAppointment',
  'createBooking',
  'createCallbackRequest',
  'listTelecomCalls',
  'getCallRecording',
  'listReportCategories',
] as const satisfies readonly (keyof CrmPort)[];

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

/** The CRM port over Housecall Pro's public API for one company. */
export function createHousecallProCrm(client: HousecallProClient, config: Pick<HousecallProConfig, 'defaultEmployeeId'>): CrmPort {
  async function getJob(jobId: string): Promise<Job | null> {
    const raw = await client.send('GET', `jobs/${encodeURIComponent(jobId)}`);
    return raw === null ? null : toJob(parse(HcpJobSchema, raw, 'job'));
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
  };

  return vendorPort('Housecall Pro', implemented, NO_EQUIVALENT);
}
