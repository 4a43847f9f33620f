import { z } from 'zod';
import { normalizePhoneNumber } from '../../../../domain/validation/phone';
import { type CrmPort } from '../../crm.port';
import { priorityRank, tradeFromName, type NoEquivalent } from '../vendor-port';
import { str } from './servicetitan-ids';
import type { ReferenceChanges, ReferenceKind } from '../../cached-crm';
import {
  StArrivalWindowSchema,
  StBookingSchema,
  StBusinessUnitSchema,
  StNoteSchema,
  StJobTypeSchema,
  StTechnicianSchema,
  type StAddress,
  type StAppointment,
  type StContact,
  type StEstimate,
  type StJob,
  type StLocation,
} from './servicetitan.types';
import {
  type Address,
  type Appointment,
  type AppointmentStatus,
  type ArrivalWindow,
  type Booking,
  type BookingStatus,
  type BusinessUnit,
  type Contact,
  type CustomerLocation,
  type Estimate,
  type EstimateStatus,
  type Job,
  type Note,
  type JobType,
  type Technician,
} from '../../../../domain/crm/crm-records';

/** Port methods ServiceTitan's API has nothing for (staff writes are there but not mapped yet). */
export const NO_EQUIVALENT: NoEquivalent = {
  createCallbackRequest: "ServiceTitan's API has no callback requests",
  findCustomersByAudienceRules: "ServiceTitan's API has no audience query",
  onboardJobTypes: "ServiceTitan's API cannot create business units",
};

/** Phones compare by digits, e-mail addresses without case. */
export const sameContactValue = (a: string, b: string) =>
  a.includes('@') ? a.toLowerCase() === b.toLowerCase() : normalizePhoneNumber(a) === normalizePhoneNumber(b);

/** The job's idempotency key travels in the job's externalData, so a retried booking finds the job it made. */
export const SERVICETITAN_IDEMPOTENCY_KEY = 'homeagent-idempotency-key';
export const DEFAULT_JOB_TYPE_DURATION_SECONDS = 7200;

export const ST_CONTACT_TYPE: Record<Contact['type'], string> = { Landline: 'Phone', Mobile: 'MobilePhone', Email: 'Email', Fax: 'Fax' };
export const PORT_CONTACT_TYPE: Record<string, Contact['type']> = { Phone: 'Landline', MobilePhone: 'Mobile', Email: 'Email', Fax: 'Fax' };
export const APPOINTMENT_STATUSES: AppointmentStatus[] = ['Scheduled', 'Dispatched', 'Working', 'Hold', 'Done', 'Canceled'];
export const BOOKING_STATUSES: BookingStatus[] = ['New', 'Converted', 'Dismissed', 'Accepted'];

export function toAddress(a: StAddress): Address {
  return { street: a.street ?? '', unit: a.unit ?? undefined, city: a.city ?? '', state: a.state ?? '', zip: a.zip ?? '', country: a.country ?? '' };
}

export function fromAddress(a: Address): StAddress {
  return { street: a.street, unit: a.unit, city: a.city, state: a.state, zip: a.zip, country: a.country };
}

export function toLocation(l: StLocation): CustomerLocation {
  return { id: String(l.id), customerId: String(l.customerId), name: l.name ?? '', address: toAddress(l.address) };
}

export function toContact(c: StContact): Contact | null {
  const type = PORT_CONTACT_TYPE[c.type];
  return type ? { id: str(c.id) ?? undefined, type, value: c.value, description: c.memo ?? undefined } : null;
}

export function toAppointment(a: StAppointment, technicianIds: string[] = []): Appointment {
  const status = APPOINTMENT_STATUSES.includes(a.status as AppointmentStatus) ? (a.status as AppointmentStatus) : 'Scheduled';
  return {
    id: String(a.id),
    jobId: String(a.jobId),
    customerId: str(a.customerId) ?? '',
    start: new Date(a.start),
    end: new Date(a.end),
    arrivalWindowStart: a.arrivalWindowStart ? new Date(a.arrivalWindowStart) : null,
    arrivalWindowEnd: a.arrivalWindowEnd ? new Date(a.arrivalWindowEnd) : null,
    technicianIds,
    status,
    isConfirmed: a.isConfirmed ?? false,
    specialInstructions: a.specialInstructions ?? null,
  };
}

export function toJob(j: StJob, appointments: Appointment[]): Job {
  const jobStatus = j.jobStatus === 'Completed' ? 'COMPLETED' : j.jobStatus === 'Canceled' ? 'CANCELED' : 'SCHEDULED';
  return {
    id: String(j.id),
    jobNumber: j.jobNumber,
    customerId: String(j.customerId),
    locationId: String(j.locationId),
    jobStatus,
    jobTypeId: str(j.jobTypeId),
    businessUnitId: str(j.businessUnitId),
    priority: j.priority ?? null,
    summary: j.summary ?? '',
    createdOn: new Date(j.createdOn),
    appointments,
    tagTypeIds: (j.tagTypeIds ?? []).map(String),
  };
}

