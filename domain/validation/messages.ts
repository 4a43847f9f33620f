import { z } from 'zod';
import { isValidCalendarDate } from '../time/calendar';

/** The exact validation messages of spec 000 §5 and §8 that are not tied to one schema below. */
export const VALIDATION_MESSAGES = {
  workflowIdRequired: 'Workflow ID is required',
  atLeastOneQueryParameter: 'At least one query parameter must be provided.',
  appointmentsQueryFilter: "Either jobId or both 'from' and 'to' must be provided",
  businessUnitOrJobType: 'At least one of businessUnitId or jobTypeId must be provided',
} as const;

const INVALID_EMAIL = 'Invalid email format';

export const EmailSchema = z.email(INVALID_EMAIL);

/** Organization e-mails (office_email, cc_emails, admin_emails): an e-mail or the empty string. */
export const OrganizationEmailSchema = z.string(INVALID_EMAIL).refine((value) => value === '' || EmailSchema.safeParse(value).success, INVALID_EMAIL);

/** On-call dates and holidays: a real calendar date, so 2026-02-30 is refused too. */
export const CalendarDateSchema = z.string('Must be YYYY-MM-DD format').refine(isValidCalendarDate, 'Must be YYYY-MM-DD format');

export const HolidaysSchema = z.array(CalendarDateSchema);

/** The on-call schedule's month key. */
export const MonthKeySchema = z.string('Must be YYYY-MM format').regex(/^\d{4}-(0[1-9]|1[0-2])$/, 'Must be YYYY-MM format');

export const DefaultTimeBufferSchema = z.number().min(0, 'Default time buffer must be non-negative');

export const TIME_BUFFER_UNITS = ['days', 'hours'] as const;
export type TimeBufferUnit = (typeof TIME_BUFFER_UNITS)[number];
const MAX_TIME_BUFFER_HOURS = 8760;

export function timeBufferHours(buffer: { value: number; unit: TimeBufferUnit }): number {
  return buffer.unit === 'days' ? buffer.value * 24 : buffer.value;
}

/**
 * A priority-based time buffer. The cap is 8760 hours whatever the unit, so 365 days is the most a
 * buffer in days may hold (spec 000 §5, §9).
 */
export const TimeBufferSchema = z
  .object({ value: z.number().min(0, 'Time buffer value must be non-negative'), unit: z.enum(TIME_BUFFER_UNITS) })
  .refine((buffer) => timeBufferHours(buffer) <= MAX_TIME_BUFFER_HOURS, {
    message: 'Time buffer cannot exceed 8760 hours (1 year)',
    path: ['value'],
  });
export type TimeBuffer = z.infer<typeof TimeBufferSchema>;

export const TransferToolNameSchema = z.string().regex(/^[a-zA-Z0-9_-]{1,64}$/, 'Must contain only a-z, A-Z, 0-9, underscores, or dashes (max 64 chars)');

/** Spec 000 §9 limits; the spec gives no message for them. */
export const CustomToolTimeoutMsSchema = z.number().int().min(1000).max(600_000);
export const ResponsivenessSchema = z.number().min(0.9).max(1);
export const InterruptionSensitivitySchema = z.number().min(0.6).max(0.9);

export const AvgJobRevenueSchema = z.number().min(0, 'Average job revenue must be non-negative');

/** crm_config of an organization on {crm_b}, Housecall Pro here (spec README, spec 000 §3 and §5). */
export const HousecallProConfigSchema = z.object({
  appKey: z.string('App Key is required').min(1, 'App Key is required'),
  agentId: z.string('Housecall Pro Agent ID is required').min(1, 'Housecall Pro Agent ID is required'),
  defaultEmployeeId: z.string().min(1, 'Default Employee ID is required').optional(),
});
export type HousecallProConfig = z.infer<typeof HousecallProConfigSchema>;
