import type { CrmName, Timezone } from '../organization/organization-settings.schema';
import { prettifyEnum } from '../validation/text';
import type { EventAddress, EventBooking, NotificationEvent, SummarySection } from './interaction-event.schema';
import type { DeliveryPurpose, NotificationChannel } from './recipients';
import type { CallStatus } from '../interaction/interaction.schema';

/** Formats an instant as YYYY-MM-DD HH:mm:ss on the zone's wall clock; supplied by the org-local time module. */
export type FormatInZone = (date: Date, zone: Timezone) => string;

export interface ContentContext {
  timezone: Timezone;
  formatInZone: FormatInZone;
  /** Origin of the dashboard, e.g. https://app.example.com; links are /dashboard/link/{interaction_id} (000 §2). */
  dashboardUrl: string;
}

export const CALL_ERRORS_SUBJECT = 'Error in call';
export const BOOKED_DETAILS_WITHOUT_BOOKINGS_MESSAGE = 'Call for booked call details should have a template, but got none';
export const UNKNOWN_CUSTOMER = 'Unknown Customer';
export const VIEW_ON_DASHBOARD = 'View on Dashboard';

export type NotificationContentErrorCode = 'BOOKED_DETAILS_WITHOUT_BOOKINGS';

/** Content that cannot be built from the event. Retrying does not change the event, so never retryable. */
export class NotificationContentError extends Error {
  readonly retryable = false;

  constructor(
    readonly code: NotificationContentErrorCode,
    message: string,
  ) {
    super(message);
    this.name = 'NotificationContentError';
  }
}

export interface AppointmentView {
  start: string;
  end: string | null;
}

export interface BookingView {
  isEmergency: boolean;
  appointment: AppointmentView | null;
  department: string | null;
  jobSummary: SummarySection[];
}

export interface CustomerView {
  name: string;
  address: string | null;
  phone: string | null;
  email: string | null;
}

/** Variables of the job-booking and call-analysis templates (their variables are not shown in 002 §3). */
export interface InteractionEmailVariables {
  interactionId: string;
  date: string;
  subject: string;
  callStatus: CallStatus;
  source: 'call' | 'chat' | null;
  tags: string[];
  department: string | null;
  customer: CustomerView;
  summary: SummarySection[];
  bookings: BookingView[];
  dashboardLink: string;
  timezone: Timezone;
  crmName: CrmName;
}

export type EmailContent =
  | { channel: 'email'; template: 'job-booking' | 'call-analysis'; subject: string; variables: InteractionEmailVariables }
  | { channel: 'email'; template: 'call-errors'; subject: typeof CALL_ERRORS_SUBJECT; variables: { interactionId: string; errors: unknown[] } };

export interface SmsContent {
  channel: 'sms';
  text: string;
}

interface SlackBase {
  channel: 'slack';
  title: string;
  fields: Array<{ label: string; value: string }>;
  sections: SummarySection[];
  button: { text: typeof VIEW_ON_DASHBOARD; url: string };
}
export type SlackContent = (SlackBase & { message: 'booked-details'; bookings: BookingView[] }) | (SlackBase & { message: 'call-details' });

/** What the emergency phone call reads out (000 §4 EmergencyJobRule). */
export interface EmergencyJobDetails {
  customerName: string;
  address: string | null;
  mobile: string | null;
  department: string | null;
  orgId: string;
  appointments: AppointmentView[];
}

export interface CallContent {
  channel: 'call';
  job: EmergencyJobDetails;
}

export type NotificationContent = EmailContent | SmsContent | SlackContent | CallContent;

export function dashboardLink(dashboardUrl: string, interactionId: string): string {
  return `${dashboardUrl.replace(/\/+$/, '')}/dashboard/link/${encodeURIComponent(interactionId)}`;
}

function text(value: string | null | undefined): string | null {
  const trimmed = value?.trim();
  return trimmed ? trimmed : null;
}

export function formatAddress(address: EventAddress | null | undefined): string | null {
  if (address == null) return null;
  if (typeof address === 'string') return text(address);
  const stateZip = [address.state, address.zip].map(text).filter(Boolean).join(' ');
  return text([address.street, address.unit, address.city, stateZip, address.country].map(text).filter(Boolean).join(', '));
}

