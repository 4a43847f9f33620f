import type { Db } from '../../../../prisma/client';
import { Prisma } from '../../../../prisma/client';
import { addDays, weekdayOf } from '../../../../domain/time/calendar';
import { toZonedParts, zonedTimeToInstant } from '../../../../domain/time/zoned-time';
import { countryFromTimezone } from '../../../../domain/validation/country';
import { normalizePhoneNumber } from '../../../../domain/validation/phone';
import {
  CrmError,
  type CrmPort,
  type CrmProvider
} from '../../crm.port';
import { sandboxStaffAndAudiences } from './sandbox-staff-and-audiences';
import { sandboxRecords, pageBounds, rowsPage, type EstimateData, type LookupKind, type TelecomCallData } from './sandbox-records';
import {
  SANDBOX_CALL_REASONS,
  SANDBOX_CAMPAIGNS,
  SANDBOX_CAMPAIGN_CATEGORIES,
  SANDBOX_CUSTOMER_EXTRAS,
  SANDBOX_JOB_CANCEL_REASONS,
  SANDBOX_MEMBERSHIP_TYPES,
  SANDBOX_OFFICE_EMPLOYEES,
  SANDBOX_PRICEBOOK,
  SANDBOX_RECURRING_SERVICE_TYPES,
  SANDBOX_REPORTS,
  SANDBOX_REPORT_CATEGORIES,
  SANDBOX_ROLES,
  SANDBOX_TAG_TYPES,
} from './sandbox-lookups.seed';
import {
  SANDBOX_ARRIVAL_WINDOWS,
  SANDBOX_BUSINESS_UNITS,
  SANDBOX_CUSTOMERS,
  SANDBOX_JOB_TYPES,
  SANDBOX_TECHNICIANS,
  sandboxZones,
  type SandboxTechnicianData,
} from './sandbox-seed';
import { type Appointment, type ArrivalWindow, type BusinessUnit, type Contact, type Customer, type CustomerLocation, type Job, type JobType, type Technician, type TechnicianShift, type Zone, type Booking, type CapacityPlanSlot, type Note, type TechnicianFreeSlot } from "../../../../domain/crm/crm-records";

type ReferenceKind = 'business_unit' | 'job_type' | 'technician' | 'arrival_window' | 'zone' | LookupKind;

type CustomerRow = Prisma.SandboxCustomerGetPayload<object>;
type LocationRow = Prisma.SandboxLocationGetPayload<object>;
type JobRow = Prisma.SandboxJobGetPayload<object>;
type AppointmentRow = Prisma.SandboxAppointmentGetPayload<object>;

const HOUR_MS = 3_600_000;

function toLocation(row: LocationRow): CustomerLocation {
  return {
    id: String(row.id),
    customerId: String(row.customerId),
    name: row.name,
    address: { street: row.street, unit: row.unit ?? undefined, city: row.city, state: row.state, zip: row.zip, country: row.country },
  };
}

function toCustomer(row: CustomerRow, locations: LocationRow[]): Customer {
  return {
    id: String(row.id),
    name: row.name,
    type: row.type as Customer['type'],
    active: row.active,
    doNotService: row.doNotService,
    contacts: row.contacts as unknown as Contact[],
    locations: locations.filter((l) => l.customerId === row.id).map(toLocation),
  };
}

function toAppointment(row: AppointmentRow): Appointment {
  return {
    id: String(row.id),
    jobId: String(row.jobId),
    customerId: String(row.customerId),
    start: row.start,
    end: row.end,
    arrivalWindowStart: row.arrivalWindowStart,
    arrivalWindowEnd: row.arrivalWindowEnd,
    technicianIds: row.technicianIds,
    status: row.status as Appointment['status'],
    isConfirmed: row.isConfirmed,
    specialInstructions: row.specialInstructions,
  };
}

function toJob(row: JobRow, appointments: AppointmentRow[]): Job {
  return {
    id: String(row.id),
    jobNumber: `SB-${row.id}`,
    customerId: String(row.customerId),
    locationId: String(row.locationId),
    jobStatus: row.jobStatus as Job['jobStatus'],
    jobTypeId: row.jobTypeId,
    businessUnitId: row.businessUnitId,
    priority: row.priority,
    summary: row.summary,
    createdOn: row.createdAt,
    appointments: appointments.filter((a) => a.jobId === row.id).map(toAppointment),
    tagTypeIds: row.tagTypeIds,
    cancelReason: row.cancelReason,
  };
}

function numericId(id: string, what: string): number {
  const n = Number(id);
  if (!Number.isInteger(n) || n <= 0 || n > 2_147_483_647) throw new CrmError('NOT_FOUND', `${what} ${id} not found`);
  return n;
}

const isUniqueViolation = (err: unknown) => err instanceof Prisma.PrismaClientKnownRequestError && err.code === 'P2002';

/** Places a weekly shift pattern on the calendar between two instants, in the org's zone. */
export function expandWeeklyShifts(tech: SandboxTechnicianData, from: Date, to: Date, timeZone: string): TechnicianShift[] {
  const shifts: TechnicianShift[] = [];
  const last = toZonedParts(to, timeZone).date;
  for (let date = addDays(toZonedParts(from, timeZone).date, -1); date <= last; date = addDays(date, 1)) {
    for (const { start, end } of tech.weeklyShifts[weekdayOf(date)] ?? []) {
      const s = zonedTimeToInstant(date, start, timeZone);
      const e = zonedTimeToInstant(end > start ? date : addDays(date, 1), end, timeZone);
      if (e > from && s < to) shifts.push({ id: `${tech.id}-${date}-${start}`, technicianId: tech.id, start: s, end: e, shiftType: 'Normal', active: true });
    }
  }
  return shifts;
}

/** How long reference data (job types, technicians, windows, zones, lookups) is served from memory. */
export const REFERENCE_CACHE_MS = 30_000;

/**
 * Reference data changes only when the sandbox is seeded or reset, so a live tool call reads it from memory
 * (the issue's "read-mostly CRM data is cached"). Entries are per org and kind; seed and reset drop the org's.
 */
