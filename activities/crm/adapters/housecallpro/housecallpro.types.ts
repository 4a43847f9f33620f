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
  created_at: z.string(),
  job_fields: z
    .object({
      job_type: z.object({ id: z.string() }).nullish(),
      business_unit: z.object({ id: z.string() }).nullish(),
    })
    .nullish(),
});
export type HcpJob = z.infer<typeof HcpJobSchema>;
