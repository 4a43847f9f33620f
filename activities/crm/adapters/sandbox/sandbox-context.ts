import type { Db } from '../../../../prisma/client';
import { Prisma } from '../../../../prisma/client';
import { CrmError } from '../../crm.port';
import { sandboxRecords } from './sandbox-records';
import { type Appointment, type Customer, type Job, type TechnicianShift, type Booking } from '../../../../domain/crm/crm-records';
import { type ReferenceKind, type CustomerRow, type JobRow, HOUR_MS, toCustomer, toJob, numericId, ReferenceCache } from './sandbox-rows';

/** What several of the the sandbox sub-port adapters share: reads and helpers over one organization's sandbox rows. */
export function sandboxContext(db: Db, orgId: string, cache: ReferenceCache) {
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
    reference,
    customersWithLocations,
    jobsWithAppointments,
    recordsOf,
    addRecord,
    records,
    optionalId,
    idList,
    jobOrThrow,
    setConfirmed,
    toBooking,
    freeStretches,
    overlapHours,
  };
}

export type SandboxContext = ReturnType<typeof sandboxContext>;
