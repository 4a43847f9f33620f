import type { z } from 'zod';
import { normalizePhoneNumber } from '../../../../domain/validation/phone';
import { parseVendorShape } from '../http/vendor-http';
import { type NoEquivalent } from '../vendor-port';
import { type HcpAddress, type HcpCustomer, type HcpEmployee, type HcpEstimate, type HcpJob } from './housecallpro.types';
import {
  type Address,
  type Appointment,
  type Contact,
  type Customer,
  type CustomerLocation,
  type Estimate,
  type Job,
  type JobStatus,
  type TagType,
} from '../../../../domain/crm/crm-records';

/** Housecall Pro has no idempotency key: a booking tags its job with this prefix + the key and looks for it before creating. */
export const HOUSECALLPRO_IDEMPOTENCY_TAG_PREFIX = 'homeagent:';
export const DEFAULT_JOB_TYPE_DURATION_SECONDS = 7200;
export const HOUR_MS = 3_600_000;

export const noApi = (what: string) => `Housecall Pro's public API has no ${what}`;

/**
 * Port methods Housecall Pro's public API has nothing for. Left unmapped although the API has them:
 * bookings (its leads carry no creation time or summary to answer with) and the price book (materials
 * sit under categories, services behind an application key).
 */
export const NO_EQUIVALENT: NoEquivalent = {
  listBusinessUnits: noApi('business units'),
  onboardJobTypes: noApi('business units'),
  listTechnicianShifts: noApi('technician shifts'),
  technicianCapacity: noApi('technician shifts'),
  capacityPlanning: noApi('capacity planning'),
  cancelJob: noApi('job cancellation'),
  listJobCancelReasons: noApi('job cancel reasons'),
  confirmAppointment: noApi('appointment confirmation'),
  unconfirmAppointment: noApi('appointment confirmation'),
  setAppointmentSpecialInstructions: noApi('appointment instructions'),
  createCallbackRequest: noApi('callback requests'),
  listTelecomCalls: noApi('phone calls'),
  updateTelecomCall: noApi('phone calls'),
  getCallRecording: noApi('phone calls'),
  findCampaignsByCallerNumber: noApi('phone calls'),
  listCallReasons: noApi('call reasons'),
  listCampaigns: noApi('marketing campaigns'),
  createCampaign: noApi('marketing campaigns'),
  listCampaignCategories: noApi('marketing campaigns'),
  listReportCategories: noApi('reports'),
  listReports: noApi('reports'),
  getReport: noApi('reports'),
  runReport: noApi('reports'),
  getDynamicValueSet: noApi('reports'),
  listMemberships: noApi('memberships'),
  listMembershipTypes: noApi('memberships'),
  listRecurringServiceTypes: noApi('recurring services'),
  markRecurringServiceEvent: noApi('recurring services'),
  listInstalledEquipment: noApi('installed equipment'),
  createBookingProvider: noApi('booking providers'),
  listBookingProviders: noApi('booking providers'),
  listRoles: noApi('staff roles'),
  createEmployee: noApi('employee accounts'),
  updateEmployee: noApi('employee accounts'),
  sendPasswordResetLink: noApi('employee accounts'),
  findCustomersByAudienceRules: noApi('audience query'),
};

export const parse = <T>(schema: z.ZodType<T>, raw: unknown, what: string) => parseVendorShape('Housecall Pro', schema, raw, what);

export function toAddress(a: HcpAddress): Address {
  return { street: a.street ?? '', unit: a.street_line_2 || undefined, city: a.city ?? '', state: a.state ?? '', zip: a.zip ?? '', country: a.country ?? '' };
}

export function fromAddress(a: Address) {
  return { street: a.street, street_line_2: a.unit, city: a.city, state: a.state, zip: a.zip, country: a.country };
}

export function toLocation(customerId: string, a: HcpAddress): CustomerLocation {
  return { id: a.id, customerId, name: a.type === 'billing' ? 'Billing' : 'Service', address: toAddress(a) };
}

export function toCustomer(c: HcpCustomer): Customer {
  const contacts: Contact[] = [];
  if (c.mobile_number) contacts.push({ type: 'Mobile', value: c.mobile_number });
  if (c.home_number) contacts.push({ type: 'Landline', value: c.home_number, description: 'Home' });
  if (c.work_number) contacts.push({ type: 'Landline', value: c.work_number, description: 'Work' });
  if (c.email) contacts.push({ type: 'Email', value: c.email });
  const name = [c.first_name, c.last_name].filter(Boolean).join(' ') || c.company || '';
  return {
    id: c.id,
    name,
    type: c.company && !c.first_name && !c.last_name ? 'Commercial' : 'Residential',
    active: true,
    doNotService: false,
    contacts,
    locations: (c.addresses ?? []).filter((a) => a.type !== 'billing').map((a) => toLocation(c.id, a)),
  };
}

export function splitName(name: string): { first_name: string; last_name: string } {
  const parts = name.trim().split(/\s+/);
  return { first_name: parts[0] ?? '', last_name: parts.slice(1).join(' ') };
}

