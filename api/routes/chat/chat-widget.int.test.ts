import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import request from 'supertest';
import { eventually, uniqueName } from '../../../tests/support/integration';
import { onboardAndLogIn } from '../../../tests/support/onboard';
import { startProductHarness, type ProductHarness } from '../../../tests/support/product-harness';
import { startFakeVendorServer, type FakeVendorServer } from '../../../activities/testing/fake-vendor-server';

// The website widget's booking flow (001 §2.6, §7) through the API on the whole product: a chat workflow per chat,
// the sandbox CRM, the capacity engine, the post-call pipeline on the offline engine, the read model behind /chat/logs.

const IDLE_SECONDS = 20;
let h: ProductHarness;
let orgId: string;
let owner: ReturnType<typeof request.agent>;
let other: ReturnType<typeof request.agent>;
let otherOrgId: string;
let receiver: FakeVendorServer;
let widgetId: string;
let otherWidgetId: string;
const SITE = 'https://www.acme-air.test';
const run = uniqueName('').replace(/^_/, '');

beforeAll(async () => {
  h = await startProductHarness({ WIDGET_CHAT_IDLE_SECONDS: String(IDLE_SECONDS) });
  ({ orgId, agent: owner } = await onboardAndLogIn(h, { name: `widget-chat-${run}`, adminEmail: `owner-${run}@widget-chat.test`, crmName: 'servicetitan' }));
  // The office is e-mailed about booked interactions (000 §4 BookedCallRule, which listens to widget.event too).
  const rules = [{ rule_id: 'BookedCallRule', recipients: [{ group: 'office', channel: 'email', time: 'ALWAYS' }] }];
  expect((await owner.post('/org/notification-settings').send({ orgId, notification_settings: rules })).body).toEqual({ success: true });
  // The organization's own systems, told of every finished interaction by webhook (001 §2.18).
  receiver = await startFakeVendorServer({ otherwise: () => ({ status: 204 }) });
  expect((await owner.post('/webhook-delivery').send({ orgId, webhook_urls: { crm: `${receiver.url}/hooks` } })).status).toBe(200);
  ({ orgId: otherOrgId, agent: other } = await onboardAndLogIn(h, { name: `widget-other-${run}`, adminEmail: `owner-${run}@widget-other.test` }));
  // The widget the chats start from, on the contractor's site; and one of the other organization's.
  widgetId = (await owner.post('/widget').send({ orgId, business_name: 'Acme Air' })).body.id;
  expect((await owner.put('/widget/update/config').send({ widgetId, orgId, business_website: `${SITE}/contact` })).status).toBe(200);
  otherWidgetId = (await other.post('/widget').send({ orgId: otherOrgId })).body.id;
}, 180_000);

afterAll(async () => {
  await receiver?.close();
  await h?.stop();
}, 60_000);

// A visitor: no session, another address each time, so the public limit is not what these tests meet.
const visitor = (path: string, body: object) => request(h.app).post(path).set('X-Forwarded-For', '198.51.100.20').send(body);
const bad = (message: string) => expect.objectContaining({ error: 'Bad Request', status: 400, message });
const steps = (...names: string[]) =>
  names.map((step, i) => ({
    step,
    ...(step === 'service' ? { result: 'Heating & Cooling' } : {}),
    messages: [{ text: `${step}?`, sender: 'bot', timestamp: new Date(Date.UTC(2026, 10, 28, 10, i)).toISOString() }],
  }));

type ChatLog = {
  id: string;
  stage: string;
  status: string;
  tags: string[];
  interactions: { id: string; customer_name: string | null; customer_number: string | null };
  jobs: unknown[];
  ended_at: string | null;
};
const chatLogs = async (agent = owner) => {
  const res = await agent.post('/chat/logs').send({ orgId });
  expect(res.status).toBe(200);
  return res.body.entries as ChatLog[];
};

