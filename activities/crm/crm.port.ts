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

export type CrmErrorCode = 'NOT_FOUND' | 'INVALID_REQUEST' | 'CONFLICT' | 'UNAUTHORIZED' | 'RATE_LIMITED' | 'UNAVAILABLE' | 'NOT_CONFIGURED';

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

/** One organization's CRM; adapters are built per org by a CrmProvider. */
export interface CrmPort {
  findCustomersByPhone(phoneNumber: string): Promise<Customer[]>;
  getCustomer(customerId: string): Promise<Customer | null>;
  createCustomer(input: CreateCustomerInput): Promise<Customer>;
  createLocation(customerId: string, input: { name: string; address: Address }): Promise<CustomerLocation>;
  findLocationsByZip(zip: string): Promise<CustomerLocation[]>;
  listBusinessUnits(): Promise<BusinessUnit[]>;
  listJobTypes(): Promise<JobType[]>;
  listTechnicians(): Promise<Technician[]>;
  /** Shifts overlapping the range; the zone places weekly patterns on the calendar. */
  listTechnicianShifts(range: DateRange, timeZone: string): Promise<TechnicianShift[]>;
  listArrivalWindows(): Promise<ArrivalWindow[]>;
  listZones(): Promise<Zone[]>;
  listAppointments(range: DateRange): Promise<Appointment[]>;
  findJobsByCustomer(customerId: string): Promise<Job[]>;
  createJob(input: CreateJobInput): Promise<Job>;
  rescheduleAppointment(appointmentId: string, start: Date, end: Date): Promise<Appointment>;
  cancelJob(jobId: string, reason: string): Promise<Job>;
  createBooking(input: CreateBookingInput): Promise<Booking>;
  createCallbackRequest(input: CreateCallbackRequestInput): Promise<CallbackRequest>;
}

/** Builds the CRM of one organization (the sandbox is scoped by org id; vendors by the org's crm_config). */
export interface CrmProvider {
  forOrganization(orgId: string): CrmPort;
}
