import { z } from 'zod';
import { CHAT_STAGES, CallStatusSchema } from '../interaction/interaction.schema';
import { SummarySectionSchema } from '../interaction/summary.schema';
import { normalizeZipCode, ZIP_CODE_MESSAGE } from '../validation/zip-code';
import { ErrorBodySchema } from './errors.contract';
import { CallLogsRequestSchema } from './calls.contract';

/**
 * The website booking widget's four visitor requests and their answers (spec 001 §2.6, §3 "Chat widget
 * requests and answers", §5, §7 "Chat widget (visitor)"), and the staff views of a widget chat.
 */

/** Spec 001 §4: the stages in the order the flow reaches them. */
export const CHAT_STAGE_ORDER = ['PHONE_LOOKUP', 'SCHEDULE_LOOKUP', 'NEW_ADDRESS', 'CREATE_BOOKING'] as const satisfies readonly (typeof CHAT_STAGES)[number][];
export const ChatStageSchema = z.enum(CHAT_STAGE_ORDER);
export type ChatStage = z.infer<typeof ChatStageSchema>;

export const DeviceTypeSchema = z.enum(['DESKTOP', 'MOBILE'], 'deviceType must be DESKTOP or MOBILE');
export type DeviceType = z.infer<typeof DeviceTypeSchema>;

const uuid = (name: string) => z.uuid(`${name} must be a UUID`);

/** One message of a chat step (001 §3 "Chat log entry and chat data"). */
export const ChatStepMessageSchema = z.object({
  text: z.string().max(4000, 'a chat message must be at most 4000 characters'),
  sender: z.enum(['user', 'bot', 'system'], 'sender must be user, bot or system'),
  timestamp: z.string().max(64),
});
export type ChatStepMessage = z.infer<typeof ChatStepMessageSchema>;

/** One step the visitor went through: the widget step id, its message, what they picked and the messages shown. */
export const ChatStepDetailSchema = z.object({
  step: z.string().max(200),
  message: z.string().max(4000).nullish(),
  result: z.string().max(4000).nullish(),
  messages: z.array(ChatStepMessageSchema).max(200).default([]),
});
export type ChatStepDetail = z.infer<typeof ChatStepDetailSchema>;
const ChatDetailsSchema = z.array(ChatStepDetailSchema).max(100, 'chatDetails may hold at most 100 steps');

// A visitor types a phone number as they like; it must hold a number's digits (it is normalized per 000 §5 afterwards).
const PHONE_MESSAGE = 'phone must be a phone number of at least 10 digits';
export const VisitorPhoneSchema = z
  .string(PHONE_MESSAGE)
  .max(40, PHONE_MESSAGE)
  .refine((v) => v.replace(/\D/g, '').length >= 10 && v.replace(/\D/g, '').length <= 15, PHONE_MESSAGE);

/**
 * Spec 001 §3 "Structured address". The zip code is trimmed, uppercased and checked for the address's country
 * (001 §5): a bad one answers "Please ask the customer for their zip code.".
 */
export const ChatAddressSchema = z
  .object({
    street: z.string('street is required').trim().min(1, 'street is required').max(300),
    city: z.string('city is required').trim().min(1, 'city is required').max(200),
    state: z.string('state is required').trim().min(1, 'state is required').max(100),
    zip: z.string(ZIP_CODE_MESSAGE).max(20, ZIP_CODE_MESSAGE),
    country: z.string().trim().min(1).max(60).default('US'),
    unit: z.string().trim().max(60).nullish(),
  })
  .transform((address, ctx) => {
    const zip = normalizeZipCode(address.zip, address.country);
    if (!zip.ok) {
      ctx.addIssue({ code: 'custom', path: ['zip'], message: zip.message });
      return z.NEVER;
    }
    return { ...address, zip: zip.value };
  });
export type ChatAddress = z.infer<typeof ChatAddressSchema>;

export const ContactSchema = z.object({
  type: z.enum(['Landline', 'Mobile', 'Email', 'Fax'], 'contact type must be Landline, Mobile, Email or Fax'),
  description: z.string().max(200).nullish(),
  value: z.string().trim().min(1, 'contact value is required').max(200),
});
export type Contact = z.infer<typeof ContactSchema>;

export const PropertyTypeSchema = z.enum(['Residential', 'Commercial'], 'type must be Residential or Commercial');

const CrmRefSchema = z.union([z.string().min(1).max(100), z.number().int()]).transform(String);
const instant = (name: string) => z.iso.datetime({ offset: true, message: `${name} must be an ISO date-time with an offset` });

