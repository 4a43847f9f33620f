import { z } from 'zod';
import { INTERACTION } from './interaction.events';

/**
 * A website widget chat (001 §2.6): one interaction, so its events share the interaction's stream
 * (aggregate id = interaction id) with the post-call pipeline's steps that analyse it. Shapes are copied
 * structurally from domain/contracts/chat-widget.contract.ts: a published version never follows a contract edit.
 */
export const WIDGET_CHAT = INTERACTION;

const Ids = { interactionId: z.uuid(), orgId: z.uuid(), chatId: z.uuid() };

const ChatStepDetail = z.object({
  step: z.string(),
  message: z.string().nullish(),
  result: z.string().nullish(),
  messages: z.array(z.object({ text: z.string(), sender: z.enum(['user', 'bot', 'system']), timestamp: z.string() })),
});

const Address = z.object({
  street: z.string(),
  city: z.string(),
  state: z.string(),
  zip: z.string(),
  country: z.string(),
  unit: z.string().nullish(),
});

/** PHONE_LOOKUP: the visitor gave a phone number; the CRM customers with that number were looked up. */
export const WidgetChatRegisteredV1Schema = z.object({
  ...Ids,
  widgetId: z.string().min(1),
  deviceType: z.enum(['DESKTOP', 'MOBILE']),
  customerNumber: z.string(),
  matchedCustomerIds: z.array(z.string()),
  referer: z.string().nullable(),
  chatDetails: z.array(ChatStepDetail),
  registeredAt: z.iso.datetime({ offset: true }),
});

/** SCHEDULE_LOOKUP: open windows were looked up for the visitor. */
export const WidgetChatSlotsLookedUpV1Schema = z.object({
  ...Ids,
  startsOnOrAfter: z.string(),
  endTime: z.string().nullable(),
  jobTypeId: z.string().nullable(),
  businessUnitId: z.string().nullable(),
  priority: z.number().int().nullable(),
  slotCount: z.number().int().nonnegative(),
  chatDetails: z.array(ChatStepDetail).nullable(),
});

/** NEW_ADDRESS: the visitor gave or confirmed the address and name (and the CRM customer, when known). */
export const WidgetChatAddressRecordedV1Schema = z.object({
  ...Ids,
  address: Address,
  customerName: z.string(),
  crmCustomerId: z.string().nullable(),
  chatDetails: z.array(ChatStepDetail),
});

/** CREATE_BOOKING: the booking went to the CRM as a create_booking action; its outcome. */
export const WidgetChatBookingSubmittedV1Schema = z.object({
  ...Ids,
  actionId: z.uuid(),
  status: z.enum(['COMPLETED', 'DROPPED']),
  /** The CRM's booking id when COMPLETED, the reason when DROPPED. */
  bookingId: z.string().nullable(),
  reason: z.string().nullable(),
  bookingPayload: z.record(z.string(), z.unknown()),
  appointmentTime: z.string(),
  chatDetails: z.array(ChatStepDetail),
});

/** The chat is over: booked, or the visitor went quiet (the workflow's idle timer). */
export const WidgetChatEndedV1Schema = z.object({
  ...Ids,
  reason: z.enum(['booked', 'expired']),
  endedAt: z.iso.datetime({ offset: true }),
});