describe('the widget booking flow', () => {
  let chatId: string;
  let interactionId: string;
  let actionId: string;

  it('register finds the CRM customer by the visitor phone, in any format', async () => {
    const res = await visitor('/chat/register', { phone: '(512) 555-0101', orgId, deviceType: 'MOBILE', widgetId, chatDetails: steps('welcome') });
    expect(res.status).toBe(200);
    expect(res.body).toEqual({
      chatId: expect.any(String),
      interactionId: expect.any(String),
      data: [expect.objectContaining({ name: 'Alice Johnson', phones: expect.arrayContaining(['+15125550101']) })],
    });
    ({ chatId, interactionId } = res.body);
  });

  it('schedule answers open windows from the capacity engine, in the org timezone', async () => {
    const res = await visitor('/chat/schedule', { orgId, chatId, startsOnOrAfter: new Date().toISOString(), chatDetails: steps('welcome', 'service') });
    expect(res.status).toBe(200);
    expect(res.body.data.length).toBeGreaterThan(0);
    expect(res.body.data[0]).toMatchObject({ timezone: 'America/Chicago', start: expect.stringMatching(/^\d{4}-\d\d-\d\dT\d\d:\d\d:00$/) });
    const later = await visitor('/chat/schedule', { orgId, chatId, startsOnOrAfter: res.body.data[0].endUtc });
    expect(later.body.data.every((s: { startUtc: string }) => s.startUtc >= res.body.data[0].endUtc)).toBe(true);
  });

  it('address is recorded; a bad zip code gets the spec message', async () => {
    const address = { street: '120 Oak Street', city: 'Springfield', state: 'TX', zip: ' 78701', country: 'US' };
    const wrong = await visitor('/chat/address', { orgId, chatId, interactionId, address: { ...address, zip: '787' }, customer_name: 'Alice Johnson' });
    expect(wrong.status).toBe(400);
    expect(wrong.body).toEqual(bad('Please ask the customer for their zip code.'));
    const res = await visitor('/chat/address', {
      orgId,
      chatId,
      interactionId,
      address,
      customer_name: 'Alice Johnson',
      chatDetails: steps('welcome', 'service', 'address'),
    });
    expect(res.status).toBe(200);
    expect(res.body).toEqual({ success: true });
  });

  it('the booking goes to the CRM once, however often it is submitted, with the interaction id as externalId', async () => {
    const slots = await visitor('/chat/schedule', { orgId, chatId, startsOnOrAfter: new Date().toISOString() });
    const booking = {
      source: 'Website widget',
      name: 'Alice Johnson',
      orgId,
      chatId,
      interactionId,
      contacts: [{ type: 'Mobile', value: '+15125550101' }],
      type: 'Residential',
      startTime: slots.body.data[0].startUtc,
      summary: 'AC not cooling',
      isFirstTimeClient: false,
      chatDetails: steps('welcome', 'service', 'address', 'book'),
    };
    const [first, second] = await Promise.all([visitor('/chat/action', booking), visitor('/chat/action', booking)]);
    expect(first.status).toBe(200);
    expect(first.body).toEqual({ actionId: expect.stringMatching(/^[0-9a-f-]{36}$/) });
    expect(second.body).toEqual(first.body);
    actionId = first.body.actionId;
    const bookings = await owner.get('/crm/bookings').query({ orgId, externalId: interactionId });
    expect(bookings.status).toBe(200);
    expect(bookings.body.data).toEqual([expect.objectContaining({ externalId: interactionId, name: 'Alice Johnson' })]);
  });

  it('the chat becomes an interaction: classified Booked by the post-call pipeline and listed on /chat/logs', async () => {
    const entry = await eventually(async () => (await chatLogs()).find((e) => e.id === chatId && e.status !== 'PROCESSING'), 90_000);
    expect(entry).toMatchObject({
      stage: 'CREATE_BOOKING',
      status: 'BOOKED',
      interactions: { id: interactionId, customer_name: 'Alice Johnson', customer_number: '+15125550101' },
      jobs: [expect.objectContaining({ crm_booking_id: expect.any(String) })],
      ended_at: expect.any(String),
    });
    const details = await owner.get(`/chat/details/${chatId}`);
    expect(details.status).toBe(200);
    expect(details.body).toMatchObject({
      id: chatId,
      interaction_id: interactionId,
      org_id: orgId,
      stage: 'CREATE_BOOKING',
      customer_name: 'Alice Johnson',
      customer_address: '120 Oak Street, Springfield, TX 78701',
      timezone: 'America/Chicago',
      appointment_time: expect.any(String),
    });
    expect(details.body.chat_details.map((d: { step: string }) => d.step)).toEqual(['welcome', 'service', 'address', 'book']);
    // Handed to the notification rules and webhook delivery as a widget.event (001 §3).
    const delivered = await eventually(async () => {
      const bodies = receiver.requests.map((r) => JSON.parse(r.rawBody) as { type: string; data: Record<string, unknown> });
      return bodies.find((b) => b.data.chat_id === chatId);
    }, 60_000);
    expect(delivered).toMatchObject({
      type: 'widget.event',
      data: {
        interaction_id: interactionId,
        chat_id: chatId,
        widget_id: widgetId,
        source: 'chat',
        call_status: 'BOOKED',
        customer: { name: 'Alice Johnson', phone: '+15125550101' },
        booking_payload: { externalId: interactionId, type: 'Residential', appointments: [{ start: expect.any(String) }] },
        transcript: expect.arrayContaining([expect.objectContaining({ role: 'Agent', message: 'welcome?' })]),
      },
    });
    const mail = await eventually(async () => {
      const outbox = await owner.get('/outbox').query({ orgId });
      return (outbox.body.messages as { interaction_id: string | null; channel: string; text: string }[]).find((m) => m.interaction_id === interactionId);
    }, 60_000);
    expect(mail).toMatchObject({ channel: 'email', text: expect.stringContaining('Alice Johnson') });
    // Asked again after the chat was analysed, the booking still answers its action.
    const again = await visitor('/chat/action', {
      name: 'Alice Johnson',
      orgId,
      chatId,
      interactionId,
      contacts: [{ type: 'Mobile', value: '+15125550101' }],
      type: 'Residential',
      startTime: new Date().toISOString(),
      isFirstTimeClient: false,
    });
    expect(again.status).toBe(200);
    expect(again.body).toEqual({ actionId });
  }, 120_000);

  it("another organization's staff cannot list the chats, and its chat routes do not know the chat", async () => {
    const res = await other.post('/chat/logs').send({ orgId });
    expect(res.status).toBe(401);
    expect((await other.get(`/chat/details/${chatId}`)).status).toBe(401);
    const schedule = await visitor('/chat/schedule', { orgId: otherOrgId, chatId, startsOnOrAfter: new Date().toISOString() });
    expect(schedule.status).toBe(404);
    expect((await chatLogs()).filter((e) => e.id === chatId)).toHaveLength(1);
  });
});

