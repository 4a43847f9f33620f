import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import request from 'supertest';
import { eventually, uniqueName } from '../../../tests/support/integration';
import { onboardAndLogIn } from '../../../tests/support/onboard';
import { startProductHarness, type ProductHarness } from '../../../tests/support/product-harness';
import { startFakeVendorServer, type FakeVendorServer } from '../../../activities/testing/fake-vendor-server';

// The LLM chat mode (001 §2.7, §7) through the API on the whole product: the chat config, a session with the org's
// chat agent on the in-house runtime (offline engine), the 15-minute rule (shortened), the post-call pipeline, the
// chat_sessions read model behind /chat-sessions, the notification rules and webhook delivery.

const FOLLOW_UP_SECONDS = 8;
let h: ProductHarness;
let orgId: string;
let owner: ReturnType<typeof request.agent>;
let other: ReturnType<typeof request.agent>;
let otherOrgId: string;
let receiver: FakeVendorServer;
const run = uniqueName('').replace(/^_/, '');

beforeAll(async () => {
  h = await startProductHarness({ LLM_CHAT_FOLLOW_UP_SECONDS: String(FOLLOW_UP_SECONDS) });
  ({ orgId, agent: owner } = await onboardAndLogIn(h, { name: `llm-chat-${run}`, adminEmail: `owner-${run}@llm-chat.test` }));
  // Booked and unbooked interactions are e-mailed to the office (000 §4; both rules listen to widget.event) and sent by webhook.
  const office = [{ group: 'office', channel: 'email', time: 'ALWAYS' }];
  const rules = [
    { rule_id: 'BookedCallRule', recipients: office },
    { rule_id: 'UnbookedCallRule', recipients: office },
  ];
  expect((await owner.post('/org/notification-settings').send({ orgId, notification_settings: rules })).body).toEqual({ success: true });
  receiver = await startFakeVendorServer({ otherwise: () => ({ status: 204 }) });
  expect((await owner.post('/webhook-delivery').send({ orgId, webhook_urls: { crm: `${receiver.url}/hooks` } })).status).toBe(200);
  ({ orgId: otherOrgId, agent: other } = await onboardAndLogIn(h, { name: `llm-other-${run}`, adminEmail: `owner-${run}@llm-other.test` }));
}, 180_000);

afterAll(async () => {
  await receiver?.close();
  await h?.stop();
}, 60_000);

describe('chat config', () => {
  it("answers the spec's defaults, saves the fields given and keeps the rest, and refuses bad values with their messages", async () => {
    const initial = await owner.get('/chat/config').query({ orgId });
    expect(initial.status).toBe(200);
    expect(initial.body).toMatchObject({ orgId, enabled: false, textTheme: 'dark', greeting: null, csrAgentId: null });

    const saved = await owner
      .put('/chat/config')
      .send({ orgId, enabled: true, greeting: 'Hi! Ask us anything.', primaryColor: '#0F766E', crmCampaignId: 'camp-7' });
    expect(saved.status).toBe(200);
    expect(saved.body).toMatchObject({
      orgId,
      enabled: true,
      greeting: 'Hi! Ask us anything.',
      primaryColor: '#0F766E',
      crmCampaignId: 'camp-7',
      textTheme: 'dark',
    });
    expect((await owner.get('/chat/config').query({ orgId })).body).toEqual(saved.body);

    const bad = await owner.put('/chat/config').send({ orgId, textTheme: 'blue', primaryColor: 'red-ish' });
    expect(bad.status).toBe(400);
    expect(bad.body.message).toContain('textTheme must be light or dark');
    const badOrg = await owner.put('/chat/config').send({ orgId: 'not-a-uuid', enabled: true });
    expect(badOrg.status).toBe(400);
    const strangerAgent = await owner.put('/chat/config').send({ orgId, csrAgentId: 'agent-of-nobody' });
    expect(strangerAgent.status).toBe(400);
    expect((await owner.get('/chat/config').query({ orgId })).body).toEqual(saved.body);
  }, 60_000);
});

