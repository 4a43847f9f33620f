import { CrmError } from '../../crm.port';
import type { HousecallProClient } from './housecallpro-client';
import { HcpJobSchema, type HcpJob } from './housecallpro.types';
import { type Appointment } from '../../../../domain/crm/crm-records';
import { HOUR_MS, toAppointment } from './housecallpro-mapping';
import { type HousecallProContext } from './housecallpro-context';
import { type CrmAppointmentsPort } from '../../crm.port';

/** The appointments part of the CRM port over Housecall Pro. */
export function housecallProAppointments(client: HousecallProClient, context: HousecallProContext) {
  const { rawJob, requireRawJob, getJob } = context;
  return {
    async listAppointments(range) {
      const jobs = await client.listAll('jobs', 'jobs', HcpJobSchema, {
        scheduled_start_min: new Date(range.from.getTime() - 24 * HOUR_MS),
        scheduled_start_max: range.to,
      });
      return jobs.map(toAppointment).filter((a): a is Appointment => a !== null && a.status !== 'Canceled' && a.start < range.to && a.end > range.from);
    },

    async getAppointment(appointmentId) {
      const job = await getJob(appointmentId);
      return job?.appointments[0] ?? null;
    },

    async rescheduleAppointment(appointmentId, start, end) {
      const job = await getJob(appointmentId);
      if (!job) throw new CrmError('NOT_FOUND', `Appointment ${appointmentId} not found`);
      const previous = job.appointments[0];
      const windowMinutes =
        previous?.arrivalWindowEnd && previous.arrivalWindowStart ? (previous.arrivalWindowEnd.getTime() - previous.arrivalWindowStart.getTime()) / 60_000 : 0;
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
      const window =
        input.arrivalWindowStart && input.arrivalWindowEnd ? Math.round((input.arrivalWindowEnd.getTime() - input.arrivalWindowStart.getTime()) / 60_000) : 0;
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
  } satisfies Partial<CrmAppointmentsPort>;
}