describe('review and reclassification of a chat, like a call (001 §4)', () => {
  it('marks the booked chat reviewed with notes and reclassifies it through the calls routes, by its interaction id', async () => {
    const entry = await eventually(async () => (await chatLogs()).find((e) => e.stage === 'CREATE_BOOKING' && e.status === 'BOOKED'), 90_000);
    const chatId = entry.id;
    const interactionId = entry.interactions.id;
    const reviewedAt = '2026-11-28T12:00:00.000Z';
    // Another organization's staff: refused as for a call, and nothing changes.
    expect((await other.put('/interaction').send({ id: interactionId, reviewed_at: reviewedAt, review_notes: 'not yours' })).status).toBe(401);
    expect((await other.post('/call/reclassify').send({ callId: interactionId, newStatus: 'EXCUSED' })).status).toBe(401);
    const untouched = await owner.get(`/chat/details/${chatId}`);
    expect(untouched.body).toMatchObject({ reviewed_at: null, review_notes: null, call_status: 'BOOKED', call_type: 'Booked' });
    expect(untouched.body.tags).toContain('booked');
    expect(untouched.body.booking).toMatchObject({ status: 'COMPLETED', crm_booking_id: expect.any(String) });

    const review = await owner.put('/interaction').send({ id: interactionId, reviewed_at: reviewedAt, review_notes: 'Customer called to confirm' });
    expect(review.status).toBe(200);
    expect(review.body).toEqual({ id: interactionId, reviewed_at: reviewedAt, review_notes: 'Customer called to confirm' });
    const reclassify = await owner.post('/call/reclassify').send({ callId: interactionId, newStatus: 'EXCUSED' });
    expect(reclassify.body).toEqual({ callId: interactionId, call_status: 'EXCUSED' });
    const details = await eventually(async () => {
      const d = await owner.get(`/chat/details/${chatId}`);
      return d.body.call_status === 'EXCUSED' && d.body.reviewed_at ? d.body : null;
    });
    expect(details).toMatchObject({ reviewed_at: reviewedAt, review_notes: 'Customer called to confirm', call_type: 'Excused' });
    expect(details.call_type_reason).toMatch(/^Reclassified by owner-/);
    const listed = (await chatLogs()).find((e) => e.id === chatId)!;
    expect(listed).toMatchObject({ status: 'EXCUSED', interactions: { reviewed_at: reviewedAt, review_notes: 'Customer called to confirm' } });
    // Only UNBOOKED or EXCUSED (001 §5); back to UNBOOKED is allowed.
    expect((await owner.post('/call/reclassify').send({ callId: interactionId, newStatus: 'BOOKED' })).status).toBe(400);
    expect((await owner.post('/call/reclassify').send({ callId: interactionId, newStatus: 'UNBOOKED' })).body.call_status).toBe('UNBOOKED');
    await eventually(async () => ((await owner.get(`/chat/details/${chatId}`)).body.call_status === 'UNBOOKED' ? true : null));
    // The "View on Dashboard" link of the chat's widget.event leads to its chat details page.
    expect((await owner.get(`/dashboard/link/${interactionId}`)).body).toEqual({ interactionId, orgId, redirect: `/chats/${chatId}?org=${orgId}` });
    expect((await other.get(`/dashboard/link/${interactionId}`)).status).toBe(401);
    // An interaction neither a call nor a chat.
    const unknown = await owner.put('/interaction').send({ id: '00000000-0000-4000-8000-0000000c0ffe', reviewed_at: null });
    expect(unknown.status).toBe(404);
  }, 120_000);
});

