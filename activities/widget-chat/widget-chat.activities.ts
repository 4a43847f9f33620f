import { ApplicationFailure } from '@temporalio/activity';
import { createEvent, type DomainEvent, type EventType, type NewEvent } from '../../events/catalog';
import type { EventPublisher } from '../../events/bus/event-bus.port';
import type { CapacityRepository } from '../../events/projections/capacity-settings/capacity-settings.repository';
import type { WidgetChatDoc, WidgetChatRepository } from '../../events/projections/widget-chats/widget-chats.repository';
import { withCorrelationId } from '../../lib/correlation';
import type { RunMeta } from '../../domain/run/run-meta';
import type { ChatAddress, ChatCustomer, ChatStepDetail, ChatTimeSlot, DeviceType } from '../../domain/contracts/chat-widget.contract';
import { addressLine, chatTranscript, visitorPhone, widgetScheduleSlots } from '../../domain/chat/widget-chat';
import { InteractionInputSchema, type Action, type InteractionInput } from '../../domain/interaction/interaction.schema';
import type { NotificationEventInput } from '../../domain/notifications/interaction-event.schema';
import { loadCapacityCrmData } from '../agent-tools/check-org-capacity';
import { LOOKAHEAD_DAYS } from '../../domain/capacity/capacity-check';
import { toZonedParts } from '../../domain/time/zoned-time';
import { CrmError, type CrmProvider } from '../crm/crm.port';
import type { InteractionContextReader } from '../interaction/interaction-context.port';
import { taskOrgOf } from '../../domain/organization/org-profile.schema';
import type { SnapshotOrganization } from '../notifications/handoff/interaction-snapshot.port';

export interface WidgetChatActivityDeps {
  events: EventPublisher;
  crm: CrmProvider;
  capacity: Pick<CapacityRepository, 'view'>;
  chats: Pick<WidgetChatRepository, 'findCaughtUp'>;
  context: InteractionContextReader;
  organizations: { findOrganization(orgId: string): Promise<SnapshotOrganization | null> };
}

/** The chat every step publishes to: its interaction's stream (aggregate id = interaction id). */
export interface WidgetChatRef {
  meta: RunMeta;
  causationId: string;
  orgId: string;
  interactionId: string;
  chatId: string;
}

/** Vendor failures become Temporal failures: a refused request ends the activity at once. */
async function callCrm<T>(run: () => Promise<T>): Promise<T> {
  try {
    return await run();
  } catch (err) {
    if (err instanceof CrmError && !err.retryable) throw ApplicationFailure.nonRetryable(err.message, 'CrmError', { code: err.code });
    throw err;
  }
}

