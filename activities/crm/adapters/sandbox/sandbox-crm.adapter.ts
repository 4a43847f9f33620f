import type { Db } from '../../../../prisma/client';
import { Prisma } from '../../../../prisma/client';
import { addDays, weekdayOf } from '../../../../lib/time/calendar';
import { toZonedParts, zonedTimeToInstant } from '../../../../lib/time/zoned-time';
import { countryFromTimezone } from '../../../../lib/validation/country';
import { normalizePhoneNumber } from '../../../../lib/validation/phone';
import {
  CrmError,
  type Appointment,
  type ArrivalWindow,
  type BusinessUnit,
  type Contact,
  type CrmPort,
  type CrmProvider,
  type Customer,
  type CustomerLocation,
  type Job,
  type JobType,
  type Technician,
  type TechnicianShift,
  type Zone,
} from '../../crm.port';
import {
  SANDBOX_ARRIVAL_WINDOWS,
  SANDBOX_BUSINESS_UNITS,
  SANDBOX_CUSTOMERS,
  SANDBOX_JOB_TYPES,
  SANDBOX_TECHNICIANS,
  sandboxZones,
  type SandboxTechnicianData,
} from './sandbox-seed';

type ReferenceKind = 'business_unit' | 'job_type' | 'technician' | 'arrival_window' | 'zone';

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

function sandboxCrm(db: Db, orgId: string): CrmPort {
  async function reference<T>(kind: ReferenceKind): Promise<T[]> {
    const rows = await db.sandboxReference.findMany({ where: { orgId, kind }, orderBy: { sortOrder: 'asc' } });
    return rows.map((r) => r.data as T);
  }

  async function customersWithLocations(rows: CustomerRow[]): Promise<Customer[]> {
    const locations = await db.sandboxLocation.findMany({ where: { orgId, customerId: { in: rows.map((r) => r.id) } }, orderBy: { id: 'asc' } });
    return rows.map((r) => toCustomer(r, locations));
  }

  async function jobsWithAppointments(rows: JobRow[]): Promise<Job[]> {
    const appointments = await db.sandboxAppointment.findMany({ where: { orgId, jobId: { in: rows.map((r) => r.id) } }, orderBy: { start: 'asc' } });
    return rows.map((r) => toJob(r, appointments));
  }

  return {
    async findCustomersByPhone(phoneNumber) {
      const phone = normalizePhoneNumber(phoneNumber);
      if (!phone) return [];
      const rows = await db.sandboxCustomer.findMany({ where: { orgId, phones: { has: phone } }, orderBy: { id: 'asc' } });
      return customersWithLocations(rows);
    },

    async getCustomer(customerId) {
      const row = await db.sandboxCustomer.findFirst({ where: { orgId, id: numericId(customerId, 'Customer') } });
      return row ? (await customersWithLocations([row]))[0] : null;
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
      return techs.filter((t) => t.active).flatMap((t) => expandWeeklyShifts(t, range.from, range.to, timeZone));
    },

    async listAppointments(range) {
      const rows = await db.sandboxAppointment.findMany({
        where: { orgId, start: { lt: range.to }, end: { gt: range.from }, status: { not: 'Canceled' } },
        orderBy: { start: 'asc' },
      });
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

    async cancelJob(jobId, reason) {
      const id = numericId(jobId, 'Job');
      const job = await db.$transaction(async (tx) => {
        const { count } = await tx.sandboxJob.updateMany({ where: { orgId, id }, data: { jobStatus: 'CANCELED', cancelReason: reason } });
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

  async function wipe(tx: Prisma.TransactionClient, orgId: string) {
    await tx.sandboxAppointment.deleteMany({ where: { orgId } });
    await tx.sandboxJob.deleteMany({ where: { orgId } });
    await tx.sandboxLocation.deleteMany({ where: { orgId } });
    await tx.sandboxCustomer.deleteMany({ where: { orgId } });
    await tx.sandboxBooking.deleteMany({ where: { orgId } });
    await tx.sandboxCallbackRequest.deleteMany({ where: { orgId } });
    await tx.sandboxReference.deleteMany({ where: { orgId } });
  }

  // Serializes seeding per org so concurrent attempts (an activity retried while the first still runs) seed once.
  const lockOrg = (tx: Prisma.TransactionClient, orgId: string) => tx.$executeRaw`SELECT pg_advisory_xact_lock(hashtext(${`sandbox-crm:${orgId}`}))`;

  return {
    forOrganization: (orgId) => sandboxCrm(db, orgId),

    async seed(input) {
      return db.$transaction(
        async (tx) => {
          await lockOrg(tx, input.orgId);
          if (await tx.sandboxReference.findFirst({ where: { orgId: input.orgId } })) return { seeded: false };
          await seedInto(tx, input);
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
        },
        { timeout: 20_000 },
      );
    },
  };
}