const WALL_TIME = /^(\d{4}-\d{2}-\d{2})[T ](\d{2}):(\d{2})(?::(\d{2}))?(?:\.\d+)?$/;
const ZONED_TIME = /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}(?::\d{2}(?:\.\d+)?)?(?:Z|[+-]\d{2}:?\d{2})$/i;

/**
 * An appointment time as YYYY-MM-DD HH:mm:ss in the org's zone. A time without an offset is already the
 * org's wall clock (the agents book in org-local time), so it is only reshaped; parsing it with Date would
 * read it in the server's zone. Anything unrecognised is passed on as written rather than guessed at.
 */
export function formatAppointmentTime(value: string, context: Pick<ContentContext, 'timezone' | 'formatInZone'>): string {
  const wall = WALL_TIME.exec(value);
  if (wall) return `${wall[1]} ${wall[2]}:${wall[3]}:${wall[4] ?? '00'}`;
  if (ZONED_TIME.test(value)) {
    const instant = new Date(value);
    if (!Number.isNaN(instant.getTime())) return context.formatInZone(instant, context.timezone);
  }
  return value;
}

function appointmentView(booking: EventBooking, context: ContentContext): AppointmentView | null {
  if (!booking.appointment) return null;
  const { start, end } = booking.appointment;
  return { start: formatAppointmentTime(start, context), end: end ? formatAppointmentTime(end, context) : null };
}

function bookingView(booking: EventBooking, context: ContentContext): BookingView {
  return {
    isEmergency: booking.isEmergency,
    appointment: appointmentView(booking, context),
    department: text(booking.department) ?? text(booking.businessUnitName),
    jobSummary: booking.jobSummary,
  };
}

function widgetPayload(event: NotificationEvent) {
  return event.type === 'widget.event' ? event.payload.booking_payload : null;
}

function customerView(event: NotificationEvent): CustomerView {
  const { customer } = event.payload;
  return {
    name: text(customer?.name) ?? text(widgetPayload(event)?.name) ?? UNKNOWN_CUSTOMER,
    address: formatAddress(customer?.address) ?? formatAddress(widgetPayload(event)?.address),
    phone: text(customer?.phone),
    email: text(customer?.email),
  };
}

/** The event's subject with its tags prepended: "[booked, same_day] AC not cooling". */
export function taggedSubject(event: NotificationEvent): string {
  const { subject, source, tags } = event.payload;
  // Neither spec says what a subject-less interaction is called; the channel it came through is honest.
  const base = text(subject) ?? (source === 'chat' ? 'New chat' : 'New call');
  return tags.length > 0 ? `[${tags.join(', ')}] ${base}` : base;
}

export function interactionEmail(event: NotificationEvent, context: ContentContext): EmailContent {
  const { payload } = event;
  return {
    channel: 'email',
    template: payload.call_status === 'BOOKED' ? 'job-booking' : 'call-analysis',
    subject: taggedSubject(event),
    variables: {
      interactionId: payload.interaction_id,
      date: payload.date,
      subject: text(payload.subject) ?? '',
      callStatus: payload.call_status,
      source: payload.source ?? null,
      tags: payload.tags,
      department: text(payload.department),
      customer: customerView(event),
      summary: payload.summary,
      bookings: payload.bookings.map((booking) => bookingView(booking, context)),
      dashboardLink: dashboardLink(context.dashboardUrl, payload.interaction_id),
      timezone: context.timezone,
      crmName: payload.org.crm_name,
    },
  };
}

/** 000 §4 CallErrorsRule: template call-errors {interactionId, errors[]}, subject "Error in call". */
export function callErrorsEmail(event: NotificationEvent): EmailContent {
  return {
    channel: 'email',
    template: 'call-errors',
    subject: CALL_ERRORS_SUBJECT,
    variables: { interactionId: event.payload.interaction_id, errors: event.payload.errors },
  };
}

function appointmentLine(booking: BookingView): string | null {
  if (!booking.appointment) return null;
  const { start, end } = booking.appointment;
  return `Appointment: ${start}${end ? ` to ${end}` : ''}${booking.isEmergency ? ' (emergency)' : ''}`;
}

