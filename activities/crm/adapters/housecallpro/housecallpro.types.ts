import { z } from 'zod';

// The parts of Housecall Pro's public API answers the adapter reads. Ids are prefixed strings
// (cus_…, adr_…, job_…, pro_…); timestamps are ISO strings.

export const HcpAddressSchema = z.object({
  id: z.string(),
  type: z.string().nullish(),
  street: z.string().nullish(),
  street_line_2: z.string().nullish(),
  city: z.string().nullish(),
  state: z.string().nullish(),
  zip: z.string().nullish(),
  country: z.string().nullish(),
});
export type HcpAddress = z.infer<typeof HcpAddressSchema>;

export const HcpCustomerSchema = z.object({
  id: z.string(),
  first_name: z.string().nullish(),
  last_name: z.string().nullish(),
  email: z.string().nullish(),
  mobile_number: z.string().nullish(),
  home_number: z.string().nullish(),
  work_number: z.string().nullish(),
  company: z.string().nullish(),
  addresses: z.array(HcpAddressSchema).nullish(),
  created_at: z.string().nullish(),
});
export type HcpCustomer = z.infer<typeof HcpCustomerSchema>;

export const HcpEmployeeSchema = z.object({
  id: z.string(),
  first_name: z.string().nullish(),
  last_name: z.string().nullish(),
  email: z.string().nullish(),
  mobile_number: z.string().nullish(),
  role: z.string().nullish(),
});
export type HcpEmployee = z.infer<typeof HcpEmployeeSchema>;

export const HcpJobTypeSchema = z.object({ id: z.string(), name: z.string() });

export const HcpJobSchema = z.object({
  id: z.string(),
  invoice_number: z.union([z.string(), z.number()]).nullish(),
  description: z.string().nullish(),
  customer: z.object({ id: z.string() }),
  address: z.object({ id: z.string() }).nullish(),
  /** "needs scheduling", "scheduled", "in progress", "complete unrated", "complete rated", "user canceled", "pro canceled". */
  work_status: z.string(),
  schedule: z
    .object({
      scheduled_start: z.string().nullish(),
      scheduled_end: z.string().nullish(),
      /** Minutes. */
      arrival_window: z.number().nullish(),
    })
    .nullish(),
  assigned_employees: z.array(z.object({ id: z.string() })).nullish(),
  tags: z.array(z.string()).nullish(),
  notes: z.array(z.object({ id: z.string().nullish(), content: z.string().nullish() })).nullish(),
  created_at: z.string(),
  updated_at: z.string().nullish(),
  original_estimate_uuids: z.array(z.string()).nullish(),
  job_fields: z
    .object({
      job_type: z.object({ id: z.string() }).nullish(),
      business_unit: z.object({ id: z.string() }).nullish(),
    })
    .nullish(),
});
export type HcpJob = z.infer<typeof HcpJobSchema>;

export const HcpNoteSchema = z.object({ id: z.string().nullish(), content: z.string().nullish() });

export const HcpTagSchema = z.object({ id: z.string(), name: z.string() });

/** Estimate options carry the approval: "approved", "pro approved", "declined", "pro declined", "awaiting response", "expired". */
export const HcpEstimateSchema = z.object({
  id: z.string(),
  estimate_number: z.union([z.string(), z.number()]).nullish(),
  work_status: z.string().nullish(),
  customer: z.object({ id: z.string() }).nullish(),
  address: z.object({ id: z.string() }).nullish(),
  created_at: z.string(),
  updated_at: z.string().nullish(),
  estimate_fields: z.object({ job_type_id: z.string().nullish(), business_unit_id: z.string().nullish() }).nullish(),
  options: z
    .array(
      z.object({
        id: z.string(),
        name: z.string().nullish(),
        /** Cents. */
        total_amount: z.number().nullish(),
        approval_status: z.string().nullish(),
        message_from_pro: z.string().nullish(),
        updated_at: z.string().nullish(),
      }),
    )
    .nullish(),
});
export type HcpEstimate = z.infer<typeof HcpEstimateSchema>;

/** GET /company/schedule_availability: the bookable windows of each weekday. */
export const HcpScheduleAvailabilitySchema = z.object({
  daily_availabilities: z
    .object({
      data: z
        .array(z.object({ day_name: z.string().nullish(), schedule_windows: z.array(z.object({ start_time: z.string(), end_time: z.string() })).nullish() }))
        .nullish(),
    })
    .nullish(),
});

export const HcpServiceZoneSchema = z.object({
  id: z.string(),
  name: z.string().nullish(),
  zip_codes: z.array(z.string()).nullish(),
  service_pros: z.array(z.object({ id: z.string() })).nullish(),
});