/** POST /chat/register (optional Referer header). */
export const ChatRegisterRequestSchema = z.object({
  phone: VisitorPhoneSchema,
  orgId: uuid('orgId'),
  chatDetails: ChatDetailsSchema.default([]),
  deviceType: DeviceTypeSchema,
  widgetId: z.string().min(1, 'widgetId is required').max(100),
});
export type ChatRegisterRequest = z.infer<typeof ChatRegisterRequestSchema>;

/** A CRM customer whose phone matches the visitor's. */
export const ChatCustomerSchema = z.object({
  id: z.string(),
  name: z.string(),
  type: z.string().nullable(),
  phones: z.array(z.string()),
  locations: z.array(z.object({ id: z.string(), name: z.string().nullable(), address: z.record(z.string(), z.unknown()) })),
});
export type ChatCustomer = z.infer<typeof ChatCustomerSchema>;

export const ChatRegisterResponseSchema = z.object({
  chatId: z.uuid(),
  interactionId: z.uuid(),
  data: z.array(ChatCustomerSchema),
});
export type ChatRegisterResponse = z.infer<typeof ChatRegisterResponseSchema>;

/** POST /chat/schedule. timezone is the visitor's; slots are in the organization's timezone (001 §2.6). */
export const ChatScheduleRequestSchema = z.object({
  orgId: uuid('orgId'),
  chatId: uuid('chatId'),
  startsOnOrAfter: instant('startsOnOrAfter'),
  priority: z.number('priority must be a number from 1 to 5').int().min(1).max(5).optional(),
  jobTypeId: CrmRefSchema.optional(),
  businessUnitId: CrmRefSchema.optional(),
  endTime: instant('endTime').optional(),
  timezone: z.string().max(64).optional(),
  demoMode: z.boolean().optional(),
  fromNumber: z.string().max(40).optional(),
  chatDetails: ChatDetailsSchema.optional(),
});
export type ChatScheduleRequest = z.infer<typeof ChatScheduleRequestSchema>;

/** One open appointment window: org-local start and end (no offset), the same instants in UTC, and its business unit. */
export const ChatTimeSlotSchema = z.object({
  start: z.string(),
  end: z.string(),
  startUtc: z.string(),
  endUtc: z.string(),
  timezone: z.string(),
  businessUnitId: z.string().nullable(),
  jobTypeId: z.string().nullable(),
});
export type ChatTimeSlot = z.infer<typeof ChatTimeSlotSchema>;

export const ChatScheduleResponseSchema = z.object({ data: z.array(ChatTimeSlotSchema) });
export type ChatScheduleResponse = z.infer<typeof ChatScheduleResponseSchema>;

/** POST /chat/address. */
export const ChatAddressRequestSchema = z.object({
  orgId: uuid('orgId'),
  chatId: uuid('chatId'),
  interactionId: uuid('interactionId'),
  chatDetails: ChatDetailsSchema.default([]),
  address: ChatAddressSchema,
  customer_name: z.string('customer_name is required').trim().min(1, 'customer_name is required').max(200),
  customer_id: CrmRefSchema.optional(),
});
export type ChatAddressRequest = z.infer<typeof ChatAddressRequestSchema>;

export const ChatAddressResponseSchema = z.object({ success: z.boolean() });

/** POST /chat/action: the booking. */
export const ChatActionRequestSchema = z.object({
  source: z.string().trim().min(1).max(100).default('Website widget'),
  name: z.string('name is required').trim().min(1, 'name is required').max(200),
  orgId: uuid('orgId'),
  chatId: uuid('chatId'),
  interactionId: uuid('interactionId'),
  address: ChatAddressSchema.optional(),
  contacts: z.array(ContactSchema).min(1, 'contacts must hold at least one contact').max(10),
  type: PropertyTypeSchema,
  startTime: instant('startTime'),
  summary: z.string().max(4000).default(''),
  isFirstTimeClient: z.boolean('isFirstTimeClient must be true or false'),
  chatDetails: ChatDetailsSchema.default([]),
  jobTypeId: CrmRefSchema.optional(),
  businessUnitId: CrmRefSchema.optional(),
});
export type ChatActionRequest = z.infer<typeof ChatActionRequestSchema>;

export const ChatActionResponseSchema = z.object({ actionId: z.uuid().optional() });

/** Spec 001 §8: a booking refused because the chat's workflow ended first carries isWorkflowExpired. */
export const ChatBookingErrorSchema = ErrorBodySchema.extend({ isWorkflowExpired: z.boolean() });
export type ChatBookingError = z.infer<typeof ChatBookingErrorSchema>;