export function toBooking(b: z.infer<typeof StBookingSchema>): Booking {
  return {
    id: String(b.id),
    source: b.source ?? '',
    name: b.name ?? '',
    status: BOOKING_STATUSES.includes(b.status as BookingStatus) ? (b.status as BookingStatus) : 'New',
    externalId: b.externalId ?? '',
    summary: b.summary ?? '',
    createdOn: new Date(b.createdOn),
  };
}

export const ESTIMATE_STATUSES: EstimateStatus[] = ['Open', 'Sold', 'Dismissed'];
export const REVIEW_STATUSES: Estimate['reviewStatus'][] = ['None', 'NeedsApproval', 'Approved', 'NotApproved'];

export function toEstimate(e: StEstimate): Estimate {
  const status = ESTIMATE_STATUSES.find((s) => s === e.status?.name) ?? 'Open';
  return {
    id: String(e.id),
    jobId: str(e.jobId),
    locationId: str(e.locationId),
    customerId: str(e.customerId),
    name: e.name ?? '',
    jobNumber: e.jobNumber ?? null,
    status,
    reviewStatus: REVIEW_STATUSES.find((s) => s === e.reviewStatus) ?? 'None',
    summary: e.summary ?? '',
    createdOn: new Date(e.createdOn),
    modifiedOn: new Date(e.modifiedOn),
    soldOn: e.soldOn ? new Date(e.soldOn) : null,
    soldBy: str(e.soldBy),
    active: e.active,
    items: (e.items ?? []).map((i) => ({ description: i.description ?? '', quantity: i.qty ?? 0, price: i.price ?? 0 })),
    subtotal: e.subtotal ?? 0,
    tax: e.tax ?? 0,
    businessUnitId: str(e.businessUnitId),
    businessUnitName: e.businessUnitName ?? null,
  };
}

export function toNote(n: z.infer<typeof StNoteSchema>): Note {
  return { text: n.text, createdBy: str(n.createdById) ?? '', createdAt: new Date(n.createdOn), updatedAt: new Date(n.modifiedOn ?? n.createdOn) };
}

export const toBusinessUnit = (b: z.infer<typeof StBusinessUnitSchema>): BusinessUnit => ({ id: String(b.id), name: b.name, trade: tradeFromName(b.name) });
export const toJobType = (t: z.infer<typeof StJobTypeSchema>): JobType => ({
  id: String(t.id),
  name: t.name,
  businessUnitIds: t.businessUnitIds.map(String),
  priority: priorityRank(t.priority),
  summary: t.summary ?? undefined,
  duration: t.duration && t.duration > 0 ? t.duration : DEFAULT_JOB_TYPE_DURATION_SECONDS,
  skills: t.skills ?? [],
});
export const toTechnician = (t: z.infer<typeof StTechnicianSchema>): Technician => ({
  id: String(t.id),
  name: t.name,
  email: t.email ?? '',
  phoneNumber: t.phoneNumber ?? '',
  role: 'Technician',
  businessUnitIds: t.businessUnitId ? [String(t.businessUnitId)] : [],
  skills: [],
  active: t.active ?? true,
});
export const toArrivalWindow = (w: z.infer<typeof StArrivalWindowSchema>): ArrivalWindow => ({
  id: String(w.id),
  start: w.start,
  duration: w.duration,
  businessUnitIds: w.businessUnitIds.map(String),
  active: w.active,
});

/** Where each read-mostly list lives, for full and incremental (modifiedOnOrAfter) reads. */
export const REFERENCE_ENDPOINTS = {
  businessUnits: { module: 'settings', path: 'business-units', schema: StBusinessUnitSchema, map: toBusinessUnit },
  jobTypes: { module: 'jpm', path: 'job-types', schema: StJobTypeSchema, map: toJobType },
  technicians: { module: 'settings', path: 'technicians', schema: StTechnicianSchema, map: toTechnician },
  arrivalWindows: { module: 'dispatch', path: 'arrival-windows', schema: StArrivalWindowSchema, map: toArrivalWindow },
} as const;

export interface ServiceTitanCrm extends CrmPort {
  /** What changed since the instant (ServiceTitan's modifiedOnOrAfter); deactivated records come back as removed. */
  referenceChangesSince<K extends ReferenceKind>(kind: K, since: Date): Promise<ReferenceChanges<K>>;
}