describe('an expired chat', () => {
  it(
    'answers a booking after the idle time with isWorkflowExpired, and the chat is analysed as not booked',
    async () => {
      const reg = await visitor('/chat/register', { phone: '512-555-0199', orgId, deviceType: 'DESKTOP', widgetId, chatDetails: steps('welcome') });
      expect(reg.status).toBe(200);
      expect(reg.body.data).toEqual([]);
      const { chatId, interactionId } = reg.body;
      const ended = await eventually(
        async () => (await chatLogs()).find((e) => e.id === chatId && e.ended_at !== null && e.status !== 'PROCESSING'),
        (IDLE_SECONDS + 60) * 1000,
      );
      expect(ended.status).not.toBe('BOOKED');
      expect(ended.stage).toBe('PHONE_LOOKUP');
      const res = await visitor('/chat/action', {
        name: 'Late Visitor',
        orgId,
        chatId,
        interactionId,
        contacts: [{ type: 'Mobile', value: '+15125550199' }],
        type: 'Residential',
        startTime: new Date().toISOString(),
        isFirstTimeClient: true,
      });
      expect(res.status).toBe(400);
      expect(res.body).toEqual({ error: 'Bad Request', status: 400, message: 'This chat has expired. Please start again.', isWorkflowExpired: true });
      const bookings = await owner.get('/crm/bookings').query({ orgId, externalId: interactionId });
      expect(bookings.body.data).toEqual([]);
    },
    (IDLE_SECONDS + 120) * 1000,
  );
});

