import { NotificationEventSchema } from './interaction-event.schema';
import { ORG_ID, csrCall, emergencyBooking, widgetEvent } from './test-fixtures';
import { BOOKED_WITHOUT_BOOKINGS } from '../interaction/interaction.schema';

const org = { id: ORG_ID, name: 'Demo HVAC', timezone: 'America/New_York', crm_name: 'servicetitan' };
const minimalCall = { interaction_id: 'i-1', date: '2025-01-04T03:10:00Z', call_status: 'UNBOOKED', org };

describe('csr.call', () => {
  it('reads a call that leaves out or nulls its lists as one with none', () => {
    const left = NotificationEventSchema.parse({ type: 'csr.call', payload: minimalCall });
    const nulled = NotificationEventSchema.parse({
      type: 'csr.call',
      payload: { ...minimalCall, bookings: null, tags: null, errors: null, summary: null },
    });

    for (const event of [left, nulled]) {
      expect(event.payload).toMatchObject({ bookings: [], tags: [], errors: [], summary: [] });
    }
  });

  it('treats a booking that does not say otherwise as not an emergency', () => {
    const event = csrCall({ call_status: 'BOOKED', bookings: [{ appointment: { start: '2025-01-06T14:00:00Z' } }] });

    expect(event.payload.bookings[0].isEmergency).toBe(false);
  });

  it('keeps fields the spec does not show, at every level', () => {
    const event = csrCall({
      call_status: 'BOOKED',
      bookings: [{ ...emergencyBooking(), jobId: 77, crmBookingId: 'B-1' }],
      customer: { name: 'Jane', crm_tags: ['vip'] },
      transcript_object: [{ role: 'agent', content: 'Hello' }],
      recording_url: 'https://rec.test/1.mp3',
    });

    expect(event.payload).toMatchObject({
      recording_url: 'https://rec.test/1.mp3',
      transcript_object: [{ role: 'agent', content: 'Hello' }],
      customer: { name: 'Jane', crm_tags: ['vip'] },
      bookings: [{ jobId: 77, crmBookingId: 'B-1' }],
    });
  });

  it('rejects a BOOKED call without bookings with the spec message', () => {
    const result = NotificationEventSchema.safeParse({ type: 'csr.call', payload: { ...minimalCall, call_status: 'BOOKED' } });

    expect(result.success).toBe(false);
    expect(result.error?.issues).toEqual([expect.objectContaining({ path: ['payload', 'bookings'], message: BOOKED_WITHOUT_BOOKINGS })]);
    expect(BOOKED_WITHOUT_BOOKINGS).toBe('Call with status BOOKED must have bookings');
  });

  it.each([
    ['an unknown call_status', { call_status: 'MAYBE' }],
    ['a zone outside the product list', { org: { ...org, timezone: 'Europe/Paris' } }],
    ['a callback without is_emergency', { callback: {} }],
    ['no interaction_id', { interaction_id: '' }],
  ])('rejects %s', (_case, change) => {
    expect(NotificationEventSchema.safeParse({ type: 'csr.call', payload: { ...minimalCall, ...change } }).success).toBe(false);
  });

  it('rejects an event type rules do not listen to', () => {
    expect(NotificationEventSchema.safeParse({ type: 'lead.created', payload: minimalCall }).success).toBe(false);
  });
});

describe('widget.event', () => {
  it('carries the widget fields and the booking payload', () => {
    const event = widgetEvent({
      call_status: 'BOOKED',
      bookings: [emergencyBooking()],
      booking_payload: {
        source: 'widget',
        name: 'Jane Doe',
        orgId: ORG_ID,
        address: { street: '12 Main St', city: 'Springfield', state: 'IL', zip: '62701', country: 'US' },
        contacts: [{ type: 'Mobile', value: '+15557654321' }],
        type: 'Residential',
        startTime: '2025-01-04T04:00:00Z',
        summary: 'No cooling',
        isFirstTimeClient: true,
        externalId: 'ext-1',
        appointments: [{ start: '2025-01-04T04:00:00Z' }],
      },
    });

    expect(event.type).toBe('widget.event');
    if (event.type !== 'widget.event') throw new Error('unreachable');
    expect(event.payload.widget_id).toBe('b1f2c3d4-0000-4000-8000-000000000001');
    expect(event.payload.booking_payload).toMatchObject({ isFirstTimeClient: true, externalId: 'ext-1', contacts: [{ type: 'Mobile' }] });
  });

  it('needs its widget and chat ids', () => {
    const result = NotificationEventSchema.safeParse({ type: 'widget.event', payload: minimalCall });

    expect(result.error?.issues.map((issue) => issue.path.join('.'))).toEqual(['payload.widget_id', 'payload.chat_id']);
  });

  it('does not hold a widget booking to the call rule that BOOKED needs bookings', () => {
    expect(() => widgetEvent({ call_status: 'BOOKED', bookings: [] })).not.toThrow();
  });
});