export function createWidgetChatActivities({ events, crm, capacity, chats, context, organizations }: WidgetChatActivityDeps) {
  const event = <T extends EventType>(ref: WidgetChatRef, eventId: string, type: T, data: NewEvent<T>['data']): DomainEvent =>
    createEvent({
      eventId,
      type,
      aggregateId: ref.interactionId,
      orgId: ref.orgId,
      correlationId: ref.meta.correlationId,
      causationId: ref.causationId,
      data,
    } as NewEvent<T>);
  const ids = (ref: WidgetChatRef) => ({ interactionId: ref.interactionId, orgId: ref.orgId, chatId: ref.chatId });
  const publish = (ref: WidgetChatRef, published: DomainEvent[]) => withCorrelationId(ref.meta.correlationId, () => events.publish(published));

  async function organization(orgId: string): Promise<SnapshotOrganization> {
    const org = await organizations.findOrganization(orgId);
    if (!org) throw ApplicationFailure.nonRetryable(`organization ${orgId} is not in the read model`, 'UnknownOrganization');
    return org;
  }

  return {
    /** PHONE_LOOKUP (001 §2.6 step 1): the visitor's phone, normalized for the org's country, and the CRM customers with it. */
    async registerWidgetChat(
      input: WidgetChatRef & {
        eventId: string;
        phone: string;
        widgetId: string;
        deviceType: DeviceType;
        chatDetails: ChatStepDetail[];
        referer: string | null;
        registeredAt: string;
      },
    ): Promise<{ customerNumber: string; customers: ChatCustomer[] }> {
      const org = await organization(input.orgId);
      const customerNumber = visitorPhone(input.phone, org.timezone);
      const found = org.crmName === 'NONE' ? [] : await callCrm(() => crm.forOrganization(input.orgId).findCustomersByPhone(customerNumber));
      const customers: ChatCustomer[] = found.map((c) => ({
        id: c.id,
        name: c.name,
        type: c.type ?? null,
        phones: c.contacts.filter((x) => x.type !== 'Email').map((x) => x.value),
        locations: c.locations.map((l) => ({ id: l.id, name: l.name ?? null, address: { ...l.address } })),
      }));
      await publish(input, [
        event(input, input.eventId, 'WidgetChatRegistered', {
          ...ids(input),
          widgetId: input.widgetId,
          deviceType: input.deviceType,
          customerNumber,
          matchedCustomerIds: customers.map((c) => c.id),
          referer: input.referer,
          chatDetails: input.chatDetails,
          registeredAt: input.registeredAt,
        }),
      ]);
      return { customerNumber, customers };
    },

    /** SCHEDULE_LOOKUP (001 §2.6 step 2): open windows from the capacity engine, in the org's timezone. */
    async findWidgetChatSlots(
      input: WidgetChatRef & {
        eventId: string;
        now: string;
        startsOnOrAfter: string;
        endTime: string | null;
        jobTypeId: string | null;
        businessUnitId: string | null;
        priority: number | null;
        chatDetails: ChatStepDetail[] | null;
      },
    ): Promise<ChatTimeSlot[]> {
      const view = await capacity.view(input.orgId);
      if (!view) throw ApplicationFailure.nonRetryable(`organization ${input.orgId} has no availability view`, 'UnknownOrganization');
      const now = new Date(input.now);
      const starts = new Date(input.startsOnOrAfter);
      const fromDate = toZonedParts(starts.getTime() > now.getTime() ? starts : now, view.timezone).date;
      const data = await callCrm(() =>
        loadCapacityCrmData(crm.forOrganization(input.orgId), view.timezone, fromDate, LOOKAHEAD_DAYS, view.availability.regularHours),
      );
      const slots = widgetScheduleSlots(view, data, {
        now,
        startsOnOrAfter: starts,
        endTime: input.endTime ? new Date(input.endTime) : undefined,
        jobTypeId: input.jobTypeId ?? undefined,
        businessUnitId: input.businessUnitId ?? undefined,
        priority: input.priority ?? 0,
      });
      await publish(input, [
        event(input, input.eventId, 'WidgetChatSlotsLookedUp', {
          ...ids(input),
          startsOnOrAfter: input.startsOnOrAfter,
          endTime: input.endTime,
          jobTypeId: input.jobTypeId,
          businessUnitId: input.businessUnitId,
          priority: input.priority,
          slotCount: slots.length,
          chatDetails: input.chatDetails,
        }),
      ]);
      return slots;
    },

    /** NEW_ADDRESS (001 §2.6 step 3). */
    async recordWidgetChatAddress(
      input: WidgetChatRef & { eventId: string; address: ChatAddress; customerName: string; crmCustomerId: string | null; chatDetails: ChatStepDetail[] },
    ): Promise<void> {
      await publish(input, [
        event(input, input.eventId, 'WidgetChatAddressRecorded', {
          ...ids(input),
          address: input.address,
          customerName: input.customerName,
          crmCustomerId: input.crmCustomerId,
          chatDetails: input.chatDetails,
        }),
      ]);
    },

    /** CREATE_BOOKING (001 §2.6 step 4): what the CRM action made of the booking. */
    async recordWidgetChatBooking(
      input: WidgetChatRef & {
        eventId: string;
        actionId: string;
        status: 'COMPLETED' | 'DROPPED';
        bookingId: string | null;
        reason: string | null;
        bookingPayload: Record<string, unknown>;
        appointmentTime: string;
        chatDetails: ChatStepDetail[];
      },
    ): Promise<void> {
      const { eventId: _e, meta: _m, causationId: _c, ...data } = input;
      await publish(input, [event(input, input.eventId, 'WidgetChatBookingSubmitted', { ...data, ...ids(input) })]);
    },

    async recordWidgetChatEnded(input: WidgetChatRef & { eventId: string; reason: 'booked' | 'expired'; endedAt: string }): Promise<void> {
      await publish(input, [event(input, input.eventId, 'WidgetChatEnded', { ...ids(input), reason: input.reason, endedAt: input.endedAt })]);
    },

    /** The chat as the post-call pipeline reads an interaction: its messages as transcript lines, the booking as a fact. */
    async transcribeWidgetChat(
      input: WidgetChatRef & { eventId: string; chatDetails: ChatStepDetail[]; actions: Action[]; customerPhone: string | null; startedAt: string },
    ): Promise<InteractionInput> {
      const org = await context.findOrganization(input.orgId);
      if (!org) throw ApplicationFailure.nonRetryable(`organization ${input.orgId} is not in the read model`, 'UnknownOrganization');
      const lines = chatTranscript(input.chatDetails);
      await publish(input, [
        createEvent({
          eventId: input.eventId,
          type: 'InteractionTranscribed',
          aggregateId: input.interactionId,
          orgId: input.orgId,
          correlationId: input.meta.correlationId,
          causationId: input.causationId,
          data: { interactionId: input.interactionId, orgId: input.orgId, lines },
        }),
      ]);
      return InteractionInputSchema.parse({
        source: 'chat',
        direction: 'inbound',
        agentType: 'CHAT_CSR_AGENT',
        org: taskOrgOf(org),
        transcript: lines,
        facts: { actions: input.actions, customerPhone: input.customerPhone, startedAt: input.startedAt, endedReason: null, durationSeconds: null },
      });
    },

    /** The widget.event of a finished chat (001 §3 "Widget event"), once the read model holds the pipeline's last step. */
    async describeWidgetChatForNotification(input: {
      orgId: string;
      interactionId: string;
      callStatus: string;
      awaitEventIds: string[][];
    }): Promise<NotificationEventInput> {
      const chat = await chats.findCaughtUp(input.interactionId, input.awaitEventIds);
      if (!chat) throw ApplicationFailure.retryable(`widget chat ${input.interactionId} is not projected yet`, 'NotProjectedYet');
      const org = await organization(input.orgId);
      return widgetEvent({ ...chat, callStatus: input.callStatus }, org);
    },
  };
}