describe('chat-widget analytics (001 §2.8)', () => {
  it('counts the chats of the range from the read model: leads, bookings, funnel, devices, services, revenue', async () => {
    const admin = (r: request.Test) => r.set('authorization', `Bearer ${h.adminToken}`);
    expect((await admin(request(h.app).put('/avg-job-revenue')).send({ orgId, avgJobRevenue: 350 })).status).toBe(200);
    // A day either side, whatever the organization's local date is now.
    const day = (offset: number) => new Date(Date.now() + offset * 86_400_000).toISOString().slice(0, 10);
    const [from, to] = [day(-1), day(1)];
    // Both earlier chats have ended (the booked one and the expired one); a third stops after looking up times.
    const reg = await visitor('/chat/register', { phone: '512-555-0177', orgId, deviceType: 'MOBILE', widgetId, chatDetails: steps('welcome') });
    expect(reg.status).toBe(200);
    const slots = await visitor('/chat/schedule', {
      orgId,
      chatId: reg.body.chatId,
      startsOnOrAfter: new Date().toISOString(),
      chatDetails: steps('welcome', 'service'),
    });
    expect(slots.status).toBe(200);
    const stats = await eventually(async () => {
      const res = await owner.post('/chat/stats').send({ orgId, from, to });
      expect(res.status).toBe(200);
      const stage = res.body.funnelStages.find((f: { id: string }) => f.id === 'SCHEDULE_LOOKUP');
      return res.body.totalLeads === 3 && res.body.totalRevenue > 0 && stage.count === 2 ? res.body : null;
    }, 30_000);
    expect(stats).toMatchObject({
      totalLeads: 3,
      // The booked chat was reclassified by staff above; it is still a booking the CRM took.
      totalApptBooked: 1,
      bookingRate: 33.3,
      totalRevenue: 350,
      avgJobRevenue: 350,
      avgBookingTime: expect.stringMatching(/^\d+(s|m \d{2}s)$/),
      timezone: 'America/Chicago',
      trends: { totalLeadsChange: null, totalApptBookedChange: null },
    });
    expect(stats.funnelStages.map((f: { id: string; count: number }) => [f.id, f.count])).toEqual([
      ['PHONE_LOOKUP', 3],
      ['SCHEDULE_LOOKUP', 2],
      ['NEW_ADDRESS', 1],
      ['CREATE_BOOKING', 1],
      ['BOOKED', 1],
    ]);
    expect(stats.deviceDistribution).toEqual([
      { device: 'MOBILE', count: 2, percentage: 66.7 },
      { device: 'DESKTOP', count: 1, percentage: 33.3 },
    ]);
    expect(stats.topCampaigns).toEqual([{ serviceName: 'Heating & Cooling', count: 1, totalChats: 2, conversionRate: 50 }]);
    const daily = stats.dailyChatCounts as { leads: number; booked: number }[];
    expect([daily.reduce((n, d) => n + d.leads, 0), daily.reduce((n, d) => n + d.booked, 0)]).toEqual([3, 1]);
    // Days are the organization's (America/Chicago): the chats of a moment ago are on today's date there.
    const chicagoToday = new Intl.DateTimeFormat('en-CA', { timeZone: 'America/Chicago' }).format(new Date());
    expect(stats.dailyChatCounts).toContainEqual({ date: chicagoToday, leads: 3, booked: 1 });
    // Another organization's staff are refused; its own range has no chats.
    expect((await other.post('/chat/stats').send({ orgId, from, to })).status).toBe(401);
    expect((await other.post('/chat/stats').send({ orgId: otherOrgId, from, to })).body).toMatchObject({ totalLeads: 0, topCampaigns: [] });
  }, 60_000);
});

