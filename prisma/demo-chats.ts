import { chatTranscript } from '../domain/chat/widget-chat';
import { defaultWidgetSettings } from '../domain/contracts/widget.contract';
import type { CallType } from '../domain/interaction/interaction.schema';
import { CALL_STATUS_FOR_CALL_TYPE } from '../domain/interaction/interaction.schema';
import { addDays } from '../domain/time/calendar';
import { zonedTimeToInstant } from '../domain/time/zoned-time';
import { createEvent, type DomainEvent } from '../events/catalog';
import { uuidV5 } from '../lib/ids';
import { seededPicker } from './demo-random';

const DEMO_CHAT_NAMESPACE = '6c2e9b14-5f3a-4d8e-a1b7-0e9d3c4f2a61';

/** The demo organization's website widget: one per organization, its id derived from the organization's. */
export const demoWidgetId = (orgId: string) => uuidV5(`demo-widget:${orgId}`, DEMO_CHAT_NAMESPACE);

export function demoWidgetEvent(orgId: string, businessName: string): DomainEvent {
  const widgetId = demoWidgetId(orgId);
  return createEvent({
    eventId: uuidV5(`${widgetId}/WidgetCreated`, DEMO_CHAT_NAMESPACE),
    type: 'WidgetCreated',
    aggregateId: widgetId,
    orgId,
    correlationId: 'seed',
    causationId: null,
    data: { orgId, widgetId, settings: { ...defaultWidgetSettings(), business_name: businessName } },
  });
}

type ChatOutcome = Extract<CallType, 'Booked' | 'Unbooked'>;

/** One website chat as the widget would have left it: how far the visitor went and what came of it. */
export interface SyntheticChat {
  orgId: string;
  timeZone: string;
  chatKey: string;
  startedAt: Date;
  outcome: ChatOutcome;
  /** How many of the widget's steps the visitor answered (4 when booked; 1 or 2 when they stopped). */
  stepsAnswered: number;
  deviceType: 'DESKTOP' | 'MOBILE';
  customerName: string;
  customerNumber: string;
  service: string;
  street: string;
}

const SERVICES = ['AC not cooling', 'Furnace tune-up', 'Water heater', 'Drain cleaning', 'Thermostat install', 'Breaker panel check'];
const NAMES = ['Erin Cole', 'Victor Diaz', 'Hana Kim', 'Owen Price', 'Maya Patel', 'Leo Brooks', 'Rosa Medina', 'Nate Fischer'];
const STREETS = ['418 Oak Ridge Dr', '92 Willow Ln', '1507 Cedar Ave', '33 Harbor Ct', '2210 Pecan St', '76 Elm Terrace'];

/** 0–3 chats a day for the `days` days up to `today`: about half booked, the rest stopped after the phone or at the times. */
export function demoChats(orgId: string, timeZone: string, today: string, days = 60): SyntheticChat[] {
  const { next, pick } = seededPicker(orgId.replace(/-/g, '').slice(8, 16));
  const chats: SyntheticChat[] = [];
  for (let d = days - 1; d >= 0; d -= 1) {
    const date = addDays(today, -d);
    const count = Math.floor(next() * 4);
    for (let i = 0; i < count; i += 1) {
      const time = `${String(7 + Math.floor(next() * 15)).padStart(2, '0')}:${String(Math.floor(next() * 60)).padStart(2, '0')}`;
      const startedAt = zonedTimeToInstant(date, time, timeZone);
      const roll = next();
      if (d === 0 && startedAt.getTime() > Date.now() - 60 * 60_000) continue;
      chats.push({
        orgId,
        timeZone,
        chatKey: `${date}_${i}`,
        startedAt,
        outcome: roll < 0.55 ? 'Booked' : 'Unbooked',
        stepsAnswered: roll < 0.55 ? 4 : roll < 0.8 ? 2 : 1,
        deviceType: next() < 0.6 ? 'MOBILE' : 'DESKTOP',
        customerName: pick(NAMES),
        customerNumber: `+1512555${String(1000 + Math.floor(next() * 9000))}`,
        service: pick(SERVICES),
        street: pick(STREETS),
      });
    }
  }
  return chats;
}

/**
 * The events a finished website chat leaves in the log (registered, times looked up, address, booking, ended, then
 * the post-call steps: transcribed, classified, summarised, tagged), with ids derived from the chat, so publishing
 * them twice changes nothing. For the demo seed; live chats get theirs from the widget-chat workflow.
 */
