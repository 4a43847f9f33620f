import { z } from 'zod';
import { queryDate, queryList } from './crm-route';
import { AppointmentInputSchema } from './jobs.schema';

const APPOINTMENT_STATUSES = ['Scheduled', 'Dispatched', 'Working', 'Hold', 'Done', 'Canceled'] as const;

/** Spec 000 §5: jobId, customerId, technicianId, or both from and to. */
export const APPOINTMENT_QUERY_MESSAGE = "Either jobId or both 'from' and 'to' must be provided";
export const AppointmentQuerySchema = z.object({
  from: queryDate('from'),
  to: queryDate('to'),
  jobId: z.string().trim().min(1).optional(),
  customerId: z.string().trim().min(1).optional(),
  technicianId: z.string().trim().min(1).optional(),
  status: queryList.pipe(z.array(z.enum(APPOINTMENT_STATUSES, 'status must be Scheduled, Dispatched, Working, Hold, Done or Canceled')).optional()),
});

export const AddAppointmentBodySchema = z.intersection(
  z.object({ jobId: z.coerce.string('jobId is required').min(1, 'jobId is required') }),
  AppointmentInputSchema,
);

const instant = (name: string) =>
  z
    .string(`${name} must be a date and time`)
    .refine((v) => !Number.isNaN(Date.parse(v)), `${name} must be a date and time`)
    .transform((v) => new Date(v));

export const RescheduleBodySchema = z.object({ start: instant('start'), end: instant('end') }).refine((b) => b.end > b.start, 'end must be after start');

export const SpecialInstructionsBodySchema = z.object({ instructions: z.string('instructions is required') });

export const TechnicianCapacityBodySchema = z.object({
  windows: z.array(z.object({ from: instant('from'), to: instant('to') }), 'windows is required').min(1, 'windows must have at least 1 window'),
  technicianIds: z.array(z.coerce.string(), 'technicianIds is required').min(1, 'technicianIds must have at least 1 technician'),
  /** Seconds. */
  duration: z.number('duration must be a number of seconds').int('duration must be a number of seconds').positive('duration must be a number of seconds'),
  appointmentStartTime: instant('appointmentStartTime').optional(),
});

export const TechnicianShiftQuerySchema = z.object({ from: queryDate('from'), to: queryDate('to') });

const bothDates = (b: { startsOnOrAfter: unknown; endsOnOrBefore: unknown }) => b.startsOnOrAfter instanceof Date && b.endsOnOrBefore instanceof Date;

/** Free-form (spec 000 §7); these are the fields the sandbox and ServiceTitan read. */
export const CapacityPlanningBodySchema = z
  .object({
    startsOnOrAfter: instant('startsOnOrAfter'),
    endsOnOrBefore: instant('endsOnOrBefore'),
    businessUnitIds: z.array(z.coerce.string()).optional(),
    jobTypeId: z.coerce.string().optional(),
    skillBasedAvailability: z.boolean().optional(),
  })
  .loose()
  // Zod runs these even when a date above failed (and was not transformed): compare only two dates.
  .refine((b) => !bothDates(b) || b.endsOnOrBefore > b.startsOnOrAfter, 'endsOnOrBefore must be after startsOnOrAfter')
  .refine((b) => !bothDates(b) || b.endsOnOrBefore.getTime() - b.startsOnOrAfter.getTime() <= 31 * 86_400_000, 'A capacity plan covers at most 31 days');
