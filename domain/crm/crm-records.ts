/**
 * The CRM contract the live agent tools need (spec 000 §3 "CRM-side entities", §7 /crm). Every
 * implementation (the sandbox, later {crm_a} and {crm_b}) answers in these shapes and fails with CrmError.
 * Ids are strings on the port: ServiceTitan's are numbers, other CRMs' are not.
 */

export type ContactType = 'Landline' | 'Mobile' | 'Email' | 'Fax';
export interface Contact {
  id?: string;
  type: ContactType;
  description?: string;
  value: string;
}
export interface Address {
  street: string;
  unit?: string;
  city: string;
  state: string;
  zip: string;
  country: string;
}
export interface CustomerLocation {
  id: string;
  customerId: string;
  name: string;
  address: Address;
}
export interface Customer {
  id: string;
  name: string;
  type: 'Residential' | 'Commercial';
  active: boolean;
  doNotService: boolean;
  contacts: Contact[];
  locations: CustomerLocation[];
  memberships?: Membership[];
}
export interface BusinessUnit {
  id: string;
  name: string;
  trade: string;
}
export interface JobType {
  id: string;
  name: string;
  businessUnitIds: string[];
  priority?: number;
  summary?: string;
  /** Seconds; spec 000 §9 default 7200. */
  duration: number;
  /** Skills a technician needs to be offered for this job type (skill-based availability). */
  skills: string[];
}
export interface TechnicianShift {
  id: string;
  technicianId: string;
  start: Date;
  end: Date;
  shiftType: 'Normal' | 'OnCall' | 'TimeOff';
  active: boolean;
}
export interface Technician {
  id: string;
  name: string;
  email: string;
  phoneNumber: string;
  role: 'Technician';
  businessUnitIds: string[];
  skills: string[];
  active: boolean;
}
export interface ArrivalWindow {
  id: string;
  /** Local wall-clock start, HH:mm. */
  start: string;
  /** HH:mm, as ServiceTitan gives it. */
  duration: string;
  businessUnitIds: string[];
  active: boolean;
}
export interface Zone {
  id: string;
  name: string;
  zipcodes: string[];
  businessUnitIds: string[];
  technicianIds: string[];
}
export type AppointmentStatus = 'Scheduled' | 'Dispatched' | 'Working' | 'Hold' | 'Done' | 'Canceled';
export interface Appointment {
  id: string;
  jobId: string;
  customerId: string;
  start: Date;
  end: Date;
  arrivalWindowStart: Date | null;
  arrivalWindowEnd: Date | null;
  technicianIds: string[];
  status: AppointmentStatus;
  isConfirmed: boolean;
  specialInstructions?: string | null;
}
export type JobStatus = 'SCHEDULED' | 'COMPLETED' | 'CANCELED';
export interface Job {
  id: string;
  jobNumber: string;
  customerId: string;
  locationId: string;
  jobStatus: JobStatus;
  jobTypeId: string | null;
  businessUnitId: string | null;
  priority: string | null;
  summary: string;
  createdOn: Date;
  appointments: Appointment[];
  tagTypeIds?: string[];
  cancelReason?: string | null;
}
export interface CreateCustomerInput {
  name: string;
  type: 'Residential' | 'Commercial';
  contacts: Contact[];
  locations: { name: string; address: Address }[];
}
export interface CreateJobInput {
  /** The same key always yields the same job: a retried booking books once. */
  idempotencyKey: string;
  customerId: string;
  locationId: string;
  jobTypeId: string;
  businessUnitId: string;
  priority?: 'Low' | 'Normal' | 'High' | 'Urgent';
  summary: string;
  appointment: { start: Date; end: Date; arrivalWindowStart?: Date; arrivalWindowEnd?: Date; technicianIds?: string[] };
}
export type BookingStatus = 'New' | 'Converted' | 'Dismissed' | 'Accepted';
export interface Booking {
  id: string;
  source: string;
  name: string;
  status: BookingStatus;
  externalId: string;
  summary: string;
  createdOn: Date;
}
export interface CreateBookingInput {
  /** externalId doubles as the idempotency key. */
  externalId: string;
  source: string;
  name: string;
  phoneNumber: string;
  address?: Address;
  summary: string;
  startTime?: Date;
  businessUnitId?: string;
  jobTypeId?: string;
}
export interface CallbackRequest {
  id: string;
  phoneNumber: string;
  isEmergency: boolean;
  createdOn: Date;
}
export interface CreateCallbackRequestInput {
  idempotencyKey: string;
  phoneNumber: string;
  isEmergency: boolean;
  note?: string;
}
export interface DateRange {
  from: Date;
  to: Date;
}

export interface Membership {
  id: string;
  customerId: string;
  membershipTypeId: string;
  name: string;
  status: 'Active' | 'Expired' | 'Canceled';
  from: string;
  to: string | null;
}

export interface Note {
  id?: string;
  text: string;
  createdBy: string;
  createdAt: Date;
  updatedAt: Date;
}

export interface JobCancelReason {
  id: string;
  name: string;
}

export interface AddAppointmentInput {
  jobId: string;
  start: Date;
  end: Date;
  technicianIds?: string[];
  arrivalWindowStart?: Date;
  arrivalWindowEnd?: Date;
}

export interface TechnicianFreeSlot {
  start: Date;
  end: Date;
  technicianId: string;
}

