import { z } from 'zod';

// The parts of ServiceTitan API v2 answers the adapter reads. Ids are numbers; dates are ISO strings.
// Unknown fields are ignored, and fields ServiceTitan may leave out are optional.

const id = z.number().int();
const date = z.string();

export const StAddressSchema = z.object({
  street: z.string().nullish(),
  unit: z.string().nullish(),
  city: z.string().nullish(),
  state: z.string().nullish(),
  zip: z.string().nullish(),
  country: z.string().nullish(),
});
export type StAddress = z.infer<typeof StAddressSchema>;

export const StLocationSchema = z.object({
  id,
  customerId: id,
  active: z.boolean().optional(),
  name: z.string().nullish(),
  address: StAddressSchema,
});
export type StLocation = z.infer<typeof StLocationSchema>;

export const StCustomerSchema = z.object({
  id,
  active: z.boolean(),
  name: z.string(),
  type: z.string(),
  doNotService: z.boolean().optional(),
  locations: z.array(StLocationSchema).nullish(),
});
export type StCustomer = z.infer<typeof StCustomerSchema>;

/** Contact types of /crm/v2/…/customers/{id}/contacts. */
export const StContactSchema = z.object({
  id: id.optional(),
  type: z.string(),
  value: z.string(),
  memo: z.string().nullish(),
});
export type StContact = z.infer<typeof StContactSchema>;

export const StBusinessUnitSchema = z.object({ id, name: z.string(), active: z.boolean().optional(), modifiedOn: date.optional() });
export type StBusinessUnit = z.infer<typeof StBusinessUnitSchema>;

export const StJobTypeSchema = z.object({
  id,
  name: z.string(),
  businessUnitIds: z.array(id).default([]),
  skills: z.array(z.string()).nullish(),
  priority: z.string().nullish(),
  /** Seconds. */
  duration: z.number().nullish(),
  summary: z.string().nullish(),
  active: z.boolean().optional(),
  modifiedOn: date.optional(),
});
export type StJobType = z.infer<typeof StJobTypeSchema>;

export const StTechnicianSchema = z.object({
  id,
  name: z.string(),
  email: z.string().nullish(),
  phoneNumber: z.string().nullish(),
  businessUnitId: id.nullish(),
  active: z.boolean().optional(),
  modifiedOn: date.optional(),
});
export type StTechnician = z.infer<typeof StTechnicianSchema>;

export const StTechnicianShiftSchema = z.object({
  id,
  technicianId: id,
  shiftType: z.string(),
  start: date,
  end: date,
  active: z.boolean().optional(),
});
export type StTechnicianShift = z.infer<typeof StTechnicianShiftSchema>;

export const StArrivalWindowSchema = z.object({
  id,
  /** "HH:mm", local to the tenant. */
  start: z.string(),
  /** "HH:mm". */
  duration: z.string(),
  businessUnitIds: z.array(id).default([]),
  active: z.boolean(),
  modifiedOn: date.optional(),
});
export type StArrivalWindow = z.infer<typeof StArrivalWindowSchema>;

export const StZoneSchema = z.object({
  id,
  name: z.string().nullish(),
  active: z.boolean().optional(),
  zips: z.array(z.string()).nullish(),
  businessUnits: z.array(id).nullish(),
  technicians: z.array(id).nullish(),
});
export type StZone = z.infer<typeof StZoneSchema>;

export const StAppointmentSchema = z.object({
  id,
  jobId: id,
  customerId: id.nullish(),
  start: date,
  end: date,
  arrivalWindowStart: date.nullish(),
  arrivalWindowEnd: date.nullish(),
  status: z.string(),
  isConfirmed: z.boolean().optional(),
});
export type StAppointment = z.infer<typeof StAppointmentSchema>;

export const StAppointmentAssignmentSchema = z.object({ technicianId: id, appointmentId: id, active: z.boolean().optional() });

export const StJobSchema = z.object({
  id,
  jobNumber: z.union([z.string(), z.number()]).transform(String),
  customerId: id,
  locationId: id,
  jobStatus: z.string(),
  businessUnitId: id.nullish(),
  jobTypeId: id.nullish(),
  priority: z.string().nullish(),
  summary: z.string().nullish(),
  createdOn: date,
});
export type StJob = z.infer<typeof StJobSchema>;

export const StCancelReasonSchema = z.object({ id, name: z.string(), active: z.boolean().optional() });

export const StBookingSchema = z.object({
  id,
  source: z.string().nullish(),
  name: z.string().nullish(),
  status: z.string(),
  externalId: z.string().nullish(),
  summary: z.string().nullish(),
  createdOn: date,
});
export type StBooking = z.infer<typeof StBookingSchema>;

export const StNoteSchema = z.object({
  text: z.string(),
  createdById: id.nullish(),
  createdOn: date,
  modifiedOn: date.nullish(),
});

export const StTagTypeSchema = z.object({
  id,
  name: z.string(),
  color: z.string().nullish(),
  code: z.string().nullish(),
  importance: z.string().nullish(),
  isConversionOpportunity: z.boolean().nullish(),
  active: z.boolean(),
  createdOn: date,
  modifiedOn: date,
});

export const StEstimateSchema = z.object({
  id,
  jobId: id.nullish(),
  locationId: id.nullish(),
  customerId: id.nullish(),
  name: z.string().nullish(),
  jobNumber: z.string().nullish(),
  /** {value, name} with name Open | Sold | Dismissed. */
  status: z.object({ value: z.number().optional(), name: z.string() }).nullish(),
  reviewStatus: z.string().nullish(),
  summary: z.string().nullish(),
  createdOn: date,
  modifiedOn: date,
  soldOn: date.nullish(),
  soldBy: id.nullish(),
  active: z.boolean(),
  items: z.array(z.object({ description: z.string().nullish(), qty: z.number().nullish(), price: z.number().nullish() })).nullish(),
  subtotal: z.number().nullish(),
  tax: z.number().nullish(),
  businessUnitId: id.nullish(),
  businessUnitName: z.string().nullish(),
});
export type StEstimate = z.infer<typeof StEstimateSchema>;
