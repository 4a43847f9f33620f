import type { Db } from '../../../../prisma/client';
import { CrmError } from '../../crm.port';
import { pageBounds } from './sandbox-records';
import { type AppointmentRow, toAppointment, numericId } from './sandbox-rows';
import { type SandboxContext } from './sandbox-context';
import { type CrmAppointmentsPort } from '../../crm.port';

/** The appointments part of the CRM port over the sandbox. */
export function sandboxAppointments(db: Db, orgId: string, context: SandboxContext) {
  const { optionalId, jobOrThrow, setConfirmed } = context;
  return {
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

    async rescheduleAppointment(appointmentId, start, end) {
      const id = numericId(appointmentId, 'Appointment');
      const { count } = await db.sandboxAppointment.updateMany({
        where: { orgId, id },
        data: { start, end, arrivalWindowStart: start, arrivalWindowEnd: end },
      });
      if (count === 0) throw new CrmError('NOT_FOUND', `Appointment ${appointmentId} not found`);
      return toAppointment((await db.sandboxAppointment.findUnique({ where: { id } }))!);
    },
  } satisfies Partial<CrmAppointmentsPort>;
}