export function syntheticChatEvents(c: SyntheticChat): DomainEvent[] {
  const chatId = uuidV5(`demo-chat:${c.orgId}:${c.chatKey}`, DEMO_CHAT_NAMESPACE);
  const interactionId = uuidV5(`demo-chat-interaction:${c.orgId}:${c.chatKey}`, DEMO_CHAT_NAMESPACE);
  const ids = { interactionId, orgId: c.orgId, chatId };
  const at = (seconds: number) => new Date(c.startedAt.getTime() + seconds * 1000);
  const envelope = (type: string, seconds: number) => ({
    eventId: uuidV5(`${interactionId}/${type}`, DEMO_CHAT_NAMESPACE),
    aggregateId: interactionId,
    orgId: c.orgId,
    correlationId: `demo-chat-${c.chatKey}`,
    causationId: null,
    occurredAt: at(seconds),
  });
  const said = (seconds: number, sender: 'user' | 'bot', text: string) => ({ text, sender, timestamp: at(seconds).toISOString() });
  const appointment = new Date(c.startedAt.getTime() + 2 * 86_400_000);
  appointment.setUTCMinutes(0, 0, 0);
  const first = c.customerName.split(' ')[0];
  const steps = [
    // The default widget's service step (its result is what Analytics counts as the service asked for), then the phone.
    { step: 'service', result: c.service, messages: [said(0, 'bot', 'Hi! What can we help you with today?'), said(9, 'user', c.service)] },
    { step: 'phone', result: c.customerNumber, messages: [said(10, 'bot', 'What is the best phone number to reach you?'), said(24, 'user', c.customerNumber)] },
    {
      step: 'schedule',
      messages: [
        said(26, 'bot', 'Here are the next open times. Which works for you?'),
        said(
          51,
          'user',
          new Intl.DateTimeFormat('en-US', {
            weekday: 'short',
            month: 'short',
            day: 'numeric',
            hour: 'numeric',
            minute: '2-digit',
            timeZone: c.timeZone,
          }).format(appointment),
        ),
      ],
    },
    {
      step: 'address',
      messages: [
        said(52, 'bot', 'Where should the technician come, and who should they ask for?'),
        said(80, 'user', `${c.customerName}, ${c.street}, Austin, TX 78704`),
      ],
    },
    { step: 'confirm', messages: [said(82, 'bot', `You're booked, ${first}! We'll text you a reminder the day before.`)] },
  ];
  // The service and the phone are answered together before the chat registers: one more detail than steps answered.
  const details = steps.slice(0, c.stepsAnswered + 1);
  const lastSecond = [24, 51, 80, 82][c.stepsAnswered - 1];
  const events: DomainEvent[] = [
    createEvent({
      ...envelope('WidgetChatRegistered', 0),
      type: 'WidgetChatRegistered',
      data: {
        ...ids,
        widgetId: demoWidgetId(c.orgId),
        deviceType: c.deviceType,
        customerNumber: c.customerNumber,
        matchedCustomerIds: [],
        referer: 'https://www.example.com/schedule-service',
        chatDetails: details.slice(0, 2),
        registeredAt: c.startedAt.toISOString(),
      },
    }),
  ];
  if (c.stepsAnswered >= 2) {
    events.push(
      createEvent({
        ...envelope('WidgetChatSlotsLookedUp', 26),
        type: 'WidgetChatSlotsLookedUp',
        data: {
          ...ids,
          startsOnOrAfter: at(26).toISOString(),
          endTime: null,
          jobTypeId: null,
          businessUnitId: null,
          priority: null,
          slotCount: 6,
          chatDetails: details.slice(0, 3),
        },
      }),
    );
  }
  if (c.outcome === 'Booked') {
    events.push(
      createEvent({
        ...envelope('WidgetChatAddressRecorded', 80),
        type: 'WidgetChatAddressRecorded',
        data: {
          ...ids,
          address: { street: c.street, city: 'Austin', state: 'TX', zip: '78704', country: 'US' },
          customerName: c.customerName,
          crmCustomerId: null,
          chatDetails: details.slice(0, 4),
        },
      }),
      createEvent({
        ...envelope('WidgetChatBookingSubmitted', 82),
        type: 'WidgetChatBookingSubmitted',
        data: {
          ...ids,
          actionId: uuidV5(`${interactionId}/booking`, DEMO_CHAT_NAMESPACE),
          status: 'COMPLETED',
          bookingId: `demo-${c.chatKey}`,
          reason: null,
          bookingPayload: { summary: c.service, externalId: interactionId },
          appointmentTime: appointment.toISOString(),
          chatDetails: details,
        },
      }),
    );
  }
  const endedAt = c.outcome === 'Booked' ? at(lastSecond + 1) : at(lastSecond + 30 * 60);
  const summary =
    c.outcome === 'Booked'
      ? `${c.customerName} booked a visit (${c.service}) through the website chat.`
      : c.stepsAnswered >= 2
        ? `A visitor (${c.customerNumber}) asked for a visit (${c.service}) and looked at the open times but did not book.`
        : `A visitor (${c.customerNumber}) asked for a visit (${c.service}) and left before seeing the open times.`;
  const reason =
    c.outcome === 'Booked' ? 'the chat created a booking in the CRM (demo chat)' : 'the visitor stated a need and left the chat without booking (demo chat)';
  const tags = c.outcome === 'Booked' ? ['booked'] : [];
  const seconds = (endedAt.getTime() - c.startedAt.getTime()) / 1000;
  events.push(
    createEvent({
      ...envelope('WidgetChatEnded', seconds),
      type: 'WidgetChatEnded',
      data: { ...ids, reason: c.outcome === 'Booked' ? 'booked' : 'expired', endedAt: endedAt.toISOString() },
    }),
    createEvent({
      ...envelope('InteractionTranscribed', seconds + 2),
      type: 'InteractionTranscribed',
      data: { interactionId, orgId: c.orgId, lines: chatTranscript(details) },
    }),
    createEvent({
      ...envelope('InteractionClassified', seconds + 5),
      type: 'InteractionClassified',
      data: { interactionId, orgId: c.orgId, callType: c.outcome, callStatus: CALL_STATUS_FOR_CALL_TYPE[c.outcome], reason, engine: 'offline' },
    }),
    createEvent({
      ...envelope('InteractionSummarized', seconds + 6),
      type: 'InteractionSummarized',
      data: { interactionId, orgId: c.orgId, kind: 'inbound', summary: [{ title: 'Summary', content: [summary] }] },
    }),
    createEvent({
      ...envelope('InteractionTagged', seconds + 7),
      type: 'InteractionTagged',
      data: { interactionId, orgId: c.orgId, tags, reasons: Object.fromEntries(tags.map((t) => [t, 'demo chat'])) },
    }),
  );
  return events;
}