class ReferenceCache {
  private readonly entries = new Map<string, { at: number; rows: Promise<unknown[]> }>();

  read<T>(orgId: string, kind: string, load: () => Promise<T[]>): Promise<T[]> {
    const key = `${orgId}/${kind}`;
    const hit = this.entries.get(key);
    if (hit && Date.now() - hit.at < REFERENCE_CACHE_MS) return hit.rows as Promise<T[]>;
    const rows = load();
    this.entries.set(key, { at: Date.now(), rows });
    // A failed read, or an org not seeded yet, is asked again next time.
    rows.then((r) => r.length === 0 && this.entries.get(key)?.rows === rows && this.entries.delete(key)).catch(() => this.entries.delete(key));
    return rows;
  }

  drop(orgId: string) {
    for (const key of this.entries.keys()) if (key.startsWith(`${orgId}/`)) this.entries.delete(key);
  }

  private readonly derived = new WeakMap<object, Map<string, unknown>>();

  /** A value computed from a list this cache answered, kept as long as that list is (a reseed reads a new one). */
  derive<T>(rows: object, key: string, compute: () => T): T {
    let values = this.derived.get(rows);
    if (!values) this.derived.set(rows, (values = new Map()));
    if (!values.has(key)) {
      if (values.size >= 32) values.clear();
      values.set(key, compute());
    }
    return values.get(key) as T;
  }
}