export function toAppointment(j: HcpJob): Appointment | null {
  const s = j.schedule;
  if (!s?.scheduled_start || !s.scheduled_end) return null;
  const start = new Date(s.scheduled_start);
  const canceled = j.work_status.includes('canceled');
  const done = j.work_status.startsWith('complete');
  return {
    // A Housecall Pro job has one schedule: the appointment is the job's schedule, under the job's id.
    id: j.id,
    jobId: j.id,
    customerId: j.customer.id,
    start,
    end: new Date(s.scheduled_end),
    arrivalWindowStart: s.arrival_window ? start : null,
    arrivalWindowEnd: s.arrival_window ? new Date(start.getTime() + s.arrival_window * 60_000) : null,
    technicianIds: (j.assigned_employees ?? []).map((e) => e.id),
    status: canceled ? 'Canceled' : done ? 'Done' : j.work_status === 'in progress' ? 'Working' : 'Scheduled',
    isConfirmed: false,
  };
}

export function toJob(j: HcpJob): Job {
  const appointment = toAppointment(j);
  return {
    id: j.id,
    jobNumber: j.invoice_number === null || j.invoice_number === undefined ? j.id : String(j.invoice_number),
    customerId: j.customer.id,
    locationId: j.address?.id ?? '',
    jobStatus: j.work_status.includes('canceled') ? 'CANCELED' : j.work_status.startsWith('complete') ? 'COMPLETED' : 'SCHEDULED',
    jobTypeId: j.job_fields?.job_type?.id ?? null,
    businessUnitId: j.job_fields?.business_unit?.id ?? null,
    priority: null,
    summary: j.description ?? '',
    createdOn: new Date(j.created_at),
    appointments: appointment ? [appointment] : [],
    tagTypeIds: j.tags ?? [],
  };
}

export const fullName = (e: HcpEmployee) => [e.first_name, e.last_name].filter(Boolean).join(' ');

export const digits = (phone: string) => normalizePhoneNumber(phone).replace(/^\+1/, '');

/** The work_status filter of GET /jobs for the port's job statuses. */
export const WORK_STATUSES: Record<JobStatus, string[]> = {
  SCHEDULED: ['unscheduled', 'scheduled', 'in_progress'],
  COMPLETED: ['completed'],
  CANCELED: ['canceled'],
};

export const isApproved = (status: string | null | undefined) => /approved/.test(status ?? '');
export const isClosed = (status: string | null | undefined) => /declined|expired/.test(status ?? '');

/**
 * An estimate as the port sees it: Housecall Pro approves or declines its options, so an estimate is Sold
 * when an option is approved and Dismissed when every option was turned down. Line items live per option
 * behind another request; the estimate lists its options, priced, as its items.
 */
export function toEstimate(e: HcpEstimate): Estimate {
  const options = e.options ?? [];
  const approved = options.filter((o) => isApproved(o.approval_status));
  const status = approved.length > 0 ? 'Sold' : options.length > 0 && options.every((o) => isClosed(o.approval_status)) ? 'Dismissed' : 'Open';
  const chosen = approved[0] ?? (options.length === 1 ? options[0] : undefined);
  const number = e.estimate_number === null || e.estimate_number === undefined ? e.id : String(e.estimate_number);
  return {
    id: e.id,
    jobId: null,
    locationId: e.address?.id ?? null,
    customerId: e.customer?.id ?? null,
    name: chosen?.name || `Estimate ${number}`,
    jobNumber: null,
    status,
    reviewStatus: 'None',
    summary: options
      .map((o) => o.message_from_pro)
      .filter(Boolean)
      .join('\n'),
    createdOn: new Date(e.created_at),
    modifiedOn: new Date(e.updated_at ?? e.created_at),
    soldOn: approved[0] ? new Date(approved[0].updated_at ?? e.updated_at ?? e.created_at) : null,
    soldBy: null,
    active: !/canceled|deleted/.test(e.work_status ?? ''),
    items: options.map((o) => ({ description: o.name ?? '', quantity: 1, price: (o.total_amount ?? 0) / 100 })),
    subtotal: (chosen?.total_amount ?? 0) / 100,
    tax: 0,
    businessUnitId: e.estimate_fields?.business_unit_id ?? null,
    businessUnitName: null,
  };
}

/** "08:00", "8:00" or "2021-01-10T08:00:00" → "08:00": the wall clock the company set its windows in. */
export function wallClock(time: string): string | null {
  const m = /(?:T|^)(\d{1,2}):(\d{2})/.exec(time);
  return m ? `${m[1].padStart(2, '0')}:${m[2]}` : null;
}

export const minutesOf = (hhmm: string) => Number(hhmm.slice(0, 2)) * 60 + Number(hhmm.slice(3, 5));
export const hhmm = (minutes: number) => `${String(Math.floor(minutes / 60)).padStart(2, '0')}:${String(minutes % 60).padStart(2, '0')}`;

/** Housecall Pro tags carry no timestamps or colors. */
export const toTagType = (t: { id: string; name: string }): TagType => ({
  id: t.id,
  name: t.name,
  color: '',
  code: '',
  importance: null,
  isConversionOpportunity: false,
  active: true,
  createdOn: new Date(0),
  modifiedOn: new Date(0),
});
