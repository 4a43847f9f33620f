import {
  ChatActionRequestSchema,
  ChatAddressRequestSchema,
  ChatLogsRequestSchema,
  ChatRegisterRequestSchema,
  ChatScheduleRequestSchema,
} from './chat-widget.contract';

const ORG = '6f1c2a50-8f5e-4f55-9d4a-3f0c1b2a4d10';
const CHAT = '0b7c3c0e-2b55-4b3a-9a52-6d8f3f4b2e11';
const INTERACTION = 'a3f2c1d4-5e6f-4a7b-8c9d-0e1f2a3b4c5d';
const address = { street: '12 Main St', city: 'Austin', state: 'TX', zip: '78701', country: 'US' };
const messagesOf = (r: { success: boolean; error?: { issues: { message: string; path: PropertyKey[] }[] } }) =>
  (r.error?.issues ?? []).map((i) => `${i.path.join('.')}: ${i.message}`);

describe('chat widget requests (001 §3, §5)', () => {
  it('register: orgId must be a uuid, the device type DESKTOP or MOBILE, the phone a number', () => {
    const ok = ChatRegisterRequestSchema.safeParse({ phone: '(512) 555-0142', orgId: ORG, deviceType: 'MOBILE', widgetId: 'w-1' });
    expect(ok.success && ok.data.chatDetails).toEqual([]);
    const bad = ChatRegisterRequestSchema.safeParse({ phone: '555-01', orgId: 'org-1', deviceType: 'TABLET', widgetId: 'w-1' });
    expect(messagesOf(bad)).toEqual([
      'phone: phone must be a phone number of at least 10 digits',
      'orgId: orgId must be a UUID',
      'deviceType: deviceType must be DESKTOP or MOBILE',
    ]);
  });

  it('address: the zip is trimmed and uppercased for its country; a bad or empty one gets the spec message', () => {
    const base = { orgId: ORG, chatId: CHAT, interactionId: INTERACTION, customer_name: 'Dana Reyes' };
    const us = ChatAddressRequestSchema.parse({ ...base, address: { ...address, zip: ' 78701 ' } });
    expect(us.address.zip).toBe('78701');
    const ca = ChatAddressRequestSchema.parse({ ...base, address: { ...address, country: 'CA', zip: 'k1a 0b1' } });
    expect(ca.address.zip).toBe('K1A');
    for (const zip of ['', '7870', 'ABCDE']) {
      const bad = ChatAddressRequestSchema.safeParse({ ...base, address: { ...address, zip } });
      expect(messagesOf(bad)).toEqual(['address.zip: Please ask the customer for their zip code.']);
    }
  });

  it('address and action: chatId and interactionId must be uuids', () => {
    const bad = ChatAddressRequestSchema.safeParse({ orgId: ORG, chatId: 'c', interactionId: 'i', customer_name: 'D', address });
    expect(messagesOf(bad)).toEqual(['chatId: chatId must be a UUID', 'interactionId: interactionId must be a UUID']);
  });

  it('action: contacts typed Landline|Mobile|Email|Fax, Residential or Commercial, an ISO start time', () => {
    const req = {
      name: 'Dana Reyes',
      orgId: ORG,
      chatId: CHAT,
      interactionId: INTERACTION,
      contacts: [{ type: 'Mobile', value: '+15125550142' }],
      type: 'Residential',
      startTime: '2026-12-01T08:00:00-06:00',
      isFirstTimeClient: true,
    };
    const ok = ChatActionRequestSchema.parse({ ...req, jobTypeId: 42 });
    expect(ok).toMatchObject({ source: 'Website widget', summary: '', jobTypeId: '42', chatDetails: [] });
    const bad = ChatActionRequestSchema.safeParse({ ...req, contacts: [{ type: 'Pager', value: '1' }], type: 'Industrial', startTime: 'tomorrow' });
    expect(messagesOf(bad)).toEqual([
      'contacts.0.type: contact type must be Landline, Mobile, Email or Fax',
      'type: type must be Residential or Commercial',
      'startTime: startTime must be an ISO date-time with an offset',
    ]);
  });

  it('schedule: priority 1–5; startsOnOrAfter an instant', () => {
    expect(ChatScheduleRequestSchema.safeParse({ orgId: ORG, chatId: CHAT, startsOnOrAfter: '2026-12-01T00:00:00Z', priority: 3 }).success).toBe(true);
    expect(ChatScheduleRequestSchema.safeParse({ orgId: ORG, chatId: CHAT, startsOnOrAfter: '2026-12-01T00:00:00Z', priority: 9 }).success).toBe(false);
  });

  it('logs: page from 1, pageSize 1–1000 (default 200), like the call logs', () => {
    expect(ChatLogsRequestSchema.parse({ orgId: ORG })).toMatchObject({ page: 1, pageSize: 200 });
    expect(messagesOf(ChatLogsRequestSchema.safeParse({ orgId: ORG, page: 0, pageSize: 1001 }))).toEqual([
      'page: page must be at least 1',
      'pageSize: pageSize must be between 1 and 1000',
    ]);
  });
});