function sandboxCrm(db: Db, orgId: string, cache: ReferenceCache): CrmPort {
  function reference<T>(kind: ReferenceKind): Promise<T[]> {
    return cache.read(orgId, kind, async () => {
      const rows = await db.sandboxReference.findMany({ where: { orgId, kind }, orderBy: { sortOrder: 'asc' } });
      return rows.map((r) => r.data as T);
    });
  }

  async function customersWithLocations(rows: CustomerRow[]): Promise<Customer[]> {
    const locations = await db.sandboxLocation.findMany({ where: { orgId, customerId: { in: rows.map((r) => r.id) } }, orderBy: { id: 'asc' } });
    return rows.map((r) => toCustomer(r, locations));
  }

  async function jobsWithAppointments(rows: JobRow[]): Promise<Job[]> {
    const appointments = await db.sandboxAppointment.findMany({ where: { orgId, jobId: { in: rows.map((r) => r.id) } }, orderBy: { start: 'asc' } });
    return rows.map((r) => toJob(r, appointments));
  }

  const { recordsOf, addRecord, ...records } = sandboxRecords(db, orgId, reference);

  const optionalId = (id: string | undefined) => {
    if (id === undefined) return undefined;
    const n = Number(id);
    return Number.isInteger(n) && n > 0 && n <= 2_147_483_647 ? n : -1;
  };
  const idList = (ids: string[] | undefined) => ids?.map((id) => optionalId(id)!);

  async function jobOrThrow(jobId: string): Promise<JobRow> {
    const row = await db.sandboxJob.findFirst({ where: { orgId, id: numericId(jobId, 'Job') } });
    if (!row) throw new CrmError('NOT_FOUND', `Job ${jobId} not found`);
    return row;
  }

  async function setConfirmed(appointmentId: string, isConfirmed: boolean): Promise<{ changed: boolean }> {
    const id = numericId(appointmentId, 'Appointment');
    const { count } = await db.sandboxAppointment.updateMany({ where: { orgId, id, isConfirmed: !isConfirmed }, data: { isConfirmed } });
    if (count > 0) return { changed: true };
    if (!(await db.sandboxAppointment.findFirst({ where: { orgId, id } }))) throw new CrmError('NOT_FOUND', `Appointment ${appointmentId} not found`);
    return { changed: false };
  }

  const toBooking = (row: Prisma.SandboxBookingGetPayload<object>): Booking => ({
    id: String(row.id),
    source: row.source,
    name: row.name,
    status: row.status as Booking['status'],
    externalId: row.externalId,
    summary: row.summary,
    createdOn: row.createdAt,
  });

  /** Free stretches of one technician inside [from, to): shifts minus non-canceled appointments. */
  function freeStretches(shifts: TechnicianShift[], busy: Appointment[], from: number, to: number): [number, number][] {
    const out: [number, number][] = [];
    for (const shift of shifts) {
      let cursor = Math.max(from, shift.start.getTime());
      const end = Math.min(to, shift.end.getTime());
      for (const a of busy.filter((b) => b.end.getTime() > cursor && b.start.getTime() < end).sort((x, y) => x.start.getTime() - y.start.getTime())) {
        if (a.start.getTime() > cursor) out.push([cursor, a.start.getTime()]);
        cursor = Math.max(cursor, a.end.getTime());
      }
      if (end > cursor) out.push([cursor, end]);
    }
    return out;
  }

  const overlapHours = (aStart: number, aEnd: number, bStart: number, bEnd: number) => Math.max(0, Math.min(aEnd, bEnd) - Math.max(aStart, bStart)) / HOUR_MS;

  return {
    ...records,
    ...sandboxStaffAndAudiences({
      db,
      orgId,
      reference,
      referenceChanged: () => cache.drop(orgId),
      customersOf: async (where) => customersWithLocations(await db.sandboxCustomer.findMany({ where, orderBy: { id: 'asc' } })),
    }),

    async listCustomers({ ids, name, phone, zip, active, createdOnOrAfter, createdBefore, ...page }) {
      const { page: p, pageSize, skip } = pageBounds(page);
      const zipCustomerIds = zip ? (await db.sandboxLocation.findMany({ where: { orgId, zip }, select: { customerId: true } })).map((l) => l.customerId) : undefined;
      const phoneKey = phone ? normalizePhoneNumber(phone) : undefined;
      const where: Prisma.SandboxCustomerWhereInput = {
        orgId,
        ...(ids || zipCustomerIds ? { id: { in: (idList(ids) ?? zipCustomerIds)!.filter((id) => !zipCustomerIds || zipCustomerIds.includes(id)) } } : {}),
        ...(name ? { name: { contains: name, mode: 'insensitive' } } : {}),
        ...(phoneKey !== undefined ? { phones: { has: phoneKey } } : {}),
        ...(active !== undefined ? { active } : {}),
        ...(createdOnOrAfter || createdBefore ? { createdAt: { ...(createdOnOrAfter ? { gte: createdOnOrAfter } : {}), ...(createdBefore ? { lt: createdBefore } : {}) } } : {}),
      };
      const [rows, totalCount] = await Promise.all([db.sandboxCustomer.findMany({ where, orderBy: { id: 'asc' }, skip, take: pageSize }), db.sandboxCustomer.count({ where })]);
      return { page: p, pageSize, hasMore: skip + rows.length < totalCount, totalCount, data: await customersWithLocations(rows) };
    },

    async listLocations({ ids, customerId, zip, ...page }) {
      const { page: p, pageSize, skip } = pageBounds(page);
      const where: Prisma.SandboxLocationWhereInput = {
        orgId,
        ...(ids ? { id: { in: idList(ids) } } : {}),
        ...(customerId ? { customerId: optionalId(customerId) } : {}),
        ...(zip ? { zip } : {}),
      };
      const [rows, totalCount] = await Promise.all([db.sandboxLocation.findMany({ where, orderBy: { id: 'asc' }, skip, take: pageSize }), db.sandboxLocation.count({ where })]);
      return { page: p, pageSize, hasMore: skip + rows.length < totalCount, totalCount, data: rows.map(toLocation) };
    },

    async listContacts(customerIds) {
      const rows = await db.sandboxCustomer.findMany({
        where: { orgId, ...(customerIds && customerIds.length > 0 ? { id: { in: idList(customerIds) } } : {}) },
        select: { id: true, contacts: true },
        orderBy: { id: 'asc' },
      });
      return Object.fromEntries(rows.map((r) => [String(r.id), r.contacts as unknown as Contact[]]));
    },

    async addContact(customerId, contact) {
      const id = numericId(customerId, 'Customer');
      return db.$transaction(async (tx) => {
        const row = await tx.sandboxCustomer.findFirst({ where: { orgId, id } });
        if (!row) throw new CrmError('NOT_FOUND', `Customer ${customerId} not found`);
        const contacts = row.contacts as unknown as Contact[];
        const same = contacts.find((c) => c.type === contact.type && c.value === contact.value);
        if (same) return same;
        const added: Contact = { id: `${id}-${contacts.length + 1}`, type: contact.type, value: contact.value, ...(contact.description ? { description: contact.description } : {}) };
        const phone = contact.type === 'Email' ? '' : normalizePhoneNumber(contact.value);
        await tx.sandboxCustomer.update({
          where: { id },
          data: { contacts: [...contacts, added] as unknown as Prisma.InputJsonValue, phones: phone && !row.phones.includes(phone) ? [...row.phones, phone] : row.phones },
        });
        return added;
      });
    },

    async listJobs({ ids, customerId, locationId, jobStatus, jobTypeIds, businessUnitIds, createdOnOrAfter, createdBefore, ...page }) {
      const { page: p, pageSize, skip } = pageBounds(page);
      const where: Prisma.SandboxJobWhereInput = {
        orgId,
        ...(ids ? { id: { in: idList(ids) } } : {}),
        ...(customerId ? { customerId: optionalId(customerId) } : {}),
        ...(locationId ? { locationId: optionalId(locationId) } : {}),
        ...(jobStatus ? { jobStatus: { in: jobStatus } } : {}),
        ...(jobTypeIds ? { jobTypeId: { in: jobTypeIds } } : {}),
        ...(businessUnitIds ? { businessUnitId: { in: businessUnitIds } } : {}),
        ...(createdOnOrAfter || createdBefore ? { createdAt: { ...(createdOnOrAfter ? { gte: createdOnOrAfter } : {}), ...(createdBefore ? { lt: createdBefore } : {}) } } : {}),
      };
      const [rows, totalCount] = await Promise.all([db.sandboxJob.findMany({ where, orderBy: { id: 'asc' }, skip, take: pageSize }), db.sandboxJob.count({ where })]);
      return { page: p, pageSize, hasMore: skip + rows.length < totalCount, totalCount, data: await jobsWithAppointments(rows) };
    },

    async getJob(jobId) {
      const id = optionalId(jobId)!;
      const row = await db.sandboxJob.findFirst({ where: { orgId, id } });
      return row ? (await jobsWithAppointments([row]))[0] : null;
    },

    async addJobNote(jobId, text, createdBy = 'HomeAgent') {
      const job = await jobOrThrow(jobId);
      const row = await addRecord('note', String(job.id), { text, createdBy });
      return { id: String(row.id), text, createdBy, createdAt: row.createdAt, updatedAt: row.modifiedAt };
    },

    async listJobNotes(jobId) {
      const job = await jobOrThrow(jobId);
      const rows = await recordsOf('note', [String(job.id)]);
      return rows.map((row): Note => ({ id: String(row.id), ...(row.data as { text: string; createdBy: string }), createdAt: row.createdAt, updatedAt: row.modifiedAt }));
    },

    async updateJobTags(jobId, { add, remove }) {
      const job = await jobOrThrow(jobId);
      const known = new Set((await reference<{ id: string }>('tag_type')).map((t) => t.id));
      const unknown = add.find((t) => !known.has(t));
      if (unknown) throw new CrmError('INVALID_REQUEST', `Tag type ${unknown} not found`);
      const next = [...new Set([...job.tagTypeIds, ...add])].filter((t) => !remove.includes(t));
      await db.sandboxJob.update({ where: { id: job.id }, data: { tagTypeIds: next } });
      return next;
    },

    async findAppointments({ from, to, jobId, customerId, technicianId, status, ...page }) {
      const { pageSize, skip } = pageBounds({ pageSize: 500, ...page });
      const rows = await db.sandboxAppointment.findMany({
        where: {
          orgId,
          ...(from ? { end: { gt: from } } : {}),
          ...(to ? { start: { lt: to } } : {}),
          ...(jobId ? { jobId: optionalId(jobId) } : {}),
          ...(customerId ? { customerId: optionalId(customerId) } : {}),
          ...(technicianId ? { technicianIds: { has: technicianId } } : {}),
          ...(status ? { status: { in: status } } : {}),
        },
        orderBy: { start: 'asc' },
        skip,
        take: pageSize,
      });
      return rows.map(toAppointment);
    },

    async getAppointment(appointmentId) {
      const row = await db.sandboxAppointment.findFirst({ where: { orgId, id: optionalId(appointmentId) } });
      return row ? toAppointment(row) : null;
    },

    async addAppointment(input) {
      const job = await jobOrThrow(input.jobId);
      const row = await db.sandboxAppointment.create({
        data: {
          orgId,
          jobId: job.id,
          customerId: job.customerId,
          start: input.start,
          end: input.end,
          arrivalWindowStart: input.arrivalWindowStart ?? input.start,
          arrivalWindowEnd: input.arrivalWindowEnd ?? input.end,
          technicianIds: input.technicianIds ?? [],
          status: 'Scheduled',
        },
      });
      return toAppointment(row);
    },

    async deleteAppointment(appointmentId) {
      const { count } = await db.sandboxAppointment.deleteMany({ where: { orgId, id: optionalId(appointmentId) } });
      return count > 0;
    },

    confirmAppointment: (appointmentId) => setConfirmed(appointmentId, true),
    unconfirmAppointment: (appointmentId) => setConfirmed(appointmentId, false),

    async setAppointmentSpecialInstructions(appointmentId, instructions) {
      const id = numericId(appointmentId, 'Appointment');
      const { count } = await db.sandboxAppointment.updateMany({ where: { orgId, id }, data: { specialInstructions: instructions } });
      if (count === 0) throw new CrmError('NOT_FOUND', `Appointment ${appointmentId} not found`);
      return toAppointment((await db.sandboxAppointment.findUnique({ where: { id } }))!);
    },

    async technicianCapacity({ windows, technicianIds, durationSeconds, appointmentStartTime, timeZone }) {
      if (windows.length === 0) return [];
      const from = new Date(Math.min(...windows.map((w) => w.from.getTime())));
      const to = new Date(Math.max(...windows.map((w) => w.to.getTime())));
      const techs = (await reference<SandboxTechnicianData>('technician')).filter((t) => t.active && technicianIds.includes(t.id));
      const appointments = await db.sandboxAppointment.findMany({ where: { orgId, start: { lt: to }, end: { gt: from }, status: { not: 'Canceled' } } });
      const earliest = appointmentStartTime?.getTime() ?? -Infinity;
      const out: TechnicianFreeSlot[] = [];
      for (const window of windows) {
        for (const tech of techs) {
          const shifts = expandWeeklyShifts(tech, window.from, window.to, timeZone);
          const busy = appointments.filter((a) => a.technicianIds.includes(tech.id)).map(toAppointment);
          for (const [start, end] of freeStretches(shifts, busy, Math.max(window.from.getTime(), earliest), window.to.getTime())) {
            if (end - start >= durationSeconds * 1000) out.push({ start: new Date(start), end: new Date(end), technicianId: tech.id });
          }
        }
      }
      return out.sort((a, b) => a.start.getTime() - b.start.getTime() || a.technicianId.localeCompare(b.technicianId));
    },

    async capacityPlanning({ startsOnOrAfter, endsOnOrBefore, businessUnitIds, jobTypeId, skillBasedAvailability, timeZone }) {
      const [techs, windows, jobTypes] = await Promise.all([reference<SandboxTechnicianData>('technician'), reference<ArrivalWindow>('arrival_window'), reference<JobType>('job_type')]);
      const jobType = jobTypeId ? jobTypes.find((t) => t.id === jobTypeId) : undefined;
      if (jobTypeId && !jobType) throw new CrmError('INVALID_REQUEST', `Job type ${jobTypeId} not found`);
      const units = businessUnitIds && businessUnitIds.length > 0 ? businessUnitIds : (jobType?.businessUnitIds ?? []);
      const crew = techs.filter((t) => t.active && (units.length === 0 || t.businessUnitIds.some((b) => units.includes(b))));
      const appointments = (
        await db.sandboxAppointment.findMany({ where: { orgId, start: { lt: endsOnOrBefore }, end: { gt: startsOnOrAfter }, status: { not: 'Canceled' } } })
      ).map(toAppointment);
      const needed = (jobType?.duration ?? 7200) / 3600;
      const slots: CapacityPlanSlot[] = [];
      const lastDate = toZonedParts(endsOnOrBefore, timeZone).date;
      for (let date = toZonedParts(startsOnOrAfter, timeZone).date; date <= lastDate; date = addDays(date, 1)) {
        for (const w of windows.filter((x) => x.active && (units.length === 0 || x.businessUnitIds.some((b) => units.includes(b))))) {
          const start = zonedTimeToInstant(date, w.start, timeZone);
          const [h, m] = w.duration.split(':').map(Number);
          const end = new Date(start.getTime() + (h * 60 + m) * 60_000);
          if (start < startsOnOrAfter || end > endsOnOrBefore) continue;
          let total = 0;
          let open = 0;
          const technicians = crew.map((tech) => {
            const shifts = expandWeeklyShifts(tech, start, end, timeZone);
            const shiftHours = shifts.reduce((sum, sh) => sum + overlapHours(sh.start.getTime(), sh.end.getTime(), start.getTime(), end.getTime()), 0);
            const busy = appointments.filter((a) => a.technicianIds.includes(tech.id));
            const freeHours = freeStretches(shifts, busy, start.getTime(), end.getTime()).reduce((sum, [a, b]) => sum + (b - a) / HOUR_MS, 0);
            const hasRequiredSkills = !jobType || jobType.skills.every((sk) => tech.skills.includes(sk));
            const counts = !skillBasedAvailability || hasRequiredSkills;
            if (counts) {
              total += shiftHours;
              open += freeHours;
            }
            return { id: tech.id, name: tech.name, status: (counts && freeHours > 0 ? 'Available' : 'Unavailable') as 'Available' | 'Unavailable', hasRequiredSkills };
          });
          const percentageFull = total === 0 ? 100 : Math.round(((total - open) / total) * 100);
          slots.push({
            start,
            end,
            businessUnitIds: w.businessUnitIds,
            totalAvailability: Math.round(total * 100) / 100,
            openAvailability: Math.round(open * 100) / 100,
            technicians,
            isAvailable: open > 0 && technicians.some((t) => t.status === 'Available') && open >= Math.min(needed, (end.getTime() - start.getTime()) / HOUR_MS),
            isExceedingIdealBookingPercentage: percentageFull > 80,
            percentageFull,
          });
        }
      }
      return slots;
    },

    async listBookings({ status, externalId, createdOnOrAfter, ...page }) {
      const { page: p, pageSize, skip } = pageBounds(page);
      const where: Prisma.SandboxBookingWhereInput = { orgId, ...(status ? { status } : {}), ...(externalId ? { externalId } : {}), ...(createdOnOrAfter ? { createdAt: { gte: createdOnOrAfter } } : {}) };
      const [rows, totalCount] = await Promise.all([db.sandboxBooking.findMany({ where, orderBy: { id: 'asc' }, skip, take: pageSize }), db.sandboxBooking.count({ where })]);
      return { page: p, pageSize, hasMore: skip + rows.length < totalCount, totalCount, data: rows.map(toBooking) };
    },

    async getBooking(bookingId) {
      const row = await db.sandboxBooking.findFirst({ where: { orgId, id: optionalId(bookingId) } });
      return row ? toBooking(row) : null;
    },

    async runReport(categoryId, reportId, parameters, page) {
      const report = await records.getReport(categoryId, reportId);
      if (!report) return null;
      const value = (name: string) => parameters.find((p) => p.name === name)?.value;
      for (const param of report.parameters) {
        if (param.isRequired && (value(param.name) === undefined || value(param.name) === null || value(param.name) === '')) {
          throw new CrmError('INVALID_REQUEST', `Parameter ${param.name} is required`);
        }
      }
      const asDate = (name: string) => {
        const d = new Date(String(value(name)));
        if (Number.isNaN(d.getTime())) throw new CrmError('INVALID_REQUEST', `Parameter ${name} must be a date`);
        return d;
      };
      const [from, to] = [asDate('From'), asDate('To')];
      if (reportId === '5001') {
        const unitFilter = value('BusinessUnitIds');
        const units = Array.isArray(unitFilter) ? unitFilter.map(String) : undefined;
        const jobs = await db.sandboxJob.findMany({ where: { orgId, createdAt: { gte: from, lt: to }, ...(units ? { businessUnitId: { in: units } } : {}) }, orderBy: { id: 'asc' } });
        const customers = await db.sandboxCustomer.findMany({ where: { orgId, id: { in: jobs.map((j) => j.customerId) } }, select: { id: true, name: true } });
        const unitNames = await reference<BusinessUnit>('business_unit');
        const rows = jobs.map((j) => [`SB-${j.id}`, customers.find((c) => c.id === j.customerId)?.name ?? '', unitNames.find((u) => u.id === j.businessUnitId)?.name ?? '', j.jobStatus, j.createdAt.toISOString()]);
        return rowsPage(report.fields, rows, page);
      }
      const calls = (await recordsOf('telecom_call')).filter((r) => {
        const at = new Date((r.data as unknown as TelecomCallData).receivedOn).getTime();
        return at >= from.getTime() && at < to.getTime();
      });
      const [campaigns, reasons] = await Promise.all([records.listCampaigns(), records.listCallReasons()]);
      const byCampaign = new Map<string, { calls: number; leads: number }>();
      for (const call of calls) {
        const d = call.data as unknown as TelecomCallData;
        const name = campaigns.find((c) => c.id === d.campaignId)?.name ?? 'No campaign';
        const entry = byCampaign.get(name) ?? { calls: 0, leads: 0 };
        entry.calls += 1;
        if (reasons.find((r) => r.id === d.reasonId)?.isLead) entry.leads += 1;
        byCampaign.set(name, entry);
      }
      return rowsPage(report.fields, [...byCampaign].map(([name, e]) => [name, e.calls, e.leads]), page);
    },

    async getDynamicValueSet(dynamicSetId, page) {
      const fields = [{ name: 'Value', label: 'Id' }, { name: 'Name', label: 'Name' }];
      const sets: Record<string, () => Promise<{ id: string; name: string }[]>> = {
        'business-units': () => reference<BusinessUnit>('business_unit'),
        'job-types': () => reference<JobType>('job_type'),
        technicians: () => reference<SandboxTechnicianData>('technician'),
        campaigns: () => records.listCampaigns(),
      };
      const load = sets[dynamicSetId];
      if (!load) return null;
      return rowsPage(fields, (await load()).map((x) => [x.id, x.name]), page);
    },

    async findCustomersByPhone(phoneNumber) {
      const phone = normalizePhoneNumber(phoneNumber);
      if (!phone) return [];
      const rows = await db.sandboxCustomer.findMany({ where: { orgId, phones: { has: phone } }, orderBy: { id: 'asc' } });
      return customersWithLocations(rows);
    },

    async getCustomer(customerId) {
      const row = await db.sandboxCustomer.findFirst({ where: { orgId, id: optionalId(customerId) } });
      if (!row) return null;
      const [customer] = await customersWithLocations([row]);
      return { ...customer, memberships: await records.listMemberships({ customerIds: [customer.id] }) };
    },

    async createCustomer(input) {
      if (input.locations.length === 0) throw new CrmError('INVALID_REQUEST', 'A customer needs at least 1 location');
      const row = await db.$transaction(async (tx) => {
        const customer = await tx.sandboxCustomer.create({
          data: {
            orgId,
            name: input.name,
            type: input.type,
            contacts: input.contacts as unknown as Prisma.InputJsonValue,
            phones: input.contacts.filter((c) => c.type !== 'Email').map((c) => normalizePhoneNumber(c.value)).filter(Boolean),
          },
        });
        await tx.sandboxLocation.createMany({
          data: input.locations.map((l) => ({ orgId, customerId: customer.id, name: l.name, ...l.address, unit: l.address.unit ?? null })),
        });
        return customer;
      });
      return (await customersWithLocations([row]))[0];
    },

    async createLocation(customerId, { name, address }) {
      const id = numericId(customerId, 'Customer');
      if (!(await db.sandboxCustomer.findFirst({ where: { orgId, id } }))) throw new CrmError('NOT_FOUND', `Customer ${customerId} not found`);
      return toLocation(await db.sandboxLocation.create({ data: { orgId, customerId: id, name, ...address, unit: address.unit ?? null } }));
    },

    async findLocationsByZip(zip) {
      const rows = await db.sandboxLocation.findMany({ where: { orgId, zip }, orderBy: { id: 'asc' } });
      return rows.map(toLocation);
    },

    listBusinessUnits: () => reference<BusinessUnit>('business_unit'),
    listJobTypes: () => reference<JobType>('job_type'),
    listArrivalWindows: () => reference<ArrivalWindow>('arrival_window'),
    listZones: () => reference<Zone>('zone'),

    async listTechnicians() {
      const techs = await reference<SandboxTechnicianData>('technician');
      return techs.map(({ weeklyShifts: _shifts, ...t }): Technician => ({ ...t, role: 'Technician' }));
    },

    async listTechnicianShifts(range, timeZone) {
      const techs = await reference<SandboxTechnicianData>('technician');
      // Every capacity check asks for the same days, and placing weekly patterns in a zone is most of its CPU.
      const shifts = cache.derive(techs, `shifts|${range.from.getTime()}|${range.to.getTime()}|${timeZone}`, () =>
        techs.filter((t) => t.active).flatMap((t) => expandWeeklyShifts(t, range.from, range.to, timeZone)),
      );
      return [...shifts];
    },

    async listAppointments(range) {
      // Raw SQL: each capacity check reads this, and a Prisma findMany costs twice the CPU of the same query raw.
      const rows = await db.$queryRaw<AppointmentRow[]>`
        SELECT id, org_id AS "orgId", job_id AS "jobId", customer_id AS "customerId", start, "end",
               arrival_window_start AS "arrivalWindowStart", arrival_window_end AS "arrivalWindowEnd", technician_ids AS "technicianIds",
               status, is_confirmed AS "isConfirmed", special_instructions AS "specialInstructions"
        FROM sandbox_appointments
        WHERE org_id = ${orgId}::uuid AND start < ${range.to} AND "end" > ${range.from} AND status <> 'Canceled'
        ORDER BY start`;
      return rows.map(toAppointment);
    },

    async findJobsByCustomer(customerId) {
      const rows = await db.sandboxJob.findMany({ where: { orgId, customerId: numericId(customerId, 'Customer') }, orderBy: { id: 'asc' } });
      return jobsWithAppointments(rows);
    },

    async createJob(input) {
      const existing = () => db.sandboxJob.findUnique({ where: { orgId_idempotencyKey: { orgId, idempotencyKey: input.idempotencyKey } } });
      const found = await existing();
      if (found) return (await jobsWithAppointments([found]))[0];
      const customerId = numericId(input.customerId, 'Customer');
      const locationId = numericId(input.locationId, 'Location');
      try {
        const row = await db.$transaction(async (tx) => {
          const job = await tx.sandboxJob.create({
            data: {
              orgId,
              customerId,
              locationId,
              jobStatus: 'SCHEDULED',
              jobTypeId: input.jobTypeId,
              businessUnitId: input.businessUnitId,
              priority: input.priority ?? 'Normal',
              summary: input.summary,
              idempotencyKey: input.idempotencyKey,
            },
          });
          const a = input.appointment;
          await tx.sandboxAppointment.create({
            data: {
              orgId,
              jobId: job.id,
              customerId,
              start: a.start,
              end: a.end,
              arrivalWindowStart: a.arrivalWindowStart ?? null,
              arrivalWindowEnd: a.arrivalWindowEnd ?? null,
              technicianIds: a.technicianIds ?? [],
              status: 'Scheduled',
            },
          });
          return job;
        });
        return (await jobsWithAppointments([row]))[0];
      } catch (err) {
        // A concurrent request with the same key won the insert: answer with its job.
        if (!isUniqueViolation(err)) throw err;
        const winner = await existing();
        if (!winner) throw err;
        return (await jobsWithAppointments([winner]))[0];
      }
    },

    async rescheduleAppointment(appointmentId, start, end) {
      const id = numericId(appointmentId, 'Appointment');
      const { count } = await db.sandboxAppointment.updateMany({ where: { orgId, id }, data: { start, end, arrivalWindowStart: start, arrivalWindowEnd: end } });
      if (count === 0) throw new CrmError('NOT_FOUND', `Appointment ${appointmentId} not found`);
      return toAppointment((await db.sandboxAppointment.findUnique({ where: { id } }))!);
    },

    async cancelJob(jobId, reason, reasonId) {
      const id = numericId(jobId, 'Job');
      const job = await db.$transaction(async (tx) => {
        const { count } = await tx.sandboxJob.updateMany({ where: { orgId, id }, data: { jobStatus: 'CANCELED', cancelReason: reasonId ? `${reason} (${reasonId})` : reason } });
        if (count === 0) return null;
        await tx.sandboxAppointment.updateMany({ where: { orgId, jobId: id }, data: { status: 'Canceled' } });
        return tx.sandboxJob.findUnique({ where: { id } });
      });
      if (!job) throw new CrmError('NOT_FOUND', `Job ${jobId} not found`);
      return (await jobsWithAppointments([job]))[0];
    },

    async createBooking(input) {
      const data = {
        orgId,
        source: input.source,
        name: input.name,
        phoneNumber: input.phoneNumber,
        summary: input.summary,
        status: 'New',
        externalId: input.externalId,
        payload: JSON.parse(JSON.stringify(input)) as Prisma.InputJsonValue,
      };
      const row = await db.sandboxBooking.upsert({ where: { orgId_externalId: { orgId, externalId: input.externalId } }, create: data, update: {} });
      return { id: String(row.id), source: row.source, name: row.name, status: row.status as 'New', externalId: row.externalId, summary: row.summary, createdOn: row.createdAt };
    },

    async createCallbackRequest(input) {
      const where = { orgId_idempotencyKey: { orgId, idempotencyKey: input.idempotencyKey } };
      const create = { orgId, phoneNumber: input.phoneNumber, isEmergency: input.isEmergency, note: input.note ?? null, idempotencyKey: input.idempotencyKey };
      let row;
      try {
        row = await db.sandboxCallbackRequest.upsert({ where, create, update: {} });
      } catch (err) {
        if (!isUniqueViolation(err)) throw err;
        row = (await db.sandboxCallbackRequest.findUnique({ where }))!;
      }
      return { id: String(row.id), phoneNumber: row.phoneNumber, isEmergency: row.isEmergency, createdOn: row.createdAt };
    },
  };
}

