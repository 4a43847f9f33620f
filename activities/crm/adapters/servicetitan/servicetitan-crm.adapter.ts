import { z } from 'zod';
import { normalizePhoneNumber } from '../../../../domain/validation/phone';
import {
  CrmError,
  type CrmPort,
  type Page
} from '../../crm.port';
import { zonedTimeToInstant } from '../../../../domain/time/zoned-time';
import { parseVendorShape } from '../http/vendor-http';
import { priorityRank, technicianFreeSlots, tradeFromName, vendorPort, type NoEquivalent } from '../vendor-port';
import { numericId, str } from './servicetitan-ids';
import { serviceTitanRecords } from './servicetitan-records';
import type { ReferenceChanges, ReferenceKind } from '../../cached-crm';
import type { ServiceTitanClient } from './servicetitan-client';
import type { ServiceTitanConfig } from './servicetitan.config';
import {
  StAppointmentAssignmentSchema,
  StAppointmentSchema,
  StArrivalWindowSchema,
  StBookingSchema,
  StBusinessUnitSchema,
  StCancelReasonSchema,
  StCapacitySchema,
  StContactSchema,
  StCustomerSchema,
  StEstimateSchema,
  StJobSchema,
  StNoteSchema,
  StTagTypeSchema,
  StJobTypeSchema,
  StLocationSchema,
  StTechnicianSchema,
  StTechnicianShiftSchema,
  StZoneSchema,
  type StAddress,
  type StAppointment,
  type StContact,
  type StCustomer,
  type StEstimate,
  type StJob,
  type StLocation,
} from './servicetitan.types';
import { type Address, type Appointment, type AppointmentStatus, type ArrivalWindow, type Booking, type BookingStatus, type BusinessUnit, type Contact, type DateRange, type Customer, type CustomerLocation, type CapacityPlanSlot, type Employee, type Estimate, type EstimateStatus, type Job, type Note, type JobType, type Technician, type TechnicianShift, type Zone } from "../../../../domain/crm/crm-records";

/** Port methods ServiceTitan's API has nothing for (staff writes are there but not mapped yet). */
const NO_EQUIVALENT: NoEquivalent = {
  createCallbackRequest: "ServiceTitan's API has no callback requests",
  findCustomersByAudienceRules: "ServiceTitan's API has no audience query",
  onboardJobTypes: "ServiceTitan's API cannot create business units",
};

/** Phones compare by digits, e-mail addresses without case. */
const sameContactValue = (a: string, b: string) => (a.includes('@') ? a.toLowerCase() === b.toLowerCase() : normalizePhoneNumber(a) === normalizePhoneNumber(b));

/** The job's idempotency key travels in the job's externalData, so a retried booking finds the job it made. */
export const SERVICETITAN_IDEMPOTENCY_KEY = 'homeagent-idempotency-key';
const DEFAULT_JOB_TYPE_DURATION_SECONDS = 7200;

const ST_CONTACT_TYPE: Record<Contact['type'], string> = { Landline: 'Phone', Mobile: 'MobilePhone', Email: 'Email', Fax: 'Fax' };
const PORT_CONTACT_TYPE: Record<string, Contact['type']> = { Phone: 'Landline', MobilePhone: 'Mobile', Email: 'Email', Fax: 'Fax' };
const APPOINTMENT_STATUSES: AppointmentStatus[] = ['Scheduled', 'Dispatched', 'Working', 'Hold', 'Done', 'Canceled'];
const BOOKING_STATUSES: BookingStatus[] = ['New', 'Converted', 'Dismissed', 'Accepted'];


function toAddress(a: StAddress): Address {
  return { street: a.street ?? '', unit: a.unit ?? undefined, city: a.city ?? '', state: a.state ?? '', zip: a.zip ?? '', country: a.country ?? '' };
}

function fromAddress(a: Address): StAddress {
  return { street: a.street, unit: a.unit, city: a.city, state: a.state, zip: a.zip, country: a.country };
}

function toLocation(l: StLocation): CustomerLocation {
  return { id: String(l.id), customerId: String(l.customerId), name: l.name ?? '', address: toAddress(l.address) };
}

function toContact(c: StContact): Contact | null {
  const type = PORT_CONTACT_TYPE[c.type];
  return type ? { id: str(c.id) ?? undefined, type, value: c.value, description: c.memo ?? undefined } : null;
}