describe('an LLM chat session', () => {
  let sessionId: string;
  let agentId: string;

  it("opens with the org's chat agent, answers each message with its new messages, and ends after the quiet periods", async () => {
    const opened = await owner.post('/chat/llm/new').send({ orgId });
    expect(opened.status).toBe(200);
    ({ sessionId, agentId } = opened.body);
    const agent = await owner.get('/chat/llm/').query({ orgId });
    expect(agent.body).toMatchObject({ orgId, agentId, agentType: 'CHAT_CSR_AGENT', config: { enabled: true } });

    const first = await owner.put('/chat/llm').send({ sessionId, orgId, agentId, message: 'Hi, my kitchen sink is leaking', includedGreeting: true });
    expect(first.status).toBe(200);
    expect(first.body.chatEnded).toBe(false);
    expect(first.body.messages.map((m: { role: string }) => m.role)).toEqual(['agent', 'user', 'agent']);
    expect(first.body.messages[1]).toMatchObject({ id: expect.any(String), content: 'Hi, my kitchen sink is leaking', created_at: expect.any(String) });

    const loaded = await owner.post('/chat/llm').send({ chatSessionId: sessionId, orgId });
    expect(loaded.status).toBe(200);
    expect(loaded.body).toMatchObject({ chatEnded: false, session: { id: sessionId, org_id: orgId, status: 'live' } });
    expect(loaded.body.messages.map((m: { id: string }) => m.id)).toEqual(first.body.messages.map((m: { id: string }) => m.id));

    // Quiet: concluded → ended, or nudged once and ended after a second quiet period.
    const ended = await eventually(async () => {
      const res = await owner.post('/chat/llm').send({ chatSessionId: sessionId, orgId });
      return res.body.chatEnded ? res.body : null;
    }, 60_000);
    expect(ended.session).toMatchObject({ id: sessionId });
    // Once ended, nothing more is returned (001 §4).
    const late = await owner.put('/chat/llm').send({ sessionId, orgId, agentId, message: 'Hello?', includedGreeting: true });
    expect(late.status).toBe(200);
    expect(late.body).toEqual({ messages: [], chatEnded: true });
  }, 120_000);

  it('is then classified and listed on /chat-sessions/logs, shown by /chat-sessions/{id}, e-mailed to the office and delivered by webhook', async () => {
    const listed = await eventually(async () => {
      const res = await owner.post('/chat-sessions/logs').send({ orgId });
      expect(res.status).toBe(200);
      const found = (res.body.sessions as { id: string; call_status: string; summary: unknown[]; tags: string[] }[]).find((s) => s.id === sessionId);
      // Classified, then summarised and tagged: the pipeline's steps land one after another.
      return found && found.call_status !== 'PROCESSING' && found.summary.length > 0 ? found : null;
    }, 60_000);
    expect(listed).toMatchObject({ id: sessionId, org_id: orgId, status: 'ended', agent_id: agentId, message_count: expect.any(Number) });

    const one = await owner.get(`/chat-sessions/${sessionId}`);
    expect(one.status).toBe(200);
    expect(one.body).toMatchObject({ id: sessionId, status: 'ended', interactionId: expect.any(String), call_status: listed!.call_status });
    expect(one.body.summary.length).toBeGreaterThan(0);
    expect(one.body.messages[1]).toMatchObject({ role: 'user', content: 'Hi, my kitchen sink is leaking', session_id: sessionId });

    const delivered = await eventually(async () => {
      const bodies = receiver.requests.map((r) => JSON.parse(r.rawBody) as { type: string; data: Record<string, unknown> });
      return bodies.find((b) => b.data.chat_id === sessionId);
    }, 60_000);
    expect(delivered).toMatchObject({
      type: 'widget.event',
      data: { interaction_id: one.body.interactionId, chat_id: sessionId, widget_id: 'llm-chat', source: 'chat' },
    });
    const mail = await eventually(async () => {
      const outbox = await owner.get('/outbox').query({ orgId });
      return (outbox.body.messages as { interaction_id: string | null; channel: string }[]).find((m) => m.interaction_id === one.body.interactionId);
    }, 60_000);
    expect(mail).toMatchObject({ channel: 'email' });
    // The delivery and the e-mail are recorded on the session after they happen; the next test compares it before and after.
    await eventually(async () => {
      const names = ((await owner.get(`/chat-sessions/${sessionId}`)).body.interaction_events as { name: string }[]).map((e) => e.name);
      return names.includes('send_webhook') && names.includes('send_email') ? names : null;
    }, 60_000);
  }, 120_000);

  it("another organization's staff cannot read, list, load or write in the session, and nothing changes", async () => {
    const before = (await owner.get(`/chat-sessions/${sessionId}`)).body;
    expect((await other.get(`/chat-sessions/${sessionId}`)).status).toBe(401);
    expect((await other.post('/chat-sessions/logs').send({ orgId })).status).toBe(401);
    expect((await other.post('/chat/llm').send({ chatSessionId: sessionId, orgId })).status).toBe(401);
    // With its own org id, the session is not found.
    expect((await other.post('/chat/llm').send({ chatSessionId: sessionId, orgId: otherOrgId })).status).toBe(404);
    expect((await other.put('/chat/llm').send({ sessionId, orgId: otherOrgId, agentId, message: 'hi', includedGreeting: true })).status).toBe(404);
    expect((await other.get('/chat/config').query({ orgId })).status).toBe(401);
    expect((await other.put('/chat/config').send({ orgId, enabled: false })).status).toBe(401);
    expect((await other.post('/chat/llm/new').send({ orgId })).status).toBe(401);
    expect((await owner.get(`/chat-sessions/${sessionId}`)).body).toEqual(before);
    expect((await owner.get('/chat/config').query({ orgId })).body).toMatchObject({ enabled: true });
  }, 60_000);

  it("is reviewed and reclassified through the calls routes by its interaction id; another organization's staff are refused and nothing changes", async () => {
    const before = (await owner.get(`/chat-sessions/${sessionId}`)).body;
    const interactionId: string = before.interactionId;
    const reviewedAt = '2026-11-28T12:00:00.000Z';
    // Refused as for a call (the session's org is not theirs), and nothing changes.
    expect((await other.put('/interaction').send({ id: interactionId, reviewed_at: reviewedAt, review_notes: 'not yours' })).status).toBe(401);
    expect((await other.post('/call/reclassify').send({ callId: interactionId, newStatus: 'EXCUSED' })).status).toBe(401);
    expect((await owner.get(`/chat-sessions/${sessionId}`)).body).toEqual(before);
    expect(before).toMatchObject({ reviewed_at: null, review_notes: null });

    const review = await owner.put('/interaction').send({ id: interactionId, reviewed_at: reviewedAt, review_notes: 'Checked the transcript' });
    expect(review.status).toBe(200);
    expect(review.body).toEqual({ id: interactionId, reviewed_at: reviewedAt, review_notes: 'Checked the transcript' });
    // The route waits for the read model: the session shows the review at once.
    expect((await owner.get(`/chat-sessions/${sessionId}`)).body).toMatchObject({ reviewed_at: reviewedAt, review_notes: 'Checked the transcript' });

    const to = before.call_status === 'EXCUSED' ? 'UNBOOKED' : 'EXCUSED';
    const reclassify = await owner.post('/call/reclassify').send({ callId: interactionId, newStatus: to });
    expect(reclassify.status).toBe(200);
    expect(reclassify.body).toEqual({ callId: interactionId, call_status: to });
    const after = (await owner.get(`/chat-sessions/${sessionId}`)).body;
    expect(after).toMatchObject({ call_status: to, call_type: to === 'EXCUSED' ? 'Excused' : 'Unbooked', reviewed_at: reviewedAt });
    const listed = (await owner.post('/chat-sessions/logs').send({ orgId })).body.sessions.find((s: { id: string }) => s.id === sessionId);
    expect(listed).toMatchObject({ call_status: to, reviewed_at: reviewedAt, review_notes: 'Checked the transcript' });
    // Only UNBOOKED or EXCUSED (001 §5).
    expect((await owner.post('/call/reclassify').send({ callId: interactionId, newStatus: 'BOOKED' })).status).toBe(400);
    // Still refused to the other organization after the changes; an unknown interaction is not found.
    expect((await other.put('/interaction').send({ id: interactionId, reviewed_at: null })).status).toBe(401);
    expect((await owner.put('/interaction').send({ id: randomUUID(), reviewed_at: null })).status).toBe(404);
    expect((await owner.get(`/chat-sessions/${sessionId}`)).body).toEqual(after);
  }, 60_000);
});