export interface SandboxSeedInput {
  orgId: string;
  timeZone: string;
  /** Local date (YYYY-MM-DD) the seeded appointments are placed around. */
  today: string;
}

export interface SandboxCrm extends CrmProvider {
  /** Seeds the contractor once; a second call finds it seeded and changes nothing. */
  seed(input: SandboxSeedInput): Promise<{ seeded: boolean }>;
  /** Deletes everything the org's sandbox holds and seeds it afresh. */
  reset(input: SandboxSeedInput): Promise<void>;
}

export function createSandboxCrm(db: Db): SandboxCrm {
  const cache = new ReferenceCache();
  async function seedInto(tx: Prisma.TransactionClient, { orgId, timeZone, today }: SandboxSeedInput) {
    const reference: { kind: ReferenceKind; items: { id: string }[] }[] = [
      { kind: 'business_unit', items: SANDBOX_BUSINESS_UNITS },
      { kind: 'job_type', items: SANDBOX_JOB_TYPES },
      { kind: 'technician', items: SANDBOX_TECHNICIANS },
      { kind: 'arrival_window', items: SANDBOX_ARRIVAL_WINDOWS },
      { kind: 'zone', items: sandboxZones(timeZone) },
    ];
    await tx.sandboxReference.createMany({
      data: reference.flatMap(({ kind, items }) =>
        items.map((item, sortOrder) => ({ orgId, kind, id: item.id, sortOrder, data: item as unknown as Prisma.InputJsonValue })),
      ),
    });
    const zips = sandboxZones(timeZone).flatMap((z) => z.zipcodes);
    const country = countryFromTimezone(timeZone);
    for (const c of SANDBOX_CUSTOMERS) {
      const customer = await tx.sandboxCustomer.create({
        data: {
          orgId,
          name: c.name,
          type: c.type,
          doNotService: c.doNotService ?? false,
          contacts: [
            { type: 'Mobile', value: c.phone },
            { type: 'Email', value: c.email },
          ],
          phones: [c.phone],
        },
      });
      const location = await tx.sandboxLocation.create({
        data: { orgId, customerId: customer.id, name: 'Home', street: c.street, city: c.city, state: c.state, zip: zips[c.zipIndex], country },
      });
      for (const j of c.jobs) {
        const jobType = SANDBOX_JOB_TYPES.find((t) => t.id === j.jobTypeId)!;
        const job = await tx.sandboxJob.create({
          data: { orgId, customerId: customer.id, locationId: location.id, jobStatus: j.status, jobTypeId: j.jobTypeId, businessUnitId: j.businessUnitId, priority: 'Normal', summary: j.summary },
        });
        const start = zonedTimeToInstant(addDays(today, j.dayOffset), j.arrivalWindow, timeZone);
        await tx.sandboxAppointment.create({
          data: {
            orgId,
            jobId: job.id,
            customerId: customer.id,
            start,
            end: new Date(start.getTime() + jobType.duration * 1000),
            arrivalWindowStart: start,
            arrivalWindowEnd: new Date(start.getTime() + 2 * HOUR_MS),
            technicianIds: j.technicianIds,
            status: j.status === 'COMPLETED' ? 'Done' : 'Scheduled',
          },
        });
      }
    }
  }

  /** Lookups and the records around the seeded customers (memberships, equipment, estimates, telecom calls). */
  async function seedExtrasInto(tx: Prisma.TransactionClient, { orgId, timeZone, today }: SandboxSeedInput) {
    const technicianEmployees = SANDBOX_TECHNICIANS.map((t) => ({ id: t.id, name: t.name, email: t.email, phoneNumber: t.phoneNumber, role: 'Technician' }));
    const lookups: { kind: LookupKind; items: { id: string }[] }[] = [
      { kind: 'role', items: SANDBOX_ROLES },
      { kind: 'employee', items: [...SANDBOX_OFFICE_EMPLOYEES, ...technicianEmployees] },
      { kind: 'membership_type', items: SANDBOX_MEMBERSHIP_TYPES },
      { kind: 'job_cancel_reason', items: SANDBOX_JOB_CANCEL_REASONS },
      { kind: 'tag_type', items: SANDBOX_TAG_TYPES },
      { kind: 'call_reason', items: SANDBOX_CALL_REASONS },
      { kind: 'pricebook', items: SANDBOX_PRICEBOOK },
      { kind: 'recurring_service_type', items: SANDBOX_RECURRING_SERVICE_TYPES },
      { kind: 'campaign_category', items: SANDBOX_CAMPAIGN_CATEGORIES },
      { kind: 'report_category', items: SANDBOX_REPORT_CATEGORIES },
      { kind: 'report', items: SANDBOX_REPORTS },
    ];
    await tx.sandboxReference.createMany({
      data: lookups.flatMap(({ kind, items }) =>
        items.map((item, sortOrder) => ({ orgId, kind, id: item.id, sortOrder, data: JSON.parse(JSON.stringify(item)) as Prisma.InputJsonValue })),
      ),
    });
    const campaignIds: string[] = [];
    for (const c of SANDBOX_CAMPAIGNS) {
      const row = await tx.sandboxRecord.create({ data: { orgId, kind: 'campaign', data: { ...c, active: true } } });
      campaignIds.push(String(row.id));
    }
    const customers = await tx.sandboxCustomer.findMany({ where: { orgId }, orderBy: { id: 'asc' } });
    const locations = await tx.sandboxLocation.findMany({ where: { orgId }, orderBy: { id: 'asc' } });
    const jobs = await tx.sandboxJob.findMany({ where: { orgId }, orderBy: { id: 'asc' } });
    const businessUnits = SANDBOX_BUSINESS_UNITS;
    const noon = (daysAgo: number, minute: number) => zonedTimeToInstant(addDays(today, -daysAgo), `${String(9 + (minute % 8)).padStart(2, '0')}:${String((minute * 7) % 60).padStart(2, '0')}`, timeZone);
    const records: Prisma.SandboxRecordCreateManyInput[] = [];
    SANDBOX_CUSTOMER_EXTRAS.forEach((extra, n) => {
      const customer = customers[extra.customer];
      if (!customer) return;
      const customerId = String(customer.id);
      const location = locations.find((l) => l.customerId === customer.id);
      const job = jobs.find((j) => j.customerId === customer.id);
      for (const m of extra.memberships ?? []) records.push({ orgId, kind: 'membership', parentId: customerId, data: m });
      for (const e of extra.equipment ?? []) records.push({ orgId, kind: 'equipment', parentId: customerId, data: { ...e, locationId: location ? String(location.id) : '' } });
      for (const e of extra.estimates ?? []) {
        const data: EstimateData = {
          jobId: job ? String(job.id) : null,
          locationId: location ? String(location.id) : null,
          customerId,
          name: e.name,
          jobNumber: job ? `SB-${job.id}` : null,
          status: e.sold ? 'Sold' : 'Open',
          reviewStatus: 'None',
          summary: e.summary,
          soldOn: e.sold ? noon(3, n).toISOString() : null,
          soldBy: e.sold ? '2004' : null,
          active: true,
          items: e.items,
          tax: Math.round(e.items.reduce((s, i) => s + i.quantity * i.price, 0) * 0.0825 * 100) / 100,
          businessUnitId: e.businessUnitId,
          businessUnitName: businessUnits.find((b) => b.id === e.businessUnitId)?.name ?? null,
        };
        records.push({ orgId, kind: 'estimate', parentId: customerId, data: data as unknown as Prisma.InputJsonValue });
      }
      (extra.calls ?? []).forEach((c, i) => {
        const data: TelecomCallData = {
          receivedOn: noon(c.daysAgo, n + i).toISOString(),
          durationSeconds: c.minutes * 60 + 17 * (n + 1),
          from: customer.phones[0] ?? '',
          to: c.campaign === null ? '+15125550999' : SANDBOX_CAMPAIGNS[c.campaign].campaignPhoneNumbers[0],
          direction: 'Inbound',
          callType: c.reasonId === '601' ? 'Booked' : null,
          reasonId: c.reasonId,
          campaignId: c.campaign === null ? null : campaignIds[c.campaign],
          customerId,
          customerName: customer.name,
          agentId: '2003',
          jobId: null,
          excuseMemo: null,
          recorded: c.recorded,
        };
        records.push({ orgId, kind: 'telecom_call', parentId: customerId, data: data as unknown as Prisma.InputJsonValue });
      });
      if (extra.memberships?.some((m) => m.status === 'Active')) {
        records.push({ orgId, kind: 'recurring_event', parentId: customerId, data: { recurringServiceTypeId: '1101', date: addDays(today, 20), status: 'NotAttempted', jobId: null } });
      }
    });
    await tx.sandboxRecord.createMany({ data: records });
  }

  async function wipe(tx: Prisma.TransactionClient, orgId: string) {
    await tx.sandboxAppointment.deleteMany({ where: { orgId } });
    await tx.sandboxJob.deleteMany({ where: { orgId } });
    await tx.sandboxLocation.deleteMany({ where: { orgId } });
    await tx.sandboxCustomer.deleteMany({ where: { orgId } });
    await tx.sandboxBooking.deleteMany({ where: { orgId } });
    await tx.sandboxCallbackRequest.deleteMany({ where: { orgId } });
    await tx.sandboxReference.deleteMany({ where: { orgId } });
    await tx.sandboxRecord.deleteMany({ where: { orgId } });
  }

  // Serializes seeding per org so concurrent attempts (an activity retried while the first still runs) seed once.
  const lockOrg = (tx: Prisma.TransactionClient, orgId: string) => tx.$executeRaw`SELECT pg_advisory_xact_lock(hashtext(${`sandbox-crm:${orgId}`}))`;

  return {
    forOrganization: (orgId) => sandboxCrm(db, orgId, cache),

    async seed(input) {
      cache.drop(input.orgId);
      return db.$transaction(
        async (tx) => {
          await lockOrg(tx, input.orgId);
          if (await tx.sandboxReference.findFirst({ where: { orgId: input.orgId } })) {
            // A sandbox seeded before the lookups existed gets them now, once.
            if (await tx.sandboxReference.findFirst({ where: { orgId: input.orgId, kind: 'role' } })) return { seeded: false };
            await seedExtrasInto(tx, input);
            return { seeded: true };
          }
          await seedInto(tx, input);
          await seedExtrasInto(tx, input);
          return { seeded: true };
        },
        { timeout: 20_000 },
      );
    },

    async reset(input) {
      await db.$transaction(
        async (tx) => {
          await lockOrg(tx, input.orgId);
          await wipe(tx, input.orgId);
          await seedInto(tx, input);
          await seedExtrasInto(tx, input);
        },
        { timeout: 20_000 },
      );
      cache.drop(input.orgId);
    },
  };
}
