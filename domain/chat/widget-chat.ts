import type { CreateBookingPayload } from '../actions/action-payloads';
import { capacityInputFor, LOOKAHEAD_DAYS, type CapacityCrmData, type OrgCapacityView } from '../capacity/capacity-check';
import { nextAvailableSlots } from '../capacity/capacity';
import {
  CHAT_STAGE_ORDER,
  type ChatActionRequest,
  type ChatAddress,
  type ChatStage,
  type ChatStepDetail,
  type ChatTimeSlot,
  type Contact,
  type WidgetBookingPayload,
} from '../contracts/chat-widget.contract';
import type { TranscriptLine } from '../interaction/interaction.schema';
import { toZonedParts } from '../time/zoned-time';
import { countryFromTimezone } from '../validation/country';
import { normalizePhoneNumber } from '../validation/phone';

/**
 * How long a widget chat waits for the visitor's next request before it ends (and is analysed as an
 * abandoned or unbooked interaction). A booking sent after that answers isWorkflowExpired (001 §8).
 */
export const WIDGET_CHAT_IDLE_MS = 30 * 60 * 1000;

/** How many open windows a schedule request answers at most. */
export const WIDGET_SLOT_LIMIT = 30;

/** The stage a chat is at: the furthest of 001 §4's order it has reached (a repeated earlier request does not move it back). */
export function furthestStage(current: ChatStage | null, reached: ChatStage): ChatStage {
  if (current === null) return reached;
  return CHAT_STAGE_ORDER.indexOf(reached) > CHAT_STAGE_ORDER.indexOf(current) ? reached : current;
}

/** A visitor's phone as +digits (000 §5), for the organization's country (from its timezone). */
export function visitorPhone(raw: string, orgTimezone: string | null): string {
  return normalizePhoneNumber(raw, countryFromTimezone(orgTimezone));
}

/**
 * The chat's step details as each request sends them: the widget sends the whole list so far, so a later,
 * longer list replaces an earlier one; a shorter one (a request retried from an older page state) does not.
 */
export function mergeChatDetails(current: readonly ChatStepDetail[], given: readonly ChatStepDetail[] | undefined): ChatStepDetail[] {
  if (!given || given.length < current.length) return [...current];
  return [...given];
}

/** The visitor's phone among the booking's contacts: a mobile first, then a landline. */
export function contactPhone(contacts: readonly Contact[]): string | null {
  const phone = contacts.find((c) => c.type === 'Mobile') ?? contacts.find((c) => c.type === 'Landline');
  return phone?.value ?? null;
}

/** Spec 001 §3 "Widget booking payload": externalId is the chat's interaction id, so a retried booking is one booking. */
export function widgetBookingPayload(req: ChatActionRequest, ctx: { address: ChatAddress | null; campaignId: string | null }): WidgetBookingPayload {
  const address = req.address ?? ctx.address;
  return {
    source: req.source,
    name: req.name,
    orgId: req.orgId,
    address: address
      ? { street: address.street, city: address.city, state: address.state, zip: address.zip, country: address.country, unit: address.unit ?? null }
      : null,
    contacts: req.contacts,
    type: req.type,
    startTime: req.startTime,
    summary: req.summary,
    isFirstTimeClient: req.isFirstTimeClient,
    externalId: req.interactionId,
    appointments: [{ start: req.startTime }],
    ...(req.businessUnitId ? { businessUnitId: req.businessUnitId } : {}),
    ...(req.jobTypeId ? { jobTypeId: req.jobTypeId } : {}),
    ...(ctx.campaignId ? { campaignId: ctx.campaignId } : {}),
  };
}

/** The CRM port's create_booking action for a widget booking (the port keeps no contact list or property type). */
export function createBookingPayloadOf(payload: WidgetBookingPayload, fallbackPhone: string): CreateBookingPayload {
  const type = payload.type === 'Commercial' ? 'Commercial property. ' : '';
  const firstTime = payload.isFirstTimeClient ? 'First-time client. ' : '';
  return {
    external_id: payload.externalId,
    source: payload.source,
    name: payload.name,
    phone_number: contactPhone(payload.contacts) ?? fallbackPhone,
    address: payload.address
      ? {
          street: payload.address.street,
          city: payload.address.city,
          state: payload.address.state,
          zip: payload.address.zip,
          country: payload.address.country,
          ...(payload.address.unit ? { unit: payload.address.unit } : {}),
        }
      : null,
    summary: `${type}${firstTime}${payload.summary}`.trim(),
    start_time: payload.startTime,
    business_unit_id: payload.businessUnitId ?? null,
    job_type_id: payload.jobTypeId ?? null,
  };
}

