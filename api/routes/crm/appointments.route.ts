import { z } from 'zod';
import { CrmError } from '../../../activities/crm/crm.port';
import { WidgetArrivalWindowSchema } from '../../../domain/contracts/widget.contract';
import { badRequest, notFound } from '../../http/errors';
import { AppointmentSchema, LooseListSchema } from './crm.schema';
import { ChangedSchema, IdParam, crmRoute } from './crm-route';
import {
  APPOINTMENT_QUERY_MESSAGE,
  AddAppointmentBodySchema,
  AppointmentQuerySchema,
  CapacityPlanningBodySchema,
  RescheduleBodySchema,
  SpecialInstructionsBodySchema,
  TechnicianCapacityBodySchema,
  TechnicianShiftQuerySchema,
} from './appointments.schema';

const DAY_MS = 86_400_000;

export const listAppointmentsRoute = crmRoute({
  method: 'get',
  path: '/crm/appointments',
  summary: 'Appointments of a job, customer or technician, or in a date range',
  query: AppointmentQuerySchema.shape,
  response: z.array(AppointmentSchema),
  description: 'Appointments, earliest first',
  run: ({ crm, query }) => {
    if (!query.jobId && !query.customerId && !query.technicianId && !(query.from && query.to)) throw badRequest(APPOINTMENT_QUERY_MESSAGE);
    return crm.findAppointments(query);
  },
});

export const getAppointmentRoute = crmRoute({
  method: 'get',
  path: '/crm/appointments/:appointmentId',
  summary: 'One appointment',
  params: IdParam('appointmentId'),
  response: AppointmentSchema,
  description: 'The appointment',
  run: async ({ crm, params }) => {
    const appointment = await crm.getAppointment(params.appointmentId);
    if (!appointment) throw notFound(`Appointment ${params.appointmentId} not found`);
    return appointment;
  },
});

export const addAppointmentRoute = crmRoute({
  method: 'post',
  path: '/crm/appointments',
  summary: 'Add an appointment to a job',
  body: AddAppointmentBodySchema,
  response: AppointmentSchema,
  status: 201,
  description: 'The appointment',
  run: ({ crm, body }) => crm.addAppointment(body),
});

export const rescheduleAppointmentRoute = crmRoute({
  method: 'post',
  path: '/crm/appointments/:appointmentId/reschedule',
  summary: 'Move an appointment',
  params: IdParam('appointmentId'),
  body: RescheduleBodySchema,
  response: AppointmentSchema,
  description: 'The moved appointment',
  run: ({ crm, params, body }) => crm.rescheduleAppointment(params.appointmentId, body.start, body.end),
});

export const deleteAppointmentRoute = crmRoute({
  method: 'delete',
  path: '/crm/appointments/:appointmentId',
  summary: 'Delete an appointment',
  params: IdParam('appointmentId'),
  response: z.boolean(),
  description: 'true when an appointment was deleted, false when there was none',
  run: ({ crm, params }) => crm.deleteAppointment(params.appointmentId),
});

export const confirmAppointmentRoute = crmRoute({
  method: 'put',
  path: '/crm/appointments/:appointmentId/confirm',
  summary: 'Confirm an appointment (spec 000 §4)',
  params: IdParam('appointmentId'),
  response: ChangedSchema,
  description: 'changed: whether it was unconfirmed before',
  run: ({ crm, params }) => crm.confirmAppointment(params.appointmentId),
});

export const unconfirmAppointmentRoute = crmRoute({
  method: 'delete',
  path: '/crm/appointments/:appointmentId/confirm',
  summary: 'Unconfirm an appointment (spec 000 §4)',
  params: IdParam('appointmentId'),
  response: ChangedSchema,
  description: 'changed: whether it was confirmed before',
  run: ({ crm, params }) => crm.unconfirmAppointment(params.appointmentId),
});

export const specialInstructionsRoute = crmRoute({
  method: 'post',
  path: '/crm/appointments/:appointmentId/special-instructions',
  summary: "Set an appointment's special instructions",
  params: IdParam('appointmentId'),
  body: SpecialInstructionsBodySchema,
  response: AppointmentSchema,
  description: 'The appointment',
  run: ({ crm, params, body }) => crm.setAppointmentSpecialInstructions(params.appointmentId, body.instructions),
});

