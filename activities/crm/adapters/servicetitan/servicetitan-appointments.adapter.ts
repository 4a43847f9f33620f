import { CrmError } from '../../crm.port';
import { numericId } from './servicetitan-ids';
import type { ServiceTitanClient } from './servicetitan-client';
import { StAppointmentSchema } from './servicetitan.types';
import { type AppointmentStatus } from '../../../../domain/crm/crm-records';
import { type ServiceTitanContext } from './servicetitan-context';
import { type CrmAppointmentsPort } from '../../crm.port';

/** The appointments part of the CRM port over ServiceTitan. */
export function serviceTitanAppointments(client: ServiceTitanClient, context: ServiceTitanContext) {
  const { parse, appointmentsWithTechnicians, getAppointment, requireAppointment, setConfirmation, appointmentsIn } = context;
  return {
    listAppointments: (range) => appointmentsIn(range),

    getAppointment,

    async rescheduleAppointment(appointmentId, start, end) {
      const id = numericId(appointmentId, 'Appointment');
      await client.write('PATCH', 'jpm', `appointments/${id}/reschedule`, { start: start.toISOString(), end: end.toISOString() });
      return requireAppointment(appointmentId);
    },

    confirmAppointment: (appointmentId) => setConfirmation(appointmentId, true),

    unconfirmAppointment: (appointmentId) => setConfirmation(appointmentId, false),

    async findAppointments(query) {
      const rows = await client.listAll(
        'jpm',
        'appointments',
        StAppointmentSchema,
        {
          jobId: query.jobId ? numericId(query.jobId, 'Job') : undefined,
          customerId: query.customerId ? numericId(query.customerId, 'Customer') : undefined,
          technicianId: query.technicianId ? numericId(query.technicianId, 'Technician') : undefined,
          startsOnOrAfter: query.from,
          startsBefore: query.to,
        },
        { maxItems: query.pageSize ?? 500 },
      );
      const wanted = query.status?.length ? rows.filter((a) => query.status!.includes(a.status as AppointmentStatus)) : rows;
      return appointmentsWithTechnicians(wanted);
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
  } satisfies Partial<CrmAppointmentsPort>;
}