/** The call-analysis text: what happened, with whom, and what the summary says; one fact per line. */
export function callAnalysisText(event: NotificationEvent, context: ContentContext): string {
  const customer = customerView(event);
  const lines = [
    taggedSubject(event),
    `Status: ${prettifyEnum(event.payload.call_status)}`,
    `Customer: ${customer.name}${customer.phone ? ` (${customer.phone})` : ''}`,
    customer.address ? `Address: ${customer.address}` : null,
    ...event.payload.bookings.map((booking) => appointmentLine(bookingView(booking, context))),
    ...event.payload.summary.map((section) => {
      const content = section.content
        .map((line) => line.trim())
        .filter(Boolean)
        .join(' ');
      return content ? `${section.title}: ${content}` : null;
    }),
  ];
  return lines.filter((line): line is string => line !== null).join('\n');
}

/** 000 §4 sms: the call-analysis text and a "Details:" dashboard link. */
export function smsMessage(event: NotificationEvent, context: ContentContext): SmsContent {
  const link = dashboardLink(context.dashboardUrl, event.payload.interaction_id);
  return { channel: 'sms', text: `${callAnalysisText(event, context)}\nDetails: ${link}` };
}

function slackBase(event: NotificationEvent, context: ContentContext): SlackBase {
  const customer = customerView(event);
  const { payload } = event;
  const fields: Array<{ label: string; value: string | null }> = [
    { label: 'Status', value: prettifyEnum(payload.call_status) },
    { label: 'Customer', value: customer.name },
    { label: 'Phone', value: customer.phone },
    { label: 'Address', value: customer.address },
    { label: 'Department', value: text(payload.department) },
    { label: 'Tags', value: payload.tags.length > 0 ? payload.tags.join(', ') : null },
  ];
  return {
    channel: 'slack',
    title: taggedSubject(event),
    fields: fields.filter((field): field is { label: string; value: string } => field.value !== null),
    sections: payload.summary,
    button: { text: VIEW_ON_DASHBOARD, url: dashboardLink(context.dashboardUrl, payload.interaction_id) },
  };
}

/** @throws NotificationContentError when the interaction has no bookings to detail (000 §8). */
export function bookedDetailsMessage(event: NotificationEvent, context: ContentContext): SlackContent {
  if (event.payload.bookings.length === 0) {
    throw new NotificationContentError('BOOKED_DETAILS_WITHOUT_BOOKINGS', BOOKED_DETAILS_WITHOUT_BOOKINGS_MESSAGE);
  }
  return {
    ...slackBase(event, context),
    message: 'booked-details',
    bookings: event.payload.bookings.map((booking) => bookingView(booking, context)),
  };
}

export function callDetailsMessage(event: NotificationEvent, context: ContentContext): SlackContent {
  return { ...slackBase(event, context), message: 'call-details' };
}

/** 000 §4 slack: booked-details for booked interactions, call-details otherwise. */
export function slackMessage(event: NotificationEvent, context: ContentContext): SlackContent {
  return event.payload.call_status === 'BOOKED' ? bookedDetailsMessage(event, context) : callDetailsMessage(event, context);
}

/** 000 §4 EmergencyJobRule: the job details of the emergency bookings, for the phone call. */
export function emergencyJobDetails(event: NotificationEvent, context: ContentContext): EmergencyJobDetails {
  const emergencies = event.payload.bookings.filter((booking) => booking.isEmergency).map((booking) => bookingView(booking, context));
  const customer = customerView(event);
  const mobileContact = widgetPayload(event)?.contacts.find((contact) => contact.type === 'Mobile');
  return {
    customerName: customer.name,
    // A widget booking's own address is where the job is; a call's customer address is the job's.
    address: formatAddress(widgetPayload(event)?.address) ?? customer.address,
    mobile: text(mobileContact?.value) ?? customer.phone,
    department: emergencies.find((booking) => booking.department)?.department ?? text(event.payload.department),
    orgId: event.payload.org.id,
    appointments: emergencies.flatMap((booking) => (booking.appointment ? [booking.appointment] : [])),
  };
}

export function buildContent(event: NotificationEvent, channel: NotificationChannel, purpose: DeliveryPurpose, context: ContentContext): NotificationContent {
  switch (channel) {
    case 'email':
      return purpose === 'call_errors' ? callErrorsEmail(event) : interactionEmail(event, context);
    case 'sms':
      return smsMessage(event, context);
    case 'slack':
      return slackMessage(event, context);
    case 'call':
      return { channel: 'call', job: emergencyJobDetails(event, context) };
  }
}