export const technicianCapacityRoute = crmRoute({
  method: 'post',
  path: '/crm/technician-capacity',
  summary: "Technicians' free stretches long enough for a job inside the windows",
  body: TechnicianCapacityBodySchema,
  response: z.array(z.object({ start: z.string(), end: z.string(), technicianId: z.string() })),
  description: '[{start, end, technicianId}]',
  run: ({ crm, org, body }) =>
    crm.technicianCapacity({
      windows: body.windows,
      technicianIds: body.technicianIds,
      durationSeconds: body.duration,
      appointmentStartTime: body.appointmentStartTime,
      timeZone: org.timezone,
    }),
});

export const technicianShiftsRoute = crmRoute({
  method: 'get',
  path: '/crm/technician-shifts',
  summary: 'Technician shifts in a range (default: the next 7 days)',
  query: TechnicianShiftQuerySchema.shape,
  response: z.array(z.looseObject({ id: z.string(), start: z.string(), end: z.string(), shiftType: z.string(), active: z.boolean() })),
  description: '[{id, start, end, shiftType, active}]',
  run: ({ crm, org, query }) => {
    const from = query.from ?? new Date();
    const to = query.to ?? new Date(from.getTime() + 7 * DAY_MS);
    if (to <= from) throw badRequest("'to' must be after 'from'");
    if (to.getTime() - from.getTime() > 31 * DAY_MS) throw badRequest('A shift query covers at most 31 days');
    return crm.listTechnicianShifts({ from, to }, org.timezone);
  },
});

export const capacityPlanningRoute = crmRoute({
  method: 'post',
  path: '/crm/capacity-planning',
  summary: 'Capacity by arrival window, with how full each is',
  body: CapacityPlanningBodySchema,
  response: z.object({
    availabilities: z.array(z.looseObject({ start: z.string(), end: z.string(), percentageFull: z.number(), isAvailable: z.boolean() })),
    percentage: z.array(z.number()),
  }),
  description: 'Capacity slots and their percentage full',
  run: async ({ crm, org, body }) => {
    const slots = await crm.capacityPlanning({ ...body, timeZone: org.timezone });
    return { availabilities: slots, percentage: slots.map((s) => s.percentageFull) };
  },
});

export const arrivalWindowsRoute = crmRoute({
  method: 'get',
  path: '/crm/arrival-windows',
  summary: "The CRM's arrival windows, with the names of their business units (001 §2.6, the widget configuration screen)",
  response: z.array(WidgetArrivalWindowSchema),
  description: '[{id, start, duration, businessUnitIds, active, businessUnitNames}]: start and duration are HH:mm in the org timezone',
  run: async ({ crm }) => {
    const [windows, units] = await Promise.all([
      crm.listArrivalWindows(),
      // A CRM without business units (Housecall Pro) still has windows: they are named by no unit.
      crm.listBusinessUnits().catch((err: unknown) => {
        if (err instanceof CrmError && err.code === 'UNSUPPORTED') return [];
        throw err;
      }),
    ]);
    const names = new Map(units.map((u) => [u.id, u.name]));
    return windows.map((w) => ({ ...w, businessUnitNames: w.businessUnitIds.flatMap((id) => names.get(id) ?? []) }));
  },
});

export const zonesRoute = crmRoute({
  method: 'get',
  path: '/crm/zones',
  summary: 'Service zones by zip code',
  response: LooseListSchema,
  description: '[{id, name, zipcodes, businessUnitIds, technicianIds}]',
  run: ({ crm }) => crm.listZones(),
});

export const APPOINTMENT_ROUTES = [
  listAppointmentsRoute,
  getAppointmentRoute,
  addAppointmentRoute,
  rescheduleAppointmentRoute,
  deleteAppointmentRoute,
  confirmAppointmentRoute,
  unconfirmAppointmentRoute,
  specialInstructionsRoute,
  technicianCapacityRoute,
  technicianShiftsRoute,
  capacityPlanningRoute,
  arrivalWindowsRoute,
  zonesRoute,
];
