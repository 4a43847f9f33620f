import { z } from 'zod';
import { CrmError } from '../../crm.port';
import { parseVendorShape } from '../http/vendor-http';
import { numericId } from './servicetitan-ids';
import type { ServiceTitanClient } from './servicetitan-client';
import type { ServiceTitanConfig } from './servicetitan.config';
import {
  StAppointmentAssignmentSchema,
  StAppointmentSchema,
  StContactSchema,
  StEstimateSchema,
  StJobSchema,
  StLocationSchema,
  StTechnicianShiftSchema,
  type StAppointment,
  type StCustomer,
  type StJob,
} from './servicetitan.types';
import {
  type Appointment,
  type Contact,
  type DateRange,
  type Customer,
  type Estimate,
  type Job,
  type TechnicianShift,
} from '../../../../domain/crm/crm-records';
import { toLocation, toContact, toAppointment, toJob, toEstimate } from './servicetitan-mapping';

/** What several of the ServiceTitan sub-port adapters share: reads and helpers over one tenant. */
export function serviceTitanContext(client: ServiceTitanClient, config: Pick<ServiceTitanConfig, 'bookingProviderId' | 'campaignId'>) {
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
    return jobs.map((j) =>
      toJob(
        j,
        appointments.filter((a) => a.jobId === String(j.id)),
      ),
    );
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
      .map((s): TechnicianShift => ({
        id: String(s.id),
        technicianId: String(s.technicianId),
        start: new Date(s.start),
        end: new Date(s.end),
        shiftType: s.shiftType === 'OnCall' || s.shiftType === 'TimeOff' ? s.shiftType : 'Normal',
        active: s.active ?? true,
      }))
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

  return {
    parse,
    customerDetails,
    assignments,
    appointmentsWithTechnicians,
    jobsWithAppointments,
    getJob,
    getAppointment,
    requireAppointment,
    setConfirmation,
    getEstimate,
    requireEstimate,
    technicianShifts,
    appointmentsIn,
    ofCustomer,
    contactsOf,
    bookingsPath,
  };
}

export type ServiceTitanContext = ReturnType<typeof serviceTitanContext>;
