import { Prisma } from '../../../../prisma/client';
import { addDays, weekdayOf } from '../../../../domain/time/calendar';
import { toZonedParts, zonedTimeToInstant } from '../../../../domain/time/zoned-time';
import { CrmError } from '../../crm.port';
import { type LookupKind } from './sandbox-records';
import { type SandboxTechnicianData } from './sandbox-seed';
import { type Appointment, type Contact, type Customer, type CustomerLocation, type Job, type TechnicianShift } from '../../../../domain/crm/crm-records';

export type ReferenceKind = 'business_unit' | 'job_type' | 'technician' | 'arrival_window' | 'zone' | LookupKind;

export type CustomerRow = Prisma.SandboxCustomerGetPayload<object>;
export type LocationRow = Prisma.SandboxLocationGetPayload<object>;
export type JobRow = Prisma.SandboxJobGetPayload<object>;
export type AppointmentRow = Prisma.SandboxAppointmentGetPayload<object>;

export const HOUR_MS = 3_600_000;

export function toLocation(row: LocationRow): CustomerLocation {
  return {
    id: String(row.id),
    customerId: String(row.customerId),
    name: row.name,
    address: { street: row.street, unit: row.unit ?? undefined, city: row.city, state: row.state, zip: row.zip, country: row.country },
  };
}

export function toCustomer(row: CustomerRow, locations: LocationRow[]): Customer {
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

export function toAppointment(row: AppointmentRow): Appointment {
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

export function toJob(row: JobRow, appointments: AppointmentRow[]): Job {
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

export function numericId(id: string, what: string): number {
  const n = Number(id);
  if (!Number.isInteger(n) || n <= 0 || n > 2_147_483_647) throw new CrmError('NOT_FOUND', `${what} ${id} not found`);
  return n;
}

export const isUniqueViolation = (err: unknown) => err instanceof Prisma.PrismaClientKnownRequestError && err.code === 'P2002';

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
 * (the "read-mostly CRM data is cached"). Entries are per org and kind; seed and reset drop the org's.
 */
export class ReferenceCache {
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