function toAppointment(a: StAppointment, technicianIds: string[] = []): Appointment {
  const status = APPOINTMENT_STATUSES.includes(a.status as AppointmentStatus) ? (a.status as AppointmentStatus) : 'Scheduled';
  return {
    id: String(a.id),
    jobId: String(a.jobId),
    customerId: str(a.customerId) ?? '',
    start: new Date(a.start),
    end: new Date(a.end),
    arrivalWindowStart: a.arrivalWindowStart ? new Date(a.arrivalWindowStart) : null,
    arrivalWindowEnd: a.arrivalWindowEnd ? new Date(a.arrivalWindowEnd) : null,
    technicianIds,
    status,
    isConfirmed: a.isConfirmed ?? false,
    specialInstructions: a.specialInstructions ?? null,
  };
}

function toJob(j: StJob, appointments: Appointment[]): Job {
  const jobStatus = j.jobStatus === 'Completed' ? 'COMPLETED' : j.jobStatus === 'Canceled' ? 'CANCELED' : 'SCHEDULED';
  return {
    id: String(j.id),
    jobNumber: j.jobNumber,
    customerId: String(j.customerId),
    locationId: String(j.locationId),
    jobStatus,
    jobTypeId: str(j.jobTypeId),
    businessUnitId: str(j.businessUnitId),
    priority: j.priority ?? null,
    summary: j.summary ?? '',
    createdOn: new Date(j.createdOn),
    appointments,
    tagTypeIds: (j.tagTypeIds ?? []).map(String),
  };
}

function toBooking(b: z.infer<typeof StBookingSchema>): Booking {
  return {
    id: String(b.id),
    source: b.source ?? '',
    name: b.name ?? '',
    status: BOOKING_STATUSES.includes(b.status as BookingStatus) ? (b.status as BookingStatus) : 'New',
    externalId: b.externalId ?? '',
    summary: b.summary ?? '',
    createdOn: new Date(b.createdOn),
  };
}

const ESTIMATE_STATUSES: EstimateStatus[] = ['Open', 'Sold', 'Dismissed'];
const REVIEW_STATUSES: Estimate['reviewStatus'][] = ['None', 'NeedsApproval', 'Approved', 'NotApproved'];

function toEstimate(e: StEstimate): Estimate {
  const status = ESTIMATE_STATUSES.find((s) => s === e.status?.name) ?? 'Open';
  return {
    id: String(e.id),
    jobId: str(e.jobId),
    locationId: str(e.locationId),
    customerId: str(e.customerId),
    name: e.name ?? '',
    jobNumber: e.jobNumber ?? null,
    status,
    reviewStatus: REVIEW_STATUSES.find((s) => s === e.reviewStatus) ?? 'None',
    summary: e.summary ?? '',
    createdOn: new Date(e.createdOn),
    modifiedOn: new Date(e.modifiedOn),
    soldOn: e.soldOn ? new Date(e.soldOn) : null,
    soldBy: str(e.soldBy),
    active: e.active,
    items: (e.items ?? []).map((i) => ({ description: i.description ?? '', quantity: i.qty ?? 0, price: i.price ?? 0 })),
    subtotal: e.subtotal ?? 0,
    tax: e.tax ?? 0,
    businessUnitId: str(e.businessUnitId),
    businessUnitName: e.businessUnitName ?? null,
  };
}

function toNote(n: z.infer<typeof StNoteSchema>): Note {
  return { text: n.text, createdBy: str(n.createdById) ?? '', createdAt: new Date(n.createdOn), updatedAt: new Date(n.modifiedOn ?? n.createdOn) };
}

const toBusinessUnit = (b: z.infer<typeof StBusinessUnitSchema>): BusinessUnit => ({ id: String(b.id), name: b.name, trade: tradeFromName(b.name) });
const toJobType = (t: z.infer<typeof StJobTypeSchema>): JobType => ({
  id: String(t.id),
  name: t.name,
  businessUnitIds: t.businessUnitIds.map(String),
  priority: priorityRank(t.priority),
  summary: t.summary ?? undefined,
  duration: t.duration && t.duration > 0 ? t.duration : DEFAULT_JOB_TYPE_DURATION_SECONDS,
  skills: t.skills ?? [],
});
const toTechnician = (t: z.infer<typeof StTechnicianSchema>): Technician => ({
  id: String(t.id),
  name: t.name,
  email: t.email ?? '',
  phoneNumber: t.phoneNumber ?? '',
  role: 'Technician',
  businessUnitIds: t.businessUnitId ? [String(t.businessUnitId)] : [],
  skills: [],
  active: t.active ?? true,
});
const toArrivalWindow = (w: z.infer<typeof StArrivalWindowSchema>): ArrivalWindow => ({
  id: String(w.id),
  start: w.start,
  duration: w.duration,
  businessUnitIds: w.businessUnitIds.map(String),
  active: w.active,
});

