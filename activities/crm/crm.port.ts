import type {
  Customer,
  CreateCustomerInput,
  Address,
  Contact,
  CustomerLocation,
  Membership,
  JobStatus,
  Job,
  CreateJobInput,
  JobCancelReason,
  Note,
  AppointmentStatus,
  DateRange,
  Appointment,
  AddAppointmentInput,
  TechnicianShift,
  TechnicianFreeSlot,
  CapacityPlanSlot,
  ArrivalWindow,
  Zone,
  EstimateStatus,
  Estimate,
  InstalledEquipment,
  CreateBookingInput,
  Booking,
  BookingStatus,
  BookingProvider,
  CreateCallbackRequestInput,
  CallbackRequest,
  TelecomCall,
  UpdateTelecomCallInput,
  Employee,
  Technician,
  Role,
  CreateEmployeeInput,
  UpdateEmployeeInput,
  AudienceRules,
  BusinessUnit,
  JobType,
  TagType,
  CallReason,
  PricebookItem,
  RecurringServiceType,
  OnboardJobTypesInput,
  Campaign,
  CampaignCategory,
  ReportCategory,
  ReportSummary,
  Report,
} from '../../domain/crm/crm-records';

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

export interface CapacityPlanningQuery {
  startsOnOrAfter: Date;
  endsOnOrBefore: Date;
  businessUnitIds?: string[];
  jobTypeId?: string;
  skillBasedAvailability?: boolean;
  timeZone: string;
}

export interface CrmCapacityPort {
  listTechnicianShifts(range: DateRange, timeZone: string): Promise<TechnicianShift[]>;
  /** Free stretches of at least durationSeconds per technician inside the windows (shifts minus appointments). */
  technicianCapacity(query: TechnicianCapacityQuery): Promise<TechnicianFreeSlot[]>;
  capacityPlanning(query: CapacityPlanningQuery): Promise<CapacityPlanSlot[]>;
  listArrivalWindows(): Promise<ArrivalWindow[]>;
  listZones(): Promise<Zone[]>;
}

export interface CrmEstimatesPort {
  listEstimates(query: { ids?: string[]; customerId?: string; jobId?: string; status?: EstimateStatus } & PageRequest): Promise<Page<Estimate>>;
  getEstimate(estimateId: string): Promise<Estimate | null>;
  /** Idempotent: selling a sold estimate answers it unchanged. */
  sellEstimate(estimateId: string, soldBy: string): Promise<Estimate>;
  unsellEstimate(estimateId: string): Promise<Estimate>;
  listInstalledEquipment(query: { customerId?: string; locationId?: string } & PageRequest): Promise<Page<InstalledEquipment>>;
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

export interface CrmTelecomPort {
  listTelecomCalls(query: { createdOnOrAfter?: Date; createdBefore?: Date; from?: string; customerId?: string } & PageRequest): Promise<Page<TelecomCall>>;
  /** false when there is no such call. */
  updateTelecomCall(callId: string, update: UpdateTelecomCallInput): Promise<boolean>;
  /** The recording's audio, or null when the call has none. */
  getCallRecording(callId: string): Promise<{ contentType: string; data: Buffer } | null>;
  /** Campaigns of calls from this number in the range (spec 000 §7 campaign-details-using-caller-number). */
  findCampaignsByCallerNumber(callerPhoneNumber: string, range: DateRange): Promise<{ id: string; name: string }[]>;
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

export interface CrmAudiencePort {
  /** The customers the rules select (every active customer when the rules select nothing). */
  findCustomersByAudienceRules(rules: AudienceRules): Promise<Customer[]>;
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

export interface CrmCampaignsPort {
  listCampaigns(): Promise<Campaign[]>;
  createCampaign(input: { name: string; businessUnitId: string; categoryId: string; active: boolean }): Promise<Campaign>;
  listCampaignCategories(): Promise<CampaignCategory[]>;
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
  extends
    CrmCustomersPort,
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
