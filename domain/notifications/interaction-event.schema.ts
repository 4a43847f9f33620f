import { CallStatusSchema, BOOKED_WITHOUT_BOOKINGS } from '../interaction/interaction.schema';
import { z } from 'zod';
import { CrmNameSchema, TimezoneSchema } from '../organization/organization-settings.schema';

/** The two event types notification rules listen to (spec 000 §9). */
export const NOTIFICATION_EVENT_TYPES = ['csr.call', 'widget.event'] as const;
export const NotificationEventTypeSchema = z.enum(NOTIFICATION_EVENT_TYPES);
export type NotificationEventType = z.infer<typeof NotificationEventTypeSchema>;
// CRM ids are numbers in one CRM and strings in the other.
const CrmIdSchema = z.union([z.string(), z.number()]);

// Producers send null as often as they leave a list out; both mean "none".
const listOf = <T extends z.ZodType>(item: T) =>
  z
    .array(item)
    .nullish()
    .transform((list): z.output<T>[] => list ?? []);

export const SummarySectionSchema = z.object({ title: z.string(), content: z.array(z.string()) });
export type SummarySection = z.infer<typeof SummarySectionSchema>;

export const StructuredAddressSchema = z.looseObject({
  street: z.string(),
  city: z.string(),
  state: z.string(),
  zip: z.string(),
  country: z.string(),
  unit: z.string().nullish(),
});
export type StructuredAddress = z.infer<typeof StructuredAddressSchema>;

/** A call's customer address is one formatted line (001 §3 Interaction); widget payloads are structured. */
export const EventAddressSchema = z.union([z.string(), StructuredAddressSchema]);
export type EventAddress = z.infer<typeof EventAddressSchema>;

export const EventCustomerSchema = z.looseObject({
  id: CrmIdSchema.nullish(),
  name: z.string().nullish(),
  address: EventAddressSchema.nullish(),
  phone: z.string().nullish(),
  email: z.string().nullish(),
});
export type EventCustomer = z.infer<typeof EventCustomerSchema>;

export const EventAppointmentSchema = z.looseObject({ start: z.string(), end: z.string().nullish() });
export type EventAppointment = z.infer<typeof EventAppointmentSchema>;

export const EventBookingSchema = z.looseObject({
  // A booking that does not say it is an emergency is a regular one.
  isEmergency: z.boolean().default(false),
  appointment: EventAppointmentSchema.nullish(),
  techId: CrmIdSchema.nullish(),
  jobSummary: listOf(SummarySectionSchema),
  // Not listed in 000 §3, but the job's trade is what picks the on-call person (001 §2.9), and the
  // booking's business unit / department is where it lives.
  department: z.string().nullish(),
  businessUnitName: z.string().nullish(),
});
export type EventBooking = z.infer<typeof EventBookingSchema>;

export const EventCallbackSchema = z.looseObject({ is_emergency: z.boolean() });

export const EventOrgSchema = z.looseObject({
  id: z.string().min(1),
  name: z.string(),
  timezone: TimezoneSchema,
  crm_name: CrmNameSchema,
});

export const EventContactSchema = z.looseObject({
  type: z.enum(['Landline', 'Mobile', 'Email', 'Fax']),
  description: z.string().nullish(),
  value: z.string(),
});

/**
 * 001 §3 "Widget booking payload". Only what notifications read is required to be well-formed; the rest
 * passes through untouched, so a payload change on the CRM side does not drop the notification.
 */
export const WidgetBookingPayloadSchema = z.looseObject({
  name: z.string().nullish(),
  orgId: z.string().nullish(),
  address: StructuredAddressSchema.nullish(),
  contacts: listOf(EventContactSchema),
  type: z.enum(['Residential', 'Commercial']).nullish(),
  startTime: z.string().nullish(),
  summary: z.string().nullish(),
  appointments: listOf(z.looseObject({ start: z.string() })),
  businessUnitId: CrmIdSchema.nullish(),
  jobTypeId: CrmIdSchema.nullish(),
  campaignId: CrmIdSchema.nullish(),
});
export type WidgetBookingPayload = z.infer<typeof WidgetBookingPayloadSchema>;

const interactionFields = {
  interaction_id: z.string().min(1),
  date: z.string().min(1),
  subject: z.string().nullish(),
  department: z.string().nullish(),
  source: z.enum(['call', 'chat']).nullish(),
  call_status: CallStatusSchema,
  customer: EventCustomerSchema.nullish(),
  summary: listOf(SummarySectionSchema),
  bookings: listOf(EventBookingSchema),
  tags: listOf(z.string()),
  // The shape of an error entry is not shown (000 §3); the call-errors e-mail carries them as they are.
  errors: listOf(z.unknown()),
  leads_provider: z.string().nullish(),
  agent_type: z.string().nullish(),
  org: EventOrgSchema,
};

/** The Interaction of spec 000 §3, published as notification event csr.call. */
export const CsrCallSchema = z
  .looseObject({
    ...interactionFields,
    callback: EventCallbackSchema.nullish(),
    transcript_object: z.unknown().optional(),
  })
  .superRefine((call, ctx) => {
    if (call.call_status === 'BOOKED' && call.bookings.length === 0) {
      ctx.addIssue({ code: 'custom', path: ['bookings'], message: BOOKED_WITHOUT_BOOKINGS });
    }
  });
export type CsrCall = z.infer<typeof CsrCallSchema>;

/** 001 §3 "Widget event": the csr.call fields plus the widget's own. */
export const WidgetEventSchema = z.looseObject({
  ...interactionFields,
  widget_id: z.string().min(1),
  chat_id: z.string().min(1),
  transcript: z.unknown().optional(),
  booking_payload: WidgetBookingPayloadSchema.nullish(),
});
export type WidgetEvent = z.infer<typeof WidgetEventSchema>;

export const NotificationEventSchema = z.discriminatedUnion('type', [
  z.object({ type: z.literal('csr.call'), payload: CsrCallSchema }),
  z.object({ type: z.literal('widget.event'), payload: WidgetEventSchema }),
]);
export type NotificationEvent = z.infer<typeof NotificationEventSchema>;
export type NotificationEventInput = z.input<typeof NotificationEventSchema>;
