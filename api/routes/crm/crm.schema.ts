import { z } from 'zod';

/** Wire shapes of the CRM-side entities (spec 000 §3); dates are ISO strings. Vendor extras pass through. */

export const ContactTypeSchema = z.enum(['Landline', 'Mobile', 'Email', 'Fax'], 'type must be Landline, Mobile, Email or Fax');
export const ContactSchema = z.object({ id: z.string().optional(), type: ContactTypeSchema, description: z.string().optional(), value: z.string() });

const required = (name: string) => z.string(`${name} is required`).trim().min(1, `${name} is required`);
export const AddressInputSchema = z.object({
  street: required('street'),
  unit: z.string().optional(),
  city: required('city'),
  state: required('state'),
  zip: required('zip'),
  country: z.string().trim().min(1).default('US'),
});
export const AddressSchema = z.looseObject({
  street: z.string(),
  unit: z.string().optional(),
  city: z.string(),
  state: z.string(),
  zip: z.string(),
  country: z.string(),
});

export const LocationSchema = z.looseObject({ id: z.string(), customerId: z.string(), name: z.string(), address: AddressSchema });
export const MembershipSchema = z.looseObject({
  id: z.string(),
  customerId: z.string(),
  membershipTypeId: z.string(),
  name: z.string(),
  status: z.string(),
  from: z.string(),
  to: z.string().nullable(),
});
export const CustomerSchema = z.looseObject({
  id: z.string(),
  name: z.string(),
  type: z.string(),
  active: z.boolean(),
  doNotService: z.boolean(),
  contacts: z.array(ContactSchema),
  locations: z.array(LocationSchema),
  memberships: z.array(MembershipSchema).optional(),
});

export const AppointmentSchema = z.looseObject({
  id: z.string(),
  jobId: z.string(),
  customerId: z.string(),
  start: z.string(),
  end: z.string(),
  arrivalWindowStart: z.string().nullable(),
  arrivalWindowEnd: z.string().nullable(),
  technicianIds: z.array(z.string()),
  status: z.string(),
  isConfirmed: z.boolean(),
  specialInstructions: z.string().nullable().optional(),
});

export const JobSchema = z.looseObject({
  id: z.string(),
  jobNumber: z.string(),
  customerId: z.string(),
  locationId: z.string(),
  jobStatus: z.string(),
  jobTypeId: z.string().nullable(),
  businessUnitId: z.string().nullable(),
  priority: z.string().nullable(),
  summary: z.string(),
  createdOn: z.string(),
  appointments: z.array(AppointmentSchema),
  tagTypeIds: z.array(z.string()).optional(),
});

export const NoteSchema = z.looseObject({ id: z.string().optional(), text: z.string(), createdBy: z.string(), createdAt: z.string(), updatedAt: z.string() });
export const IdNameSchema = z.looseObject({ id: z.string(), name: z.string() });

export const EstimateSchema = z.looseObject({
  id: z.string(),
  jobId: z.string().nullable(),
  customerId: z.string().nullable(),
  name: z.string(),
  status: z.string(),
  reviewStatus: z.string(),
  summary: z.string(),
  createdOn: z.string(),
  modifiedOn: z.string(),
  soldOn: z.string().nullable(),
  soldBy: z.string().nullable(),
  active: z.boolean(),
  items: z.array(z.looseObject({ description: z.string(), quantity: z.number(), price: z.number() })),
  subtotal: z.number(),
  tax: z.number(),
});

export const EquipmentSchema = z.looseObject({
  id: z.string(),
  customerId: z.string(),
  locationId: z.string(),
  name: z.string(),
  type: z.string(),
  manufacturer: z.string(),
  model: z.string(),
  serialNumber: z.string(),
});

export const BookingSchema = z.looseObject({
  id: z.string(),
  source: z.string(),
  name: z.string(),
  status: z.string(),
  externalId: z.string(),
  summary: z.string(),
  createdOn: z.string(),
});
export const BookingProviderSchema = z.looseObject({ id: z.string(), name: z.string(), description: z.string() });

export const TelecomCallSchema = z.looseObject({
  id: z.string(),
  createdOn: z.string(),
  modifiedOn: z.string(),
  receivedOn: z.string(),
  active: z.boolean(),
  duration: z.string(),
  from: z.string(),
  to: z.string(),
  direction: z.string(),
  callType: z.string().nullable(),
  reason: z.looseObject({ id: z.string(), name: z.string(), lead: z.boolean(), active: z.boolean() }).nullable(),
  recordingUrl: z.string().nullable(),
  voiceMailUrl: z.string().nullable(),
  customer: IdNameSchema.nullable(),
  campaign: IdNameSchema.nullable(),
  agent: IdNameSchema.nullable(),
});

export const RowsPageSchema = z.object({
  page: z.number(),
  pageSize: z.number(),
  hasMore: z.boolean(),
  totalCount: z.number(),
  data: z.array(z.array(z.unknown())),
  fields: z.array(z.looseObject({ name: z.string(), label: z.string() })),
});

export const LooseListSchema = z.array(z.looseObject({ id: z.string() }));