/** 001 §3 "Widget event": the csr.call fields of the chat's interaction plus widget_id, chat_id, transcript and booking_payload. */
export function widgetEvent(chat: WidgetChatDoc, org: SnapshotOrganization): NotificationEventInput {
  const booked = chat.actionStatus === 'COMPLETED' && chat.appointmentTime !== null;
  const payload = chat.bookingPayload as { businessUnitId?: string } | null;
  return {
    type: 'widget.event',
    payload: {
      interaction_id: chat.interactionId,
      date: chat.createdAt.toISOString(),
      subject: null,
      department: null,
      source: 'chat',
      call_status: chat.callStatus as never,
      customer: {
        name: chat.customerName,
        address: chat.customerAddress ? addressLine(chat.customerAddress) : null,
        phone: chat.customerNumber,
        ...(chat.crmCustomerId ? { id: chat.crmCustomerId } : {}),
      },
      summary: chat.summary,
      bookings: booked
        ? [
            {
              isEmergency: false,
              appointment: { start: chat.appointmentTime!, end: null },
              techId: null,
              jobSummary: [],
              department: null,
              businessUnitName: null,
              businessUnitId: payload?.businessUnitId ?? null,
            },
          ]
        : [],
      tags: chat.tags,
      errors: chat.events.filter((e) => e.name === 'call_error').map((e) => e.metadata),
      agent_type: 'CHAT_CSR_AGENT',
      org: { id: org.id, name: org.name, timezone: org.timezone as never, crm_name: org.crmName as never },
      widget_id: chat.widgetId,
      chat_id: chat.chatId,
      transcript: chat.transcriptLines,
      booking_payload: chat.bookingPayload as never,
    },
  };
}

export type WidgetChatActivities = ReturnType<typeof createWidgetChatActivities>;
