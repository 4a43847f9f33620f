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

export type CrmErrorCode = 'NOT_FOUND' | 'INVALID_REQUEST' | 'CONFLICT' | 'UNAUTHORIZED' | 'RATE_LIMITED' | 'UNAVAILABLE' | 'NOT_CONFIGURED' | 'UNSUPPORTED';

/** The one error every CRM adapter throws; retryable failures may be retried by an activity, others end it. */
export class CrmError extends Error {
  constructor(
    readonly code: CrmErrorCode,
    message: string,
    readonly retryable: boolean = code === 'RATE_LIMITED' || code === 'UNAVAILABLE',
  ) {
    super(message);
    this.name = 'CrmError';
  }
}

/** A page of a vendor list (ServiceTitan's paging; the sandbox pages the same way). */
export interface Page<T> {
  page: number;
  pageSize: number;
  hasMore: boolean;
  totalCount: number;
  data: T[];
}
export interface PageRequest {
  /** 1-based. */
  page?: number;
  pageSize?: number;
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

export interface CustomerQuery extends PageRequest {
  ids?: string[];
  name?: string;
  phone?: string;
  zip?: string;
  active?: boolean;
  createdOnOrAfter?: Date;
  createdBefore?: Date;
}

export interface LocationQuery extends PageRequest {
  ids?: string[];
  customerId?: string;
  zip?: string;
}

export interface CrmCustomersPort {
  findCustomersByPhone(phoneNumber: string): Promise<Customer[]>;
  getCustomer(customerId: string): Promise<Customer | null>;
  listCustomers(query: CustomerQuery): Promise<Page<Customer>>;
  createCustomer(input: CreateCustomerInput): Promise<Customer>;
  createLocation(customerId: string, input: { name: string; address: Address; contacts?: Contact[] }): Promise<CustomerLocation>;
  findLocationsByZip(zip: string): Promise<CustomerLocation[]>;
  listLocations(query: LocationQuery): Promise<Page<CustomerLocation>>;
  /** customerId → contacts; all customers when ids is empty. */
  listContacts(customerIds?: string[]): Promise<Record<string, Contact[]>>;
  addContact(customerId: string, contact: Omit<Contact, 'id'>): Promise<Contact>;
  listMemberships(query: { customerIds?: string[]; status?: Membership['status'] }): Promise<Membership[]>;
}

export interface JobQuery extends PageRequest {
  ids?: string[];
  customerId?: string;
  locationId?: string;
  jobStatus?: JobStatus[];
  jobTypeIds?: string[];
  businessUnitIds?: string[];
  createdOnOrAfter?: Date;
  createdBefore?: Date;
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

export interface CrmJobsPort {
  findJobsByCustomer(customerId: string): Promise<Job[]>;
  listJobs(query: JobQuery): Promise<Page<Job>>;
  getJob(jobId: string): Promise<Job | null>;
  createJob(input: CreateJobInput): Promise<Job>;
  /** Idempotent: cancelling a canceled job answers the job as it is. */
  cancelJob(jobId: string, reason: string, reasonId?: string): Promise<Job>;
  listJobCancelReasons(): Promise<JobCancelReason[]>;
  addJobNote(jobId: string, text: string, createdBy?: string): Promise<Note>;
  listJobNotes(jobId: string): Promise<Note[]>;
  /** Answers the job's tag type ids after the change. */
  updateJobTags(jobId: string, change: { add: string[]; remove: string[] }): Promise<string[]>;
}

export interface AppointmentQuery extends PageRequest {
  from?: Date;
  to?: Date;
  jobId?: string;
  customerId?: string;
  technicianId?: string;
  status?: AppointmentStatus[];
}

export interface AddAppointmentInput {
  jobId: string;
  start: Date;
  end: Date;
  technicianIds?: string[];
  arrivalWindowStart?: Date;
  arrivalWindowEnd?: Date;
}

export interface CrmAppointmentsPort {
  /** Appointments overlapping the range, canceled ones left out (what capacity needs). */
  listAppointments(range: DateRange): Promise<Appointment[]>;
  findAppointments(query: AppointmentQuery): Promise<Appointment[]>;
  getAppointment(appointmentId: string): Promise<Appointment | null>;
  addAppointment(input: AddAppointmentInput): Promise<Appointment>;
  rescheduleAppointment(appointmentId: string, start: Date, end: Date): Promise<Appointment>;
  /** true when an appointment was deleted. */
  deleteAppointment(appointmentId: string): Promise<boolean>;
  /** Spec 000 §4: changed says whether the confirmation state actually moved. */
  confirmAppointment(appointmentId: string): Promise<{ changed: boolean }>;
  unconfirmAppointment(appointmentId: string): Promise<{ changed: boolean }>;
  setAppointmentSpecialInstructions(appointmentId: string, instructions: string): Promise<Appointment>;
}

export interface TechnicianCapacityQuery {
  windows: DateRange[];
  technicianIds: string[];
  durationSeconds: number;
  /** Only starts at or after this instant are answered. */
  appointmentStartTime?: Date;
  /** The org's zone, for CRMs that keep shifts as weekly patterns. */
  timeZone: string;
}

export interface TechnicianFreeSlot {
  start: Date;
  end: Date;
  technicianId: string;
}

export interface CapacityPlanningQuery {
  startsOnOrAfter: Date;
  endsOnOrBefore: Date;
  businessUnitIds?: string[];
  jobTypeId?: string;
  skillBasedAvailability?: boolean;
  timeZone: string;
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

export interface CrmCapacityPort {
  listTechnicianShifts(range: DateRange, timeZone: string): Promise<TechnicianShift[]>;
  /** Free stretches of at least durationSeconds per technician inside the windows (shifts minus appointments). */
  technicianCapacity(query: TechnicianCapacityQuery): Promise<TechnicianFreeSlot[]>;
  capacityPlanning(query: CapacityPlanningQuery): Promise<CapacityPlanSlot[]>;
  listArrivalWindows(): Promise<ArrivalWindow[]>;
  listZones(): Promise<Zone[]>;
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

export interface CrmEstimatesPort {
  listEstimates(query: { ids?: string[]; customerId?: string; jobId?: string; status?: EstimateStatus } & PageRequest): Promise<Page<Estimate>>;
  getEstimate(estimateId: string): Promise<Estimate | null>;
  /** Idempotent: selling a sold estimate answers it unchanged. */
  sellEstimate(estimateId: string, soldBy: string): Promise<Estimate>;
  unsellEstimate(estimateId: string): Promise<Estimate>;
  listInstalledEquipment(query: { customerId?: string; locationId?: string } & PageRequest): Promise<Page<InstalledEquipment>>;
}

export interface BookingProvider {
  id: string;
  name: string;
  description: string;
}

export interface CrmBookingsPort {
  createBooking(input: CreateBookingInput): Promise<Booking>;
  listBookings(query: { status?: BookingStatus; externalId?: string; createdOnOrAfter?: Date } & PageRequest): Promise<Page<Booking>>;
  getBooking(bookingId: string): Promise<Booking | null>;
  /** Finds the provider by name or creates it: the same name yields the same provider. */
  createBookingProvider(input: { name: string; description: string }): Promise<BookingProvider>;
  listBookingProviders(name?: string): Promise<BookingProvider[]>;
  createCallbackRequest(input: CreateCallbackRequestInput): Promise<CallbackRequest>;
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

export interface CrmTelecomPort {
  listTelecomCalls(query: { createdOnOrAfter?: Date; createdBefore?: Date; from?: string; customerId?: string } & PageRequest): Promise<Page<TelecomCall>>;
  /** false when there is no such call. */
  updateTelecomCall(callId: string, update: UpdateTelecomCallInput): Promise<boolean>;
  /** The recording's audio, or null when the call has none. */
  getCallRecording(callId: string): Promise<{ contentType: string; data: Buffer } | null>;
  /** Campaigns of calls from this number in the range (spec 000 §7 campaign-details-using-caller-number). */
  findCampaignsByCallerNumber(callerPhoneNumber: string, range: DateRange): Promise<{ id: string; name: string }[]>;
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

export interface CrmStaffPort {
  listEmployees(): Promise<Employee[]>;
  listTechnicians(): Promise<Technician[]>;
  listRoles(): Promise<Role[]>;
  /** INVALID_REQUEST for an unknown role, CONFLICT for a username already taken. */
  createEmployee(input: CreateEmployeeInput): Promise<{ id: string }>;
  /** NOT_FOUND for an unknown employee, INVALID_REQUEST for an unknown role. */
  updateEmployee(input: UpdateEmployeeInput): Promise<{ id: string }>;
  /** NOT_FOUND for an unknown employee. */
  sendPasswordResetLink(employeeId: string): Promise<{ status: string }>;
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

export interface CrmAudiencePort {
  /** The customers the rules select (every active customer when the rules select nothing). */
  findCustomersByAudienceRules(rules: AudienceRules): Promise<Customer[]>;
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

export interface CrmLookupsPort {
  listBusinessUnits(): Promise<BusinessUnit[]>;
  listJobTypes(): Promise<JobType[]>;
  listMembershipTypes(): Promise<{ id: string; name: string }[]>;
  listTagTypes(): Promise<TagType[]>;
  listCallReasons(): Promise<CallReason[]>;
  listPricebook(): Promise<PricebookItem[]>;
  listRecurringServiceTypes(): Promise<RecurringServiceType[]>;
  /** Finds or creates each named job type and business unit: a repeated call answers the same ids. Map of job type name to id. */
  onboardJobTypes(input: OnboardJobTypesInput): Promise<Record<string, string>>;
  /** false when the event is unknown. */
  markRecurringServiceEvent(eventId: string, jobId: string, complete: boolean): Promise<boolean>;
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

export interface CrmCampaignsPort {
  listCampaigns(): Promise<Campaign[]>;
  createCampaign(input: { name: string; businessUnitId: string; categoryId: string; active: boolean }): Promise<Campaign>;
  listCampaignCategories(): Promise<CampaignCategory[]>;
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

/** Report data and dynamic value sets page as rows of values, with the fields naming the columns. */
export interface RowsPage extends Omit<Page<unknown[]>, 'data'> {
  data: unknown[][];
  fields: { name: string; label: string }[];
}

export interface CrmReportsPort {
  listReportCategories(): Promise<ReportCategory[]>;
  /** null when the category is unknown. */
  listReports(categoryId: string): Promise<ReportSummary[] | null>;
  getReport(categoryId: string, reportId: string): Promise<Report | null>;
  /** Throws CrmError INVALID_REQUEST naming a missing required parameter; null for an unknown report. */
  runReport(categoryId: string, reportId: string, parameters: { name: string; value: unknown }[], page?: PageRequest): Promise<RowsPage | null>;
  getDynamicValueSet(dynamicSetId: string, page?: PageRequest): Promise<RowsPage | null>;
}

/** One organization's CRM: everything the /crm group of spec 000 §7 reaches. Adapters are built per org by a CrmProvider. */
export interface CrmPort
  extends CrmCustomersPort,
    CrmJobsPort,
    CrmAppointmentsPort,
    CrmCapacityPort,
    CrmEstimatesPort,
    CrmBookingsPort,
    CrmTelecomPort,
    CrmStaffPort,
    CrmAudiencePort,
    CrmLookupsPort,
    CrmCampaignsPort,
    CrmReportsPort {}

/** Builds the CRM of one organization (the sandbox is scoped by org id; vendors by the org's crm_config). */
export interface CrmProvider {
  forOrganization(orgId: string): CrmPort;
}
