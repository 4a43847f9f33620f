import { createEvent, type DomainEvent } from '../../catalog';
import { evolveWidgetChat, type WidgetChatEvent } from './widget-chats.projection';
import type { WidgetChatDoc } from './widget-chats.repository';

const ORG_ID = '0b6f4c1e-6a51-4f0e-9d0c-8a4f1c2b3d4e';
const INTERACTION_ID = '5a1d8d7e-1c2b-4a3d-9e8f-7a6b5c4d3e2f';
const CHAT_ID = '7c1d8d7e-1c2b-4a3d-9e8f-7a6b5c4d3e2f';
const ACTION_ID = '8d1d8d7e-1c2b-4a3d-9e8f-7a6b5c4d3e2f';
let n = 0;
const envelope = (minute: number, aggregateId = INTERACTION_ID) => ({
  eventId: `00000000-0000-4000-8000-${String(++n).padStart(12, '0')}`,
  aggregateId,
  orgId: ORG_ID,
  correlationId: 'c',
  causationId: null,
  occurredAt: new Date(`2026-11-28T01:${String(minute).padStart(2, '0')}:00Z`),
});
const ids = { interactionId: INTERACTION_ID, orgId: ORG_ID, chatId: CHAT_ID };
const step = (s: string) => ({ step: s, messages: [{ text: s, sender: 'bot' as const, timestamp: '2026-11-28T01:00:00Z' }] });

const registered = createEvent({
  ...envelope(0),
  type: 'WidgetChatRegistered',
  data: {
    ...ids,
    widgetId: 'w-1',
    deviceType: 'MOBILE',
    customerNumber: '+15125550142',
    matchedCustomerIds: ['c-1'],
    referer: 'https://acme.test/book',
    chatDetails: [step('welcome')],
    registeredAt: '2026-11-28T01:00:00.000Z',
  },
});
const slots = createEvent({
  ...envelope(1),
  type: 'WidgetChatSlotsLookedUp',
  data: {
    ...ids,
    startsOnOrAfter: '2026-12-01T00:00:00Z',
    endTime: null,
    jobTypeId: '101',
    businessUnitId: null,
    priority: null,
    slotCount: 3,
    chatDetails: [step('welcome'), step('service')],
  },
});
const address = createEvent({
  ...envelope(2),
  type: 'WidgetChatAddressRecorded',
  data: {
    ...ids,
    address: { street: '12 Main St', city: 'Austin', state: 'TX', zip: '78701', country: 'US' },
    customerName: 'Dana Reyes',
    crmCustomerId: null,
    chatDetails: [],
  },
});
const booked = createEvent({
  ...envelope(3),
  type: 'WidgetChatBookingSubmitted',
  data: {
    ...ids,
    actionId: ACTION_ID,
    status: 'COMPLETED',
    bookingId: 'b-1',
    reason: null,
    bookingPayload: { externalId: INTERACTION_ID },
    appointmentTime: '2026-12-01T08:00:00-06:00',
    chatDetails: [step('welcome'), step('service'), step('book')],
  },
});
const ended = createEvent({ ...envelope(4), type: 'WidgetChatEnded', data: { ...ids, reason: 'booked', endedAt: '2026-11-28T01:04:00.000Z' } });
const classified = createEvent({
  ...envelope(5),
  type: 'InteractionClassified',
  data: { interactionId: INTERACTION_ID, orgId: ORG_ID, callType: 'Booked', callStatus: 'BOOKED', reason: 'booking completed', engine: 'offline' },
});
const tagged = createEvent({
  ...envelope(6),
  type: 'InteractionTagged',
  data: { interactionId: INTERACTION_ID, orgId: ORG_ID, tags: ['booked'], reasons: { booked: 'the CRM took the booking' } },
});

const fold = (events: DomainEvent[], from: WidgetChatDoc | null = null) => events.reduce((s, e) => evolveWidgetChat(s, e as WidgetChatEvent), from);

describe('widget chats read model', () => {
  it('follows the stages, the booking and the classification; each event delivered twice changes nothing more', () => {
    const events = [registered, slots, address, booked, ended, classified, tagged];
    const once = fold(events)!;
    expect(once).toMatchObject({
      interactionId: INTERACTION_ID,
      chatId: CHAT_ID,
      stage: 'CREATE_BOOKING',
      customerNumber: '+15125550142',
      customerName: 'Dana Reyes',
      crmCustomerId: 'c-1',
      appointmentTime: '2026-12-01T08:00:00-06:00',
      actionStatus: 'COMPLETED',
      crmBookingId: 'b-1',
      endReason: 'booked',
      callStatus: 'BOOKED',
      callType: 'Booked',
      callTypeReason: 'booking completed',
      tags: ['booked'],
      tagReasons: { booked: 'the CRM took the booking' },
    });
    // The address request carried no steps: the longer list kept wins.
    expect(once.chatDetails).toHaveLength(3);
    const twice = fold(events.flatMap((e) => [e, e]));
    expect(twice).toEqual(once);
  });

  it("an earlier stage's request after a later one does not move the stage back; a call's pipeline events make no chat", () => {
    const late = createEvent({ ...envelope(7), type: 'WidgetChatSlotsLookedUp', data: { ...slots.data, chatDetails: null } });
    expect(fold([registered, address, late])!.stage).toBe('NEW_ADDRESS');
    expect(fold([classified, tagged])).toBeNull();
  });

  it('applies a staff review and reclassification of the chat like a call, each delivered twice', () => {
    const USER = '9e1d8d7e-1c2b-4a3d-9e8f-7a6b5c4d3e2f';
    const reviewed = createEvent({
      ...envelope(8),
      type: 'InteractionReviewed',
      data: { interactionId: INTERACTION_ID, orgId: ORG_ID, reviewedAt: '2026-11-28T02:00:00.000Z', reviewNotes: 'Checked', userId: USER },
    });
    const reclassified = createEvent({
      ...envelope(9),
      type: 'InteractionReclassified',
      data: {
        interactionId: INTERACTION_ID,
        orgId: ORG_ID,
        from: 'BOOKED',
        to: 'EXCUSED',
        by: 'user',
        userId: USER,
        reason: 'Reclassified by owner@acme.test',
        tags: [],
      },
    });
    const notesKept = createEvent({
      ...envelope(10),
      type: 'InteractionReviewed',
      data: { interactionId: INTERACTION_ID, orgId: ORG_ID, reviewedAt: null, userId: USER },
    });
    const events = [registered, classified, tagged, reviewed, reclassified, notesKept];
    const once = fold(events)!;
    expect(once).toMatchObject({
      callStatus: 'EXCUSED',
      callType: 'Excused',
      callTypeReason: 'Reclassified by owner@acme.test',
      tags: ['booked'],
      reviewedAt: null,
      reviewNotes: 'Checked',
    });
    expect(fold(events.slice(0, 4))!.reviewedAt).toEqual(new Date('2026-11-28T02:00:00.000Z'));
    expect(fold(events.flatMap((e) => [e, e]))).toEqual(once);
  });
});