describe('bad input', () => {
  it('answers the spec and contract messages, and unknown chats and organizations with 404', async () => {
    const noOrg = await visitor('/chat/register', { phone: '5125550101', orgId: 'not-a-uuid', deviceType: 'PHONE', widgetId: 'w' });
    expect(noOrg.status).toBe(400);
    expect(noOrg.body.issues).toEqual([
      { path: 'orgId', message: 'orgId must be a UUID' },
      { path: 'deviceType', message: 'deviceType must be DESKTOP or MOBILE' },
    ]);
    const unknownOrg = await visitor('/chat/register', {
      phone: '5125550101',
      orgId: '00000000-0000-4000-8000-000000000000',
      deviceType: 'MOBILE',
      widgetId: 'w',
    });
    expect(unknownOrg.status).toBe(404);
    const unknownWidget = await visitor('/chat/register', {
      phone: '5125550101',
      orgId,
      deviceType: 'MOBILE',
      widgetId: '00000000-0000-4000-8000-000000000000',
    });
    expect(unknownWidget.body).toEqual({ error: 'Not Found', status: 404, message: 'Widget not found' });
    const unknownChat = await visitor('/chat/schedule', { orgId, chatId: '00000000-0000-4000-8000-000000000000', startsOnOrAfter: new Date().toISOString() });
    expect(unknownChat.status).toBe(404);
    expect(unknownChat.body).toEqual({ error: 'Not Found', status: 404, message: 'Chat not found' });
  });
});

describe('the widget a chat starts from (issue 15 point 7)', () => {
  const register = (widget: string, headers: Record<string, string> = {}) => {
    const req = request(h.app).post('/chat/register').set('X-Forwarded-For', '198.51.100.21');
    for (const [name, value] of Object.entries(headers)) req.set(name, value);
    return req.send({ phone: '5125550177', orgId, deviceType: 'DESKTOP', widgetId: widget });
  };
  const refused = { error: 'Forbidden', status: 403, message: 'This widget is not available on this site' };
  const appOrigin = () => new URL(h.config.dashboardUrl).origin;

  it("must be the organization's own widget: another organization's is not found, and no chat starts", async () => {
    const before = (await chatLogs()).length;
    const res = await register(otherWidgetId);
    expect(res.status).toBe(404);
    expect(res.body).toEqual({ error: 'Not Found', status: 404, message: 'Widget not found' });
    expect(await chatLogs()).toHaveLength(before);
  });

  it("is used from one of the widget's sites: its own page or the widget app framed by it, and no other", async () => {
    const before = (await chatLogs()).length;
    expect((await register(widgetId, { Origin: SITE })).status).toBe(200);
    expect((await register(widgetId, { Origin: 'https://acme-air.test' })).status).toBe(200);
    expect((await register(widgetId, { Origin: appOrigin(), 'X-Widget-Parent-Origin': SITE })).status).toBe(200);
    await eventually(async () => ((await chatLogs()).length === before + 3 ? true : undefined), 30_000);
    const refusedRequests: Record<string, string>[] = [
      { Origin: 'https://evil.test' },
      { Origin: 'null' },
      { Referer: 'https://evil.test/page' },
      // The widget app framed by another site: the parent it reports is not the widget's.
      { Origin: appOrigin(), 'X-Widget-Parent-Origin': 'https://evil.test' },
      // The app opened on its own, framed by nobody.
      { Origin: appOrigin() },
      // Another page of a site cannot claim to be the widget app's parent.
      { Origin: 'https://evil.test', 'X-Widget-Parent-Origin': SITE },
    ];
    for (const headers of refusedRequests) {
      const res = await register(widgetId, headers);
      expect({ headers, status: res.status, body: res.body }).toEqual({ headers, status: 403, body: refused });
    }
    await new Promise((r) => setTimeout(r, 1_000));
    expect(await chatLogs()).toHaveLength(before + 3);
  });
});