/** Where each read-mostly list lives, for full and incremental (modifiedOnOrAfter) reads. */
const REFERENCE_ENDPOINTS = {
  businessUnits: { module: 'settings', path: 'business-units', schema: StBusinessUnitSchema, map: toBusinessUnit },
  jobTypes: { module: 'jpm', path: 'job-types', schema: StJobTypeSchema, map: toJobType },
  technicians: { module: 'settings', path: 'technicians', schema: StTechnicianSchema, map: toTechnician },
  arrivalWindows: { module: 'dispatch', path: 'arrival-windows', schema: StArrivalWindowSchema, map: toArrivalWindow },
} as const;

export interface ServiceTitanCrm extends CrmPort {
  /** What changed since the instant (ServiceTitan's modifiedOnOrAfter); deactivated records come back as removed. */
  referenceChangesSince<K extends ReferenceKind>(kind: K, since: Date): Promise<ReferenceChanges<K>>;
}

/** The CRM port over ServiceTitan API v2 for one tenant. */
export function createServiceTitanCrm(client: ServiceTitanClient, config: Pick<ServiceTitanConfig, 'bookingProviderId' | 'campaignId'>): ServiceTitanCrm {
  const parse = <T>(schema: z.ZodType<T>, raw: unknown, what: string) => parseVendorShape('ServiceTitan', schema, raw, what);

  async function customerDetails(customers: StCustomer[]): Promise<Customer[]> {
    return Promise.all(
      customers.map(async (c) => {
        const [contacts, locations] = await Promise.all([
          client.listAll('crm', `customers/${c.id}/contacts`, StContactSchema),
          client.listAll('crm', 'locations', StLocationSchema, { customerId: c.id, active: 'True' }),
        ]);
        return {
          id: String(c.id),
          name: c.name,
          type: c.type === 'Commercial' ? 'Commercial' : 'Residential',
          active: c.active,
          doNotService: c.doNotService ?? false,
          contacts: contacts.map(toContact).filter((x): x is Contact => x !== null),
          locations: locations.map(toLocation),
        } satisfies Customer;
      }),
    );
  }

  async function assignments(appointmentIds: number[]): Promise<Map<number, string[]>> {
    const byAppointment = new Map<number, string[]>();
    if (appointmentIds.length === 0) return byAppointment;
    const rows = await client.listAll('dispatch', 'appointment-assignments', StAppointmentAssignmentSchema, { appointmentIds, active: 'True' });
    for (const row of rows) byAppointment.set(row.appointmentId, [...(byAppointment.get(row.appointmentId) ?? []), String(row.technicianId)]);
    return byAppointment;
  }

  async function appointmentsWithTechnicians(rows: StAppointment[]): Promise<Appointment[]> {
    const techs = await assignments(rows.map((a) => a.id));
    return rows.map((a) => toAppointment(a, techs.get(a.id) ?? []));
  }

  async function jobsWithAppointments(jobs: StJob[], appointmentQuery: Record<string, string | number>): Promise<Job[]> {
    if (jobs.length === 0) return [];
    const appointments = await appointmentsWithTechnicians(await client.listAll('jpm', 'appointments', StAppointmentSchema, appointmentQuery));
    return jobs.map((j) => toJob(j, appointments.filter((a) => a.jobId === String(j.id))));
  }

  async function getJob(jobId: string): Promise<Job | null> {
    const raw = await client.get('jpm', `jobs/${numericId(jobId, 'Job')}`);
    if (raw === null) return null;
    const job = parse(StJobSchema, raw, 'job');
    return (await jobsWithAppointments([job], { jobId: job.id }))[0];
  }

  async function getAppointment(appointmentId: string): Promise<Appointment | null> {
    const raw = await client.get('jpm', `appointments/${numericId(appointmentId, 'Appointment')}`);
    if (raw === null) return null;
    return (await appointmentsWithTechnicians([parse(StAppointmentSchema, raw, 'appointment')]))[0];
  }

  async function requireAppointment(appointmentId: string): Promise<Appointment> {
    const appointment = await getAppointment(appointmentId);
    if (!appointment) throw new CrmError('NOT_FOUND', `Appointment ${appointmentId} not found`);
    return appointment;
  }

  async function setConfirmation(appointmentId: string, confirmed: boolean): Promise<{ changed: boolean }> {
    const before = await requireAppointment(appointmentId);
    if (before.isConfirmed === confirmed) return { changed: false };
    await client.write(confirmed ? 'PUT' : 'DELETE', 'jpm', `appointments/${before.id}/confirmation`);
    return { changed: true };
  }

  async function getEstimate(estimateId: string): Promise<Estimate | null> {
    const raw = await client.get('sales', `estimates/${numericId(estimateId, 'Estimate')}`);
    return raw === null ? null : toEstimate(parse(StEstimateSchema, raw, 'estimate'));
  }

  async function requireEstimate(estimateId: string): Promise<Estimate> {
    const estimate = await getEstimate(estimateId);
    if (!estimate) throw new CrmError('NOT_FOUND', `Estimate ${estimateId} not found`);
    return estimate;
  }

  async function technicianShifts(range: DateRange): Promise<TechnicianShift[]> {
    const day = 86_400_000;
    const rows = await client.listAll('dispatch', 'technician-shifts', StTechnicianShiftSchema, {
      startsOnOrAfter: new Date(range.from.getTime() - day),
      endsOnOrBefore: new Date(range.to.getTime() + day),
    });
    return rows
      .map(
        (s): TechnicianShift => ({
          id: String(s.id),
          technicianId: String(s.technicianId),
          start: new Date(s.start),
          end: new Date(s.end),
          shiftType: s.shiftType === 'OnCall' || s.shiftType === 'TimeOff' ? s.shiftType : 'Normal',
          active: s.active ?? true,
        }),
      )
      .filter((s) => s.start < range.to && s.end > range.from);
  }

  /** Appointments overlapping the range, canceled ones left out. */
  async function appointmentsIn(range: DateRange): Promise<Appointment[]> {
    // ServiceTitan filters on the start; a day's margin catches appointments that began before the range.
    const rows = await client.listAll('jpm', 'appointments', StAppointmentSchema, {
      startsOnOrAfter: new Date(range.from.getTime() - 86_400_000),
      startsBefore: range.to,
    });
    const overlapping = rows.filter((a) => a.status !== 'Canceled' && new Date(a.start) < range.to && new Date(a.end) > range.from);
    return appointmentsWithTechnicians(overlapping);
  }

  /** A customer's contacts call, with ServiceTitan's "no such path" said as "no such customer". */
  async function ofCustomer<T>(customerId: string, run: (path: string) => Promise<T>): Promise<T> {
    try {
      return await run(`customers/${numericId(customerId, 'Customer')}/contacts`);
    } catch (err) {
      if (err instanceof CrmError && err.code === 'NOT_FOUND') throw new CrmError('NOT_FOUND', `Customer ${customerId} not found`);
      throw err;
    }
  }

  const contactsOf = (customerId: string) => ofCustomer(customerId, (path) => client.listAll('crm', path, StContactSchema));

  function bookingsPath(): string {
    if (!config.bookingProviderId) throw new CrmError('NOT_CONFIGURED', 'ServiceTitan bookings need a booking provider id', false);
    return `booking-provider/${encodeURIComponent(config.bookingProviderId)}/bookings`;
  }

  const implemented: Omit<ServiceTitanCrm, keyof CrmPort> & Partial<CrmPort> = {
    async referenceChangesSince(kind, since) {
      const endpoint = REFERENCE_ENDPOINTS[kind];
      const rows = await client.listAll(endpoint.module, endpoint.path, endpoint.schema as z.ZodType<{ id: number; active?: boolean }>, {
        modifiedOnOrAfter: since,
        active: 'Any',
      });
      const map = endpoint.map as (row: unknown) => { id: string };
      return {
        upserted: rows.filter((r) => r.active !== false).map(map),
        removedIds: rows.filter((r) => r.active === false).map((r) => String(r.id)),
      } as ReferenceChanges<typeof kind>;
    },

    async findCustomersByPhone(phoneNumber) {
      const phone = normalizePhoneNumber(phoneNumber);
      if (!phone) return [];
      // ServiceTitan matches the phone as stored; ten digits is how its US tenants store numbers.
      const rows = await client.listAll('crm', 'customers', StCustomerSchema, { phone: phone.replace(/^\+1/, ''), active: 'True' }, { maxItems: 50 });
      return customerDetails(rows);
    },

    async getCustomer(customerId) {
      const raw = await client.get('crm', `customers/${numericId(customerId, 'Customer')}`);
      return raw === null ? null : (await customerDetails([parse(StCustomerSchema, raw, 'customer')]))[0];
    },

    async createCustomer(input) {
      if (input.locations.length === 0) throw new CrmError('INVALID_REQUEST', 'A customer needs at least 1 location');
      const raw = await client.write('POST', 'crm', 'customers', {
        name: input.name,
        type: input.type,
        address: fromAddress(input.locations[0].address),
        locations: input.locations.map((l) => ({ name: l.name, address: fromAddress(l.address) })),
        contacts: input.contacts.map((c) => ({ type: ST_CONTACT_TYPE[c.type], value: c.value, memo: c.description })),
      });
      return (await customerDetails([parse(StCustomerSchema, raw, 'created customer')]))[0];
    },

    async createLocation(customerId, input) {
      const raw = await client.write('POST', 'crm', 'locations', {
        customerId: numericId(customerId, 'Customer'),
        name: input.name,
        address: fromAddress(input.address),
        contacts: (input.contacts ?? []).map((c) => ({ type: ST_CONTACT_TYPE[c.type], value: c.value, memo: c.description })),
      });
      return toLocation(parse(StLocationSchema, raw, 'created location'));
    },

    async findLocationsByZip(zip) {
      return (await client.listAll('crm', 'locations', StLocationSchema, { zip, active: 'True' }, { maxItems: 200 })).map(toLocation);
    },

    async listBusinessUnits() {
      return (await client.listAll('settings', 'business-units', StBusinessUnitSchema, { active: 'True' })).map(toBusinessUnit);
    },

    async listJobTypes() {
      return (await client.listAll('jpm', 'job-types', StJobTypeSchema, { active: 'True' })).map(toJobType);
    },

    async listTechnicians() {
      return (await client.listAll('settings', 'technicians', StTechnicianSchema, { active: 'True' })).map(toTechnician);
    },

    async listEmployees() {
      const rows = await client.listAll('settings', 'employees', z.object({ id: z.number(), name: z.string(), email: z.string().nullish(), phoneNumber: z.string().nullish(), role: z.string().nullish() }), { active: 'True' });
      return rows.map((e): Employee => ({ id: String(e.id), name: e.name, email: e.email ?? null, phoneNumber: e.phoneNumber ?? '', role: e.role ?? '' }));
    },

    listTechnicianShifts: (range) => technicianShifts(range),

    async listArrivalWindows() {
      return (await client.listAll('dispatch', 'arrival-windows', StArrivalWindowSchema, { active: 'True' })).map(toArrivalWindow);
    },

    async listZones() {
      const rows = await client.listAll('dispatch', 'zones', StZoneSchema, { active: 'True' });
      return rows.map(
        (z): Zone => ({
          id: String(z.id),
          name: z.name ?? '',
          zipcodes: z.zips ?? [],
          businessUnitIds: (z.businessUnits ?? []).map(String),
          technicianIds: (z.technicians ?? []).map(String),
        }),
      );
    },

    listAppointments: (range) => appointmentsIn(range),

    getAppointment,

    async rescheduleAppointment(appointmentId, start, end) {
      const id = numericId(appointmentId, 'Appointment');
      await client.write('PATCH', 'jpm', `appointments/${id}/reschedule`, { start: start.toISOString(), end: end.toISOString() });
      return requireAppointment(appointmentId);
    },

    confirmAppointment: (appointmentId) => setConfirmation(appointmentId, true),
    unconfirmAppointment: (appointmentId) => setConfirmation(appointmentId, false),

    async findJobsByCustomer(customerId) {
      const id = numericId(customerId, 'Customer');
      const jobs = await client.listAll('jpm', 'jobs', StJobSchema, { customerId: id }, { maxItems: 200 });
      return jobsWithAppointments(jobs, { customerId: id });
    },

    getJob,

    async listJobs(query): Promise<Page<Job>> {
      const page = query.page ?? 1;
      const pageSize = query.pageSize ?? 50;
      const raw = await client.get('jpm', 'jobs', {
        page,
        pageSize,
        includeTotal: true,
        ids: query.ids?.map((id) => numericId(id, 'Job')),
        customerId: query.customerId,
        locationId: query.locationId,
        jobTypeId: query.jobTypeIds?.length === 1 ? query.jobTypeIds[0] : undefined,
        businessUnitId: query.businessUnitIds?.length === 1 ? query.businessUnitIds[0] : undefined,
        createdOnOrAfter: query.createdOnOrAfter,
        createdBefore: query.createdBefore,
      });
      const body = parse(z.object({ page: z.number(), pageSize: z.number(), hasMore: z.boolean(), totalCount: z.number().nullish(), data: z.array(StJobSchema) }), raw, 'jobs');
      // ServiceTitan filters appointments by one job at a time; a page of jobs is small.
      let jobs = (await Promise.all(body.data.map((j) => jobsWithAppointments([j], { jobId: j.id })))).flat();
      if (query.jobStatus?.length) jobs = jobs.filter((j) => query.jobStatus!.includes(j.jobStatus));
      return { page: body.page, pageSize: body.pageSize, hasMore: body.hasMore, totalCount: body.totalCount ?? jobs.length, data: jobs };
    },

    async createJob(input) {
      if (!config.campaignId) throw new CrmError('NOT_CONFIGURED', 'ServiceTitan jobs need a default campaign id', false);
      const existing = await client.listAll('jpm', 'jobs', StJobSchema, { externalDataKey: SERVICETITAN_IDEMPOTENCY_KEY, externalDataValues: input.idempotencyKey }, { maxItems: 1 });
      if (existing[0]) return (await getJob(String(existing[0].id)))!;
      const raw = await client.write('POST', 'jpm', 'jobs', {
        customerId: numericId(input.customerId, 'Customer'),
        locationId: numericId(input.locationId, 'Location'),
        businessUnitId: numericId(input.businessUnitId, 'Business unit'),
        jobTypeId: numericId(input.jobTypeId, 'Job type'),
        priority: input.priority ?? 'Normal',
        campaignId: numericId(config.campaignId, 'Campaign'),
        summary: input.summary,
        appointments: [
          {
            start: input.appointment.start.toISOString(),
            end: input.appointment.end.toISOString(),
            arrivalWindowStart: input.appointment.arrivalWindowStart?.toISOString(),
            arrivalWindowEnd: input.appointment.arrivalWindowEnd?.toISOString(),
            technicianIds: input.appointment.technicianIds?.map((id) => numericId(id, 'Technician')),
          },
        ],
        externalData: [{ key: SERVICETITAN_IDEMPOTENCY_KEY, value: input.idempotencyKey }],
      });
      const created = parse(StJobSchema, raw, 'created job');
      return (await getJob(String(created.id)))!;
    },

    async listJobCancelReasons() {
      const rows = await client.listAll('jpm', 'job-cancel-reasons', StCancelReasonSchema, { active: 'True' });
      return rows.map((r) => ({ id: String(r.id), name: r.name }));
    },

    async cancelJob(jobId, reason, reasonId) {
      const job = await getJob(jobId);
      if (!job) throw new CrmError('NOT_FOUND', `Job ${jobId} not found`);
      if (job.jobStatus === 'CANCELED') return job;
      // ServiceTitan needs a cancel reason id; the first active reason stands in when the caller has none.
      const reasons = reasonId ? null : await client.listAll('jpm', 'job-cancel-reasons', StCancelReasonSchema, { active: 'True' }, { maxItems: 1 });
      const chosen = reasonId ?? str(reasons?.[0]?.id);
      if (!chosen) throw new CrmError('NOT_CONFIGURED', 'ServiceTitan has no job cancel reason configured', false);
      await client.write('PUT', 'jpm', `jobs/${job.id}/cancel`, { reasonId: numericId(chosen, 'Cancel reason'), memo: reason });
      return (await getJob(jobId)) ?? job;
    },

    async createBooking(input) {
      const path = bookingsPath();
      const existing = await client.listAll('crm', path, StBookingSchema, { externalId: input.externalId }, { maxItems: 1 });
      if (existing[0]) return toBooking(existing[0]);
      const raw = await client.write('POST', 'crm', path, {
        source: input.source,
        name: input.name,
        summary: input.summary,
        isFirstTimeClient: false,
        externalId: input.externalId,
        customerType: 'Residential',
        start: input.startTime?.toISOString(),
        address: input.address ? fromAddress(input.address) : undefined,
        contacts: [{ type: 'Phone', value: input.phoneNumber }],
        businessUnitId: input.businessUnitId ? numericId(input.businessUnitId, 'Business unit') : undefined,
        jobTypeId: input.jobTypeId ? numericId(input.jobTypeId, 'Job type') : undefined,
      });
      return toBooking(parse(StBookingSchema, raw, 'created booking'));
    },

    async listCustomers(query) {
      const page = await client.page('crm', 'customers', StCustomerSchema, {
        ids: query.ids?.map((id) => numericId(id, 'Customer')),
        name: query.name,
        phone: query.phone ? normalizePhoneNumber(query.phone).replace(/^\+1/, '') : undefined,
        zip: query.zip,
        active: query.active === undefined ? 'Any' : query.active ? 'True' : 'False',
        createdOnOrAfter: query.createdOnOrAfter,
        createdBefore: query.createdBefore,
      }, query);
      return { ...page, data: await customerDetails(page.data) };
    },

    async listLocations(query) {
      const page = await client.page('crm', 'locations', StLocationSchema, {
        ids: query.ids?.map((id) => numericId(id, 'Location')),
        customerId: query.customerId ? numericId(query.customerId, 'Customer') : undefined,
        zip: query.zip,
      }, query);
      return { ...page, data: page.data.map(toLocation) };
    },

    async findAppointments(query) {
      const rows = await client.listAll('jpm', 'appointments', StAppointmentSchema, {
        jobId: query.jobId ? numericId(query.jobId, 'Job') : undefined,
        customerId: query.customerId ? numericId(query.customerId, 'Customer') : undefined,
        technicianId: query.technicianId ? numericId(query.technicianId, 'Technician') : undefined,
        startsOnOrAfter: query.from,
        startsBefore: query.to,
      }, { maxItems: query.pageSize ?? 500 });
      const wanted = query.status?.length ? rows.filter((a) => query.status!.includes(a.status as AppointmentStatus)) : rows;
      return appointmentsWithTechnicians(wanted);
    },

    async addJobNote(jobId, text) {
      const raw = await client.write('POST', 'jpm', `jobs/${numericId(jobId, 'Job')}/notes`, { text, pinToTop: false });
      return toNote(parse(StNoteSchema, raw, 'created note'));
    },

    async listJobNotes(jobId) {
      return (await client.listAll('jpm', `jobs/${numericId(jobId, 'Job')}/notes`, StNoteSchema)).map(toNote);
    },

    async listTagTypes() {
      const rows = await client.listAll('settings', 'tag-types', StTagTypeSchema, { active: 'Any' });
      return rows.map((t) => ({
        id: String(t.id),
        name: t.name,
        color: t.color ?? '',
        code: t.code ?? '',
        importance: t.importance === 'Medium' || t.importance === 'High' ? t.importance : null,
        isConversionOpportunity: t.isConversionOpportunity ?? false,
        active: t.active,
        createdOn: new Date(t.createdOn),
        modifiedOn: new Date(t.modifiedOn),
      }));
    },

    async listEstimates(query) {
      const page = await client.page('sales', 'estimates', StEstimateSchema, {
        ids: query.ids?.map((id) => numericId(id, 'Estimate')),
        customerId: query.customerId ? numericId(query.customerId, 'Customer') : undefined,
        jobId: query.jobId ? numericId(query.jobId, 'Job') : undefined,
        status: query.status,
      }, query);
      const data = page.data.map(toEstimate);
      return { ...page, data: query.status ? data.filter((e) => e.status === query.status) : data };
    },

    getEstimate,

    async sellEstimate(estimateId, soldBy) {
      const estimate = await requireEstimate(estimateId);
      if (estimate.status === 'Sold') return estimate;
      await client.write('PUT', 'sales', `estimates/${estimate.id}/sell`, { soldBy: numericId(soldBy, 'Employee') });
      return requireEstimate(estimateId);
    },

    async unsellEstimate(estimateId) {
      const estimate = await requireEstimate(estimateId);
      if (estimate.status !== 'Sold') return estimate;
      await client.write('PUT', 'sales', `estimates/${estimate.id}/unsell`, {});
      return requireEstimate(estimateId);
    },

    async listBookings(query) {
      const page = await client.page('crm', bookingsPath(), StBookingSchema, { externalId: query.externalId, createdOnOrAfter: query.createdOnOrAfter }, query);
      const data = page.data.map(toBooking);
      return { ...page, data: query.status ? data.filter((b) => b.status === query.status) : data };
    },

    async getBooking(bookingId) {
      const raw = await client.get('crm', `${bookingsPath()}/${numericId(bookingId, 'Booking')}`);
      return raw === null ? null : toBooking(parse(StBookingSchema, raw, 'booking'));
    },

    async listContacts(customerIds) {
      // Contacts are read per customer; listing every customer's would be a request per customer of the tenant.
      if (!customerIds || customerIds.length === 0) throw new CrmError('INVALID_REQUEST', 'ServiceTitan lists contacts per customer: give the customerIds');
      const lists = await Promise.all(customerIds.map(async (id) => [id, (await contactsOf(id)).map(toContact).filter((c): c is Contact => c !== null)] as const));
      return Object.fromEntries(lists);
    },

    async addContact(customerId, contact) {
      const same = (await contactsOf(customerId)).map(toContact).find((c) => c && c.type === contact.type && sameContactValue(c.value, contact.value));
      if (same) return same;
      const raw = await ofCustomer(customerId, (path) => client.write('POST', 'crm', path, { type: ST_CONTACT_TYPE[contact.type], value: contact.value, memo: contact.description }));
      const created = toContact(parse(StContactSchema, raw, 'created contact'));
      if (!created) throw new CrmError('UNAVAILABLE', `ServiceTitan answered a contact of an unknown type`, false);
      return created;
    },

    async updateJobTags(jobId, { add, remove }) {
      const job = await getJob(jobId);
      if (!job) throw new CrmError('NOT_FOUND', `Job ${jobId} not found`);
      const before = job.tagTypeIds ?? [];
      const next = [...new Set([...before, ...add])].filter((t) => !remove.includes(t));
      if (next.length === before.length && next.every((t) => before.includes(t))) return before;
      await client.write('PATCH', 'jpm', `jobs/${job.id}`, { tagTypeIds: next.map((t) => numericId(t, 'Tag type')) });
      return next;
    },

    async addAppointment(input) {
      const raw = await client.write('POST', 'jpm', 'appointments', {
        jobId: numericId(input.jobId, 'Job'),
        start: input.start.toISOString(),
        end: input.end.toISOString(),
        arrivalWindowStart: input.arrivalWindowStart?.toISOString(),
        arrivalWindowEnd: input.arrivalWindowEnd?.toISOString(),
        technicianIds: input.technicianIds?.map((id) => numericId(id, 'Technician')),
      });
      return (await appointmentsWithTechnicians([parse(StAppointmentSchema, raw, 'created appointment')]))[0];
    },

    async deleteAppointment(appointmentId) {
      return client.writeIfFound('DELETE', 'jpm', `appointments/${numericId(appointmentId, 'Appointment')}`);
    },

    async setAppointmentSpecialInstructions(appointmentId, instructions) {
      const id = numericId(appointmentId, 'Appointment');
      if (!(await client.writeIfFound('PUT', 'jpm', `appointments/${id}/special-instructions`, { specialInstructions: instructions }))) {
        throw new CrmError('NOT_FOUND', `Appointment ${appointmentId} not found`);
      }
      return requireAppointment(appointmentId);
    },

    async technicianCapacity({ windows, technicianIds, durationSeconds, appointmentStartTime }) {
      if (windows.length === 0 || technicianIds.length === 0) return [];
      const range = { from: new Date(Math.min(...windows.map((w) => w.from.getTime()))), to: new Date(Math.max(...windows.map((w) => w.to.getTime()))) };
      const [shifts, appointments] = await Promise.all([technicianShifts(range), appointmentsIn(range)]);
      return technicianFreeSlots({ windows, technicianIds, durationSeconds, earliest: appointmentStartTime, shifts, appointments });
    },

    async capacityPlanning(query) {
      const raw = await client.write('POST', 'dispatch', 'capacity', {
        startsOnOrAfter: query.startsOnOrAfter.toISOString(),
        endsOnOrBefore: query.endsOnOrBefore.toISOString(),
        businessUnitIds: query.businessUnitIds?.map((id) => numericId(id, 'Business unit')),
        jobTypeId: query.jobTypeId ? numericId(query.jobTypeId, 'Job type') : undefined,
        skillBasedAvailability: query.skillBasedAvailability ?? false,
      });
      // start/end are the tenant's wall clock; newer answers add startUtc/endUtc. Availability is counted as ServiceTitan counts it.
      const instant = (utc: string | null | undefined, local: string) =>
        utc ? new Date(utc) : /(Z|[+-]\d\d:?\d\d)$/.test(local) ? new Date(local) : zonedTimeToInstant(local.slice(0, 10), local.slice(11, 16), query.timeZone);
      return parse(StCapacitySchema, raw, 'capacity').availabilities.map((a): CapacityPlanSlot => {
        const percentageFull = a.totalAvailability <= 0 ? 100 : Math.round(((a.totalAvailability - a.openAvailability) / a.totalAvailability) * 100);
        return {
          start: instant(a.startUtc, a.start),
          end: instant(a.endUtc, a.end),
          businessUnitIds: (a.businessUnitIds ?? []).map(String),
          totalAvailability: a.totalAvailability,
          openAvailability: a.openAvailability,
          technicians: (a.technicians ?? []).map((t) => ({
            id: String(t.id),
            name: t.name ?? '',
            status: t.status === 'Available' ? 'Available' : 'Unavailable',
            ...(t.hasRequiredSkills === null || t.hasRequiredSkills === undefined ? {} : { hasRequiredSkills: t.hasRequiredSkills }),
          })),
          isAvailable: a.isAvailable ?? a.openAvailability > 0,
          isExceedingIdealBookingPercentage: a.isExceedingIdealBookingPercentage ?? false,
          percentageFull,
        };
      });
    },

    ...serviceTitanRecords(client),
  };

  return vendorPort('ServiceTitan', implemented as Partial<CrmPort>, NO_EQUIVALENT) as ServiceTitanCrm;
}
