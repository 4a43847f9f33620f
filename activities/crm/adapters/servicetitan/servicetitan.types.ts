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
  specialInstructions: z.string().nullish(),
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
  tagTypeIds: z.array(id).nullish(),
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

/** /equipmentsystems/v2/…/installed-equipment. */
export const StInstalledEquipmentSchema = z.object({
  id,
  locationId: id,
  customerId: id.nullish(),
  name: z.string().nullish(),
  type: z.string().nullish(),
  manufacturer: z.string().nullish(),
  model: z.string().nullish(),
  serialNumber: z.string().nullish(),
  installedOn: date.nullish(),
  manufacturerWarrantyEnd: date.nullish(),
  serviceProviderWarrantyEnd: date.nullish(),
});

/** /crm/v2/…/booking-provider-tags. */
export const StBookingProviderTagSchema = z.object({ id, tagName: z.string(), description: z.string().nullish() });

const named = z.object({ id, name: z.string().nullish() });

/** /telecom/v2/…/calls answers bundles: the call itself sits in leadCall. */
export const StCallBundleSchema = z.object({
  id,
  jobNumber: z.union([z.string(), z.number()]).nullish(),
  leadCall: z.object({
    id,
    receivedOn: date,
    duration: z.string().nullish(),
    from: z.string().nullish(),
    to: z.string().nullish(),
    direction: z.string().nullish(),
    callType: z.string().nullish(),
    reason: z.object({ id: id.nullish(), name: z.string().nullish(), lead: z.boolean().nullish(), active: z.boolean().nullish() }).nullish(),
    recordingUrl: z.string().nullish(),
    voiceMailUrl: z.string().nullish(),
    customer: named.nullish(),
    campaign: named.nullish(),
    agent: named.nullish(),
    excuseMemo: z.string().nullish(),
    active: z.boolean().nullish(),
    createdOn: date.nullish(),
    modifiedOn: date.nullish(),
  }),
});
export type StCallBundle = z.infer<typeof StCallBundleSchema>;

/** /jbce/v2/…/call-reasons. */
export const StCallReasonSchema = z.object({ id, name: z.string(), isLead: z.boolean().nullish(), active: z.boolean().nullish() });

/** /settings/v2/…/user-roles. */
export const StUserRoleSchema = z.object({ id, name: z.string() });

/** /memberships/v2/…/memberships. */
export const StMembershipSchema = z.object({
  id,
  customerId: id,
  membershipTypeId: id,
  status: z.string(),
  from: z.string().nullish(),
  to: z.string().nullish(),
});

export const StMembershipTypeSchema = z.object({ id, name: z.string(), active: z.boolean().nullish() });

export const StRecurringServiceTypeSchema = z.object({ id, name: z.string(), recurrenceType: z.string().nullish(), active: z.boolean().nullish() });

/** /pricebook/v2/…/services, materials and equipment share these fields. */
export const StPricebookItemSchema = z.object({
  id,
  code: z.string().nullish(),
  displayName: z.string().nullish(),
  price: z.number().nullish(),
  active: z.boolean().nullish(),
});

/** /marketing/v2/…/campaigns; phone numbers and the business unit come as objects or bare values. */
export const StCampaignSchema = z.object({
  id,
  name: z.string(),
  active: z.boolean(),
  businessUnit: z.union([id, named]).nullish(),
  businessUnitId: id.nullish(),
  category: named.nullish(),
  categoryId: id.nullish(),
  createdOn: date,
  modifiedOn: date.nullish(),
  campaignPhoneNumbers: z.array(z.union([z.string(), z.object({ number: z.string().nullish(), phoneNumber: z.string().nullish() })])).nullish(),
  otherMedium: z.string().nullish(),
});

export const StCampaignCategorySchema = z.object({
  id,
  name: z.string(),
  active: z.boolean().nullish(),
  type: z.string().nullish(),
  createdOn: date.nullish(),
});

/** Reporting v2: category ids are slugs ("operations"), report ids numbers. */
const slug = z.union([z.string(), z.number()]).transform(String);
export const StReportCategorySchema = z.object({ id: slug, name: z.string() });
export const StReportSummarySchema = z.object({ id: slug, name: z.string(), description: z.string().nullish() });
const dataType = z.string().nullish();
const field = z.object({ name: z.string(), label: z.string().nullish(), dataType });
export const StReportSchema = StReportSummarySchema.extend({
  modifiedOn: date.nullish(),
  parameters: z
    .array(
      z.object({
        name: z.string(),
        label: z.string().nullish(),
        dataType,
        isArray: z.boolean().nullish(),
        isRequired: z.boolean().nullish(),
        acceptValues: z
          .object({ fields: z.array(field).nullish(), dynamicSetId: z.string().nullish(), values: z.array(z.array(z.unknown())).nullish() })
          .nullish(),
      }),
    )
    .nullish(),
  fields: z.array(field).nullish(),
});
export type StReport = z.infer<typeof StReportSchema>;
/** Report data and dynamic value sets: rows of values with the fields naming the columns. */
export const StRowsSchema = z.object({
  fields: z.array(field).nullish(),
  page: z.number(),
  pageSize: z.number(),
  hasMore: z.boolean(),
  totalCount: z.number().nullish(),
  data: z.array(z.array(z.unknown())),
});

/** Dispatch v2 capacity: one entry per arrival window of the range. */
export const StCapacitySchema = z.object({
  availabilities: z.array(
    z.object({
      start: date,
      end: date,
      startUtc: date.nullish(),
      endUtc: date.nullish(),
      businessUnitIds: z.array(id).nullish(),
      totalAvailability: z.number(),
      openAvailability: z.number(),
      technicians: z.array(z.object({ id, name: z.string().nullish(), status: z.string().nullish(), hasRequiredSkills: z.boolean().nullish() })).nullish(),
      isAvailable: z.boolean().nullish(),
      isExceedingIdealBookingPercentage: z.boolean().nullish(),
    }),
  ),
});
