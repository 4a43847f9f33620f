import { ChatActionRequestSchema } from '../contracts/chat-widget.contract';
import { chatTranscript, createBookingPayloadOf, furthestStage, mergeChatDetails, visitorPhone, widgetBookingPayload } from './widget-chat';

describe('widget chat rules', () => {
  it('the stage is the furthest reached, in 001 §4 order; a repeated earlier request does not move it back', () => {
    expect(furthestStage(null, 'PHONE_LOOKUP')).toBe('PHONE_LOOKUP');
    expect(furthestStage('PHONE_LOOKUP', 'SCHEDULE_LOOKUP')).toBe('SCHEDULE_LOOKUP');
    expect(furthestStage('NEW_ADDRESS', 'SCHEDULE_LOOKUP')).toBe('NEW_ADDRESS');
    expect(furthestStage('NEW_ADDRESS', 'CREATE_BOOKING')).toBe('CREATE_BOOKING');
  });

  it("a visitor's phone is normalized for the org's country (000 §5)", () => {
    expect(visitorPhone('(512) 555-0142', 'America/Chicago')).toBe('+15125550142');
    expect(visitorPhone('1 512 555 0142', 'America/Chicago')).toBe('+15125550142');
    expect(visitorPhone('0412 345 678', 'Australia/Melbourne')).toBe('+61412345678');
    expect(visitorPhone('416-555-0100', 'Canada/Eastern')).toBe('+14165550100');
  });

  it('chat details: a longer list replaces the kept one, an older shorter one does not', () => {
    const one = [{ step: 'welcome', messages: [] }];
    const two = [...one, { step: 'service', messages: [] }];
    expect(mergeChatDetails(one, two)).toEqual(two);
    expect(mergeChatDetails(two, one)).toEqual(two);
    expect(mergeChatDetails(two, undefined)).toEqual(two);
  });

  it('the booking payload of 001 §3: externalId is the interaction id, one appointment at the start time', () => {
    const req = ChatActionRequestSchema.parse({
      name: 'Dana Reyes',
      orgId: '6f1c2a50-8f5e-4f55-9d4a-3f0c1b2a4d10',
      chatId: '0b7c3c0e-2b55-4b3a-9a52-6d8f3f4b2e11',
      interactionId: 'a3f2c1d4-5e6f-4a7b-8c9d-0e1f2a3b4c5d',
      contacts: [
        { type: 'Email', value: 'dana@example.com' },
        { type: 'Mobile', value: '+15125550142' },
      ],
      type: 'Commercial',
      startTime: '2026-12-01T08:00:00-06:00',
      summary: 'AC not cooling',
      isFirstTimeClient: true,
      businessUnitId: 'bu-hvac',
      address: { street: '12 Main St', city: 'Austin', state: 'TX', zip: '78701', country: 'US' },
    });
    const payload = widgetBookingPayload(req, { address: null, campaignId: 'c-9' });
    expect(payload).toMatchObject({
      externalId: 'a3f2c1d4-5e6f-4a7b-8c9d-0e1f2a3b4c5d',
      appointments: [{ start: '2026-12-01T08:00:00-06:00' }],
      businessUnitId: 'bu-hvac',
      campaignId: 'c-9',
      type: 'Commercial',
    });
    expect(payload.jobTypeId).toBeUndefined();
    expect(createBookingPayloadOf(payload, '+10000000000')).toMatchObject({
      external_id: payload.externalId,
      phone_number: '+15125550142',
      summary: 'Commercial property. First-time client. AC not cooling',
      start_time: '2026-12-01T08:00:00-06:00',
      business_unit_id: 'bu-hvac',
      job_type_id: null,
      address: { street: '12 Main St', zip: '78701' },
    });
  });

  it("the chat's messages become transcript lines: the bot is the agent, the visitor the customer, mm:ss from the first", () => {
    const lines = chatTranscript([
      {
        step: 'welcome',
        messages: [
          { text: 'How can we help?', sender: 'bot', timestamp: '2026-11-28T10:00:00Z' },
          { text: 'My AC is broken', sender: 'user', timestamp: '2026-11-28T10:01:05Z' },
        ],
      },
      { step: 'service', message: 'Which service?', result: 'Heating & Cooling', messages: [] },
    ]);
    expect(lines).toEqual([
      { role: 'Agent', message: 'How can we help?', timestamp: '0:00', seconds: 0 },
      { role: 'Customer', message: 'My AC is broken', timestamp: '1:05', seconds: 65 },
      { role: 'Agent', message: 'Which service?', timestamp: '0:00', seconds: 0 },
      { role: 'Customer', message: 'Heating & Cooling', timestamp: '0:00', seconds: 0 },
    ]);
  });
});