/** Spec 001 §3 "Widget booking payload (as forwarded to the CRM)". */
export const WidgetBookingPayloadSchema = z.object({
  source: z.string(),
  name: z.string(),
  orgId: z.string(),
  address: z.object({ street: z.string(), city: z.string(), state: z.string(), zip: z.string(), country: z.string(), unit: z.string().nullish() }).nullable(),
  contacts: z.array(ContactSchema),
  type: PropertyTypeSchema,
  startTime: z.string(),
  summary: z.string(),
  isFirstTimeClient: z.boolean(),
  externalId: z.string(),
  appointments: z.array(z.object({ start: z.string() })),
  businessUnitId: z.string().optional(),
  jobTypeId: z.string().optional(),
  campaignId: z.string().optional(),
});
export type WidgetBookingPayload = z.infer<typeof WidgetBookingPayloadSchema>;

/** POST /chat/logs: the call logs' request (001 §2.5); currentAgents is accepted and not used for chats. */
export const ChatLogsRequestSchema = CallLogsRequestSchema.pick({ orgId: true, agentId: true, from: true, to: true, page: true, pageSize: true }).extend({
  currentAgents: CallLogsRequestSchema.shape.currentAgents.optional(),
});
export type ChatLogsRequest = z.infer<typeof ChatLogsRequestSchema>;

const ChatLogInteractionSchema = z.object({
  id: z.string(),
  chat_id: z.string(),
  call_id: z.null(),
  crm_campaign_id: z.string().nullable(),
  customer_name: z.string().nullable(),
  customer_number: z.string().nullable(),
  customer_address: z.string().nullable(),
  crm_customer_id: z.string().nullable(),
  created_at: z.string(),
  org_id: z.string(),
  tags: z.array(z.string()),
  reviewed_at: z.string().nullable(),
  review_notes: z.string().nullable(),
});

/** Spec 001 §3 "Chat log entry", with the chat data's own fields (device, widget, times). */
export const ChatLogEntrySchema = z.object({
  id: z.string(),
  org_id: z.string(),
  stage: ChatStageSchema,
  interactions: ChatLogInteractionSchema,
  jobs: z.array(z.object({ revenue: z.number().nullable(), crm_job_id: z.string().nullable(), crm_booking_id: z.string().nullable() })),
  tags: z.array(z.string()),
  /** PROCESSING while the chat is open or being analysed, then its classification (001 §4). */
  status: CallStatusSchema,
  chat_details: z.array(ChatStepDetailSchema),
  created_at: z.string(),
  ended_at: z.string().nullable(),
  device_type: DeviceTypeSchema,
  widget_id: z.string(),
});
export type ChatLogEntry = z.infer<typeof ChatLogEntrySchema>;

export const ChatLogsResponseSchema = z.object({ entries: z.array(ChatLogEntrySchema) });

/** Spec 001 §3 "Widget details": one chat for the details page. */
export const WidgetDetailsSchema = z.object({
  id: z.string(),
  org_id: z.string(),
  interaction_id: z.string(),
  customer_name: z.string().nullable(),
  customer_number: z.string().nullable(),
  customer_address: z.string().nullable(),
  crm_customer_id: z.string().nullable(),
  reviewed_at: z.string().nullable(),
  timezone: z.string().nullable(),
  created_at: z.string(),
  chat_details: z.array(ChatStepDetailSchema),
  stage: ChatStageSchema,
  summary: z.array(SummarySectionSchema),
  appointment_time: z.string().nullable(),
  // Beyond 001 §3: what the details page shows besides, as a call's details carry it.
  /** PROCESSING while the chat is open or being analysed, then its classification (001 §4). */
  call_status: CallStatusSchema,
  call_type: z.string().nullable(),
  call_type_reason: z.string().nullable(),
  tags: z.array(z.string()),
  /** Tag → why the pipeline gave it. */
  tag_reasons: z.record(z.string(), z.string()),
  review_notes: z.string().nullable(),
  ended_at: z.string().nullable(),
  device_type: DeviceTypeSchema,
  widget_id: z.string(),
  /** The booking sent to the CRM: COMPLETED when it took it, DROPPED when it refused; null before one was sent. */
  booking: z.object({ status: z.string().nullable(), crm_booking_id: z.string().nullable(), start_time: z.string().nullable() }).nullable(),
});
export type WidgetDetails = z.infer<typeof WidgetDetailsSchema>;
