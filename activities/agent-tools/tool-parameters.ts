import { z } from 'zod';
import { normalizePhoneNumber } from '../../domain/validation/phone';
import { normalizeZipCode, ZIP_CODE_MESSAGE } from '../../domain/validation/zip-code';

/**
 * Zod compiles a schema on its first parse, which costs more than the parse, so each tool reuses the schema
 * built for its country and variant instead of building one per call (schemas are immutable).
 */
function perVariant<A extends (string | boolean)[], S>(build: (...args: A) => S): (...args: A) => S {
  const built = new Map<string, S>();
  return (...args) => {
    const key = args.join('|');
    let schema = built.get(key);
    if (!schema) built.set(key, (schema = build(...args)));
    return schema;
  };
}

// Voice platforms send what the model produced: numbers and booleans sometimes arrive as strings.
const bool = (message: string) => z.preprocess((v) => (v === 'true' ? true : v === 'false' ? false : v), z.boolean(message));
const text = (message: string) => z.string(message).trim().min(1, message);

export const LOCAL_DATE_TIME = /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}(:\d{2}(\.\d{1,3})?)?$/;
const localDateTime = (name: string) =>
  z
    .string(`${name} must be a date and time like 2026-03-03T10:00:00, without a time zone.`)
    .trim()
    .regex(LOCAL_DATE_TIME, `${name} must be a date and time like 2026-03-03T10:00:00, without a time zone.`);

/** Normalised with the organisation's country (spec 000 §5 "Phone normalization"): an AU org's 04… is +614…. */
const phone = (name: string, country: string) =>
  z
    .preprocess((v) => (typeof v === 'number' ? String(v) : v), z.string(`Please ask the caller for their phone number (${name}).`))
    .transform((v, ctx) => {
      const normalized = normalizePhoneNumber(v, country);
      if (normalized.replace(/\D/g, '').length < 10) {
        ctx.addIssue({ code: 'custom', message: `Please ask the caller for their phone number (${name}).` });
        return z.NEVER;
      }
      return normalized;
    });

/** A zip code checked against the org's country; the spec's message when missing or wrong (000 §5). */
export const zipFor = (country: string) =>
  z.preprocess(
    (v) => (typeof v === 'number' ? String(v) : v),
    z.string(ZIP_CODE_MESSAGE).transform((v, ctx) => {
      const r = normalizeZipCode(v, country);
      if (r.ok) return r.value;
      ctx.addIssue({ code: 'custom', message: r.message });
      return z.NEVER;
    }),
  );

const numericString = (name: string) =>
  z.preprocess(
    (v) => (typeof v === 'number' ? String(v) : v),
    z.string(`${name} must be a numeric string.`).trim().regex(/^\d+$/, `${name} must be a numeric string.`),
  );

export const checkCustomerArgsSchema = perVariant((country: string) => z.object({ phoneNumber: phone('phoneNumber', country) }));

export const checkAddressArgsSchema = perVariant((country: string) =>
  z.object({
    previouslyCalled: bool('previouslyCalled must be true or false.'),
    zipcode: zipFor(country).optional(),
    streetNumber: z.preprocess((v) => (typeof v === 'number' ? String(v) : v), z.string().optional()),
    streetName: z.string().optional(),
    city: z.string().optional(),
  }),
);

/** Spec 000 §5 "get_capacity parameter rules"; the zones variant adds zipcode, the trades variant trade. */
export const getCapacityArgsSchema = perVariant((country: string, variant: 'default' | 'zones' | 'trades') =>
  z.object({
    time_to_check: localDateTime('time_to_check'),
    job_type_id: numericString('job_type_id'),
    business_unit: numericString('business_unit'),
    priority: z.preprocess(
      (v) => (typeof v === 'string' && v.trim() !== '' ? Number(v) : v),
      z
        .number('priority must be a whole number from 1 to 5, or 0 if none.')
        .int('priority must be a whole number from 1 to 5, or 0 if none.')
        .min(0, 'priority must be a whole number from 1 to 5, or 0 if none.')
        .max(5, 'priority must be a whole number from 1 to 5, or 0 if none.'),
    ),
    execution_message: z.string('execution_message is required.'),
    zipcode: variant === 'zones' ? zipFor(country) : zipFor(country).optional(),
    trade: variant === 'trades' ? text('trade is required.') : z.string().optional(),
  }),
);

export const jobBookingArgsSchema = perVariant((country: string) =>
  z.object({
    appointment_time: localDateTime('appointment_time'),
    job_type_id: numericString('job_type_id'),
    business_unit_id: numericString('business_unit_id'),
    address: text('Please ask the caller for the service address.'),
    is_emergency_slot: bool('is_emergency_slot must be true or false.'),
    full_name: text('Please ask the caller for their full name.'),
    phone_number: phone('phone_number', country),
    zip: zipFor(country).optional(),
  }),
);

export const callbackRequestArgsSchema = perVariant((country: string) =>
  z.object({
    is_emergency_callback: bool('is_emergency_callback must be true or false.'),
    phone_number: phone('phone_number', country),
  }),
);

const idString = (name: string) =>
  z.preprocess((v) => (typeof v === 'number' ? String(v) : v), z.string(`${name} is required.`).trim().min(1, `${name} is required.`));

/** Spec 000 §5: job_id joins the cancel and reschedule parameters under full_reschedule_and_cancel. */
const jobIdFor = (requireJobId: boolean) =>
  requireJobId ? idString('job_id') : z.preprocess((v) => (typeof v === 'number' ? String(v) : v === '' ? undefined : v), z.string().trim().min(1).optional());

export const confirmAppointmentArgsSchema = z.object({ appointmentId: idString('appointmentId') });

export const jobCancelArgsSchema = perVariant((country: string, requireJobId: boolean) =>
  z.object({
    appointment_time: localDateTime('appointment_time'),
    address: text('Please ask the caller for the service address.'),
    job_id: jobIdFor(requireJobId),
    zip: zipFor(country).optional(),
  }),
);

export const jobRescheduleArgsSchema = perVariant((country: string, requireJobId: boolean) =>
  z.object({
    new_appointment_time: localDateTime('new_appointment_time'),
    original_appointment_time: localDateTime('original_appointment_time'),
    address: text('Please ask the caller for the service address.'),
    job_id: jobIdFor(requireJobId),
    zip: zipFor(country).optional(),
  }),
);

export const getJobsArgsSchema = perVariant((country: string) => z.object({ phone_number: phone('phone_number', country) }));

export const UpdateEstimateArgsSchema = z.object({
  estimate_id: idString('estimate_id'),
  status: z.preprocess((v) => (typeof v === 'string' ? v.trim().toLowerCase() : v), z.enum(['sold', 'unsold'], 'status must be sold or unsold.')),
});