/** One arrival window of a capacity plan: hours are technician hours (spec 000 §3 Capacity slot). */
export interface CapacityPlanSlot {
  start: Date;
  end: Date;
  businessUnitIds: string[];
  totalAvailability: number;
  openAvailability: number;
  technicians: { id: string; name: string; status: 'Available' | 'Unavailable'; hasRequiredSkills?: boolean }[];
  isAvailable: boolean;
  isExceedingIdealBookingPercentage: boolean;
  percentageFull: number;
}

export type EstimateStatus = 'Open' | 'Sold' | 'Dismissed';

export interface EstimateItem {
  description: string;
  quantity: number;
  price: number;
}

export interface Estimate {
  id: string;
  jobId: string | null;
  locationId: string | null;
  customerId: string | null;
  name: string;
  jobNumber: string | null;
  status: EstimateStatus;
  reviewStatus: 'None' | 'NeedsApproval' | 'Approved' | 'NotApproved';
  summary: string;
  createdOn: Date;
  modifiedOn: Date;
  soldOn: Date | null;
  soldBy: string | null;
  active: boolean;
  items: EstimateItem[];
  subtotal: number;
  tax: number;
  businessUnitId: string | null;
  businessUnitName: string | null;
}

export interface InstalledEquipment {
  id: string;
  customerId: string;
  locationId: string;
  name: string;
  type: string;
  manufacturer: string;
  model: string;
  serialNumber: string;
  installedOn: string | null;
  warrantyEnd: string | null;
}

export interface BookingProvider {
  id: string;
  name: string;
  description: string;
}

export interface CallReason {
  id: string;
  name: string;
  isLead: boolean;
  active: boolean;
}

export interface TelecomCall {
  id: string;
  createdOn: Date;
  modifiedOn: Date;
  receivedOn: Date;
  active: boolean;
  /** hh:mm:ss, as ServiceTitan gives it. */
  duration: string;
  from: string;
  to: string;
  direction: 'Inbound' | 'Outbound';
  callType: string | null;
  reason: { id: string; name: string; lead: boolean; active: boolean } | null;
  recordingUrl: string | null;
  voiceMailUrl: string | null;
  customer: { id: string; name: string } | null;
  campaign: { id: string; name: string } | null;
  agent: { id: string; name: string } | null;
  jobId: string | null;
  excuseMemo: string | null;
}

export interface UpdateTelecomCallInput {
  callType?: string;
  agentId?: string;
  jobId?: string;
  campaignId?: string;
  reason?: { lead?: boolean; name?: string };
  excuseMemo?: string;
}

export interface Employee {
  id: string;
  name: string;
  email: string | null;
  phoneNumber: string;
  role: string;
}

export interface Role {
  id: string;
  name: string;
}

export interface CreateEmployeeInput {
  username: string;
  roleId: string;
}

export interface UpdateEmployeeInput {
  employeeId: string;
  roleId?: string;
  positions?: string[];
}

/** Spec 002 §3 "Audience rules": lists of {id, name} select customers; what the three filters mean is not shown. */
export interface AudienceRules {
  business_units?: { id: string; name: string }[];
  job_types?: { id: string; name: string }[];
  tag_types?: { id: string; name: string }[];
  membership_types?: { id: string; name: string }[];
  recurring_services_types?: { id: string; name: string }[];
  primary_filter?: string;
  status_filter?: string;
  time_filter?: unknown;
  secondary_filters?: Record<string, unknown>;
  exclusions?: Record<string, unknown>;
}

/** Spec 000 §7 POST /onboarding-job-types: job types (with descriptions) under the named business units. */
export interface OnboardJobTypesInput {
  jobTypes: string[];
  descriptions: string[];
  businessUnits: string[];
  orgName: string;
}

export interface TagType {
  id: string;
  name: string;
  color: string;
  code: string;
  importance: 'Medium' | 'High' | null;
  isConversionOpportunity: boolean;
  active: boolean;
  createdOn: Date;
  modifiedOn: Date;
}

export interface PricebookItem {
  id: string;
  code: string;
  name: string;
  type: 'Service' | 'Material' | 'Equipment';
  price: number;
  businessUnitId: string | null;
}

export interface RecurringServiceType {
  id: string;
  name: string;
  recurrenceType: 'Monthly' | 'Yearly' | 'Seasonal';
  active: boolean;
}

export interface Campaign {
  id: string;
  name: string;
  active: boolean;
  businessUnitId: string | null;
  categoryId: string | null;
  createdOn: Date;
  modifiedOn: Date;
  campaignPhoneNumbers: string[];
  otherMedium: string | null;
}

export interface CampaignCategory {
  id: string;
  name: string;
  active: boolean;
  type: string;
  createdOn: Date;
}

export interface ReportCategory {
  id: string;
  name: string;
}

export interface ReportParameter {
  name: string;
  label: string;
  dataType: 'String' | 'Number' | 'Boolean' | 'Date' | 'Time';
  isArray: boolean;
  isRequired: boolean;
  acceptValues: { fields: { name: string; label: string }[]; dynamicSetId: string | null; values: unknown[][] } | null;
}

export interface ReportSummary {
  id: string;
  name: string;
  description: string;
}

export interface Report extends ReportSummary {
  modifiedOn: Date;
  parameters: ReportParameter[];
  fields: { name: string; label: string; dataType: ReportParameter['dataType'] }[];
}