/** A structured address as one line, as an interaction's customer_address is shown. */
export function addressLine(address: Pick<ChatAddress, 'street' | 'city' | 'state' | 'zip'> & { unit?: string | null }): string {
  const street = address.unit ? `${address.street} ${address.unit}` : address.street;
  return [street, address.city, `${address.state} ${address.zip}`.trim()].filter(Boolean).join(', ');
}

const SPEAKER = { user: 'Customer', bot: 'Agent', system: 'Unknown' } as const;

/**
 * The chat as transcript lines (000 §3 "Transcript line"), so the post-call pipeline reads it as it reads a
 * call: the bot's messages are the agent's, the visitor's the customer's; mm:ss from the first message.
 */
export function chatTranscript(details: readonly ChatStepDetail[]): TranscriptLine[] {
  const messages = details.flatMap((d) =>
    d.messages.length > 0
      ? d.messages
      : [
          ...(d.message ? [{ text: d.message, sender: 'bot' as const, timestamp: '' }] : []),
          ...(d.result ? [{ text: d.result, sender: 'user' as const, timestamp: '' }] : []),
        ],
  );
  const times = messages.map((m) => Date.parse(m.timestamp));
  const first = times.find((t) => !Number.isNaN(t)) ?? null;
  return messages
    .filter((m) => m.text.trim() !== '')
    .map((m) => {
      const t = Date.parse(m.timestamp);
      const seconds = first === null || Number.isNaN(t) ? 0 : Math.max(0, Math.floor((t - first) / 1000));
      const minutes = Math.floor(seconds / 60);
      return {
        role: SPEAKER[m.sender],
        message: m.text,
        timestamp: `${minutes}:${String(seconds % 60).padStart(2, '0')}`,
        seconds,
      };
    });
}

export interface WidgetScheduleQuery {
  now: Date;
  startsOnOrAfter: Date;
  endTime?: Date;
  jobTypeId?: string;
  businessUnitId?: string;
  /** 1–5; none is 0. */
  priority: number;
}

/**
 * The open windows a widget offers (001 §2.6 Schedule), from the capacity engine the agents use: the job
 * type asked for (or the business unit's first, or the CRM's first), its business unit, the org's hours,
 * rules and buffers; windows starting before startsOnOrAfter or ending after endTime are left out.
 * `unitless` is a CRM without business units (every technician works every unit).
 */
export function widgetScheduleSlots(view: OrgCapacityView, crm: CapacityCrmData & { unitless?: boolean }, q: WidgetScheduleQuery): ChatTimeSlot[] {
  const jobType =
    crm.jobTypes.find((t) => t.id === q.jobTypeId) ??
    (q.jobTypeId ? undefined : (crm.jobTypes.find((t) => q.businessUnitId !== undefined && t.businessUnitIds.includes(q.businessUnitId)) ?? crm.jobTypes[0]));
  if (!jobType) return [];
  let businessUnitId = q.businessUnitId ?? jobType.businessUnitIds[0] ?? '';
  let data: CapacityCrmData = crm;
  if (crm.unitless) {
    businessUnitId = q.businessUnitId ?? '';
    data = { ...crm, technicians: crm.technicians.map((t) => ({ ...t, businessUnitIds: [businessUnitId] })) };
  }
  const input = capacityInputFor(view, data, { now: q.now, businessUnitId, jobType, priority: q.priority, zone: null });
  const from = q.startsOnOrAfter.getTime() > q.now.getTime() ? q.startsOnOrAfter : q.now;
  const fromDate = toZonedParts(from, view.timezone).date;
  return nextAvailableSlots(fromDate, LOOKAHEAD_DAYS, WIDGET_SLOT_LIMIT * 2, input)
    .filter((s) => s.start.getTime() >= q.startsOnOrAfter.getTime() && (!q.endTime || s.end.getTime() <= q.endTime.getTime()))
    .slice(0, WIDGET_SLOT_LIMIT)
    .map((s) => {
      const end = toZonedParts(s.end, view.timezone);
      return {
        start: `${s.date}T${s.localStart}:00`,
        end: `${end.date}T${end.time}:00`,
        startUtc: s.start.toISOString(),
        endUtc: s.end.toISOString(),
        timezone: view.timezone,
        businessUnitId: businessUnitId || null,
        jobTypeId: jobType.id,
      };
    });
}
