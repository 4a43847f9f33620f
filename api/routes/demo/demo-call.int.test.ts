import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import type { Express } from 'express';
import request from 'supertest';
import { createApp } from '../../app';
import { eventually, uniqueName } from '../../../tests/support/integration';
import { onboardAndLogIn } from '../../../tests/support/onboard';
import { startProductHarness, type ProductHarness } from '../../../tests/support/product-harness';

let h: ProductHarness;
const run = uniqueName('').replace(/^_/, '');
let orgId: string;
let owner: ReturnType<typeof request.agent>;
/** The product with the onboarded org as its demo organization (DEMO_ORG_SLUG). */
let app: Express;
// A run's own area code block keeps the per-number counts of one run apart from another's (each app counts afresh anyway).
const suffix = String(Date.now()).slice(-4);
const numberOf = (n: number) => `+1303${String(500 + n).padStart(3, '0')}${suffix}`;

const form = (over: object = {}) => ({ name: 'Dana Visitor', email: `dana-${run}@visitor.test`, number: numberOf(1), companyName: 'Dana Heating', ...over });
const issue = (path: string, message: string) => ({ path, message });

beforeAll(async () => {
  h = await startProductHarness();
  ({ orgId, agent: owner } = await onboardAndLogIn(h, {
    name: `Demo HVAC ${run}`,
    adminEmail: `owner-${run}@demo.test`,
    officeEmail: `office-${run}@demo.test`,
    timezone: 'America/Chicago',
  }));
  const { slug } = (await h.tdb.db.organization.findUniqueOrThrow({ where: { id: orgId } })) as { slug: string };
  app = createApp({ ...h.deps, config: { ...h.deps.config, DEMO_ORG_SLUG: slug } });
}, 120_000);

afterAll(async () => {
  await h?.stop();
}, 60_000);

describe('POST /call/new (the landing page demo call)', () => {
  let callId: string;

  it('offers the demo organization’s inbound assistants, the demo agent among them', async () => {
    const res = await request(app).get('/call/new/assistants');
    expect(res.status).toBe(200);
    const types = res.body.assistants.map((a: { agent_type: string }) => a.agent_type);
    expect(types).toContain('DEMO_AGENT');
    expect(types).not.toContain('SALES_AGENT');
    expect(types).not.toContain('CHAT_CSR_AGENT');
  });

  it('places a call from the demo agent to the visitor, answered in the spec’s shape, and it shows on the demo org’s Calls page', async () => {
    const res = await request(app)
      .post('/call/new')
      .send(form({ number: '(303) 501-' + suffix }));
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({
      call_id: expect.stringMatching(/^sandbox_call_/),
      call_type: 'phone_call',
      agent_type: 'DEMO_AGENT',
      to_number: numberOf(1),
      direction: 'outbound',
      sandbox: true,
      retell_llm_dynamic_variables: expect.objectContaining({
        name: 'Dana Visitor',
        companyName: 'Dana Heating',
        customer_name: 'Dana Visitor',
        company_name: 'Dana Heating',
      }),
      metadata: expect.objectContaining({ name: 'Dana Visitor', companyName: 'Dana Heating', email: `dana-${run}@visitor.test`, number: numberOf(1) }),
      call_cost: expect.objectContaining({ total_duration_seconds: expect.any(Number) }),
    });
    callId = res.body.call_id;

    const entry = await eventually(async () => {
      const logs = await owner.post('/call/logs').send({ orgId, currentAgents: 'ALL' });
      return logs.body.entries?.find((e: { customer_number: string }) => e.customer_number === numberOf(1)) ?? null;
    }, 30_000);
    expect(entry).toBeTruthy();
  }, 60_000);

  it('answers a second submission of the same number within a minute with the same call', async () => {
    const again = await request(app)
      .post('/call/new')
      .send(form({ name: 'Dana Again' }));
    expect(again.status).toBe(200);
    expect(again.body.call_id).toBe(callId);
    expect(await h.tdb.db.sandboxVoiceCall.count({ where: { orgId } })).toBe(1);
  });

  it('refuses a bad form with a 400 naming each field, and dials nobody', async () => {
    const res = await request(app).post('/call/new').send({ name: ' ', email: 'not-an-email', number: '12', companyName: '' });
    expect(res.status).toBe(400);
    expect(res.body).toMatchObject({ error: 'Bad Request', status: 400 });
    expect(res.body.issues).toEqual([
      issue('name', 'Enter your name'),
      issue('email', 'Enter a valid e-mail address'),
      issue('number', 'Enter a phone number with its area code'),
      issue('companyName', 'Enter your company name'),
    ]);
    const unknown = await request(app)
      .post('/call/new')
      .send(form({ number: numberOf(2), assistant: 'not-a-demo-agent' }));
    expect(unknown.status).toBe(400);
    expect(unknown.body.message).toBe('assistant must be one of the demo assistants');
    expect(await h.tdb.db.sandboxVoiceCall.count({ where: { orgId } })).toBe(1);
  });

  it('calls with the picked assistant', async () => {
    const { assistants } = (await request(app).get('/call/new/assistants')).body as { assistants: { id: string; agent_type: string }[] };
    const receptionist = assistants.find((a) => a.agent_type === 'RECEPTIONIST')!;
    const res = await request(app)
      .post('/call/new')
      .send(form({ number: numberOf(3), assistant: receptionist.id }));
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({ agent_id: receptionist.id, agent_type: 'RECEPTIONIST' });
  });

  it('allows 3 demo calls a day per number, however it is written, then 429 in the common body', async () => {
    const fresh = createApp({
      ...h.deps,
      config: { ...h.deps.config, DEMO_ORG_SLUG: (await h.tdb.db.organization.findUniqueOrThrow({ where: { id: orgId } })).slug },
    });
    const spellings = [numberOf(4), `303${String(504)}${suffix}`, `1 (303) 504-${suffix}`, `+1 303 504 ${suffix}`];
    const statuses: number[] = [];
    for (const number of spellings)
      statuses.push(
        (
          await request(fresh)
            .post('/call/new')
            .send(form({ number, name: `Try ${statuses.length}` }))
        ).status,
      );
    expect(statuses).toEqual([200, 200, 200, 429]);
    const refused = await request(fresh)
      .post('/call/new')
      .send(form({ number: numberOf(4) }));
    expect(refused.body).toEqual({ error: 'Too Many Requests', status: 429, message: 'This number has had its demo calls for today. Try again tomorrow.' });
    expect(refused.headers['retry-after']).toBeDefined();
    // Another number is not affected.
    expect(
      (
        await request(fresh)
          .post('/call/new')
          .send(form({ number: numberOf(5) }))
      ).status,
    ).toBe(200);
  }, 60_000);

  it('limits one client address across numbers (the public routes’ limit)', async () => {
    const { slug } = await h.tdb.db.organization.findUniqueOrThrow({ where: { id: orgId } });
    const tight = createApp({ ...h.deps, config: { ...h.deps.config, DEMO_ORG_SLUG: slug, PUBLIC_MAX_REQUESTS_PER_MINUTE: 2 } });
    expect(
      (
        await request(tight)
          .post('/call/new')
          .send(form({ number: numberOf(6) }))
      ).status,
    ).toBe(200);
    expect(
      (
        await request(tight)
          .post('/call/new')
          .send(form({ number: numberOf(7) }))
      ).status,
    ).toBe(200);
    const third = await request(tight)
      .post('/call/new')
      .send(form({ number: numberOf(8) }));
    expect(third.status).toBe(429);
    expect(third.body).toEqual({ error: 'Too Many Requests', status: 429, message: 'Too many requests from this address. Try again later.' });
  }, 60_000);

  it('answers 503 with a clear message when the demo organization does not exist', async () => {
    const missing = createApp({ ...h.deps, config: { ...h.deps.config, DEMO_ORG_SLUG: `no-such-org-${run}` } });
    const res = await request(missing)
      .post('/call/new')
      .send(form({ number: numberOf(9) }));
    expect(res.status).toBe(503);
    expect(res.body).toEqual({
      error: 'Service Unavailable',
      status: 503,
      message: `Demo calls are not available: the demo organization "no-such-org-${run}" does not exist`,
    });
  });

  it('POST /expo/webhook is the demo organization’s voice webhook: the same answer for the same delivery', async () => {
    const delivery = JSON.stringify({ event: 'call_ended', call: { call_id: `retell-${run}` } });
    const viaExpo = await request(app).post('/expo/webhook').set('content-type', 'application/json').send(delivery);
    const viaVoice = await request(app).post(`/voice-agent/webhook/${orgId}`).set('content-type', 'application/json').send(delivery);
    expect([viaExpo.status, viaExpo.body]).toEqual([viaVoice.status, viaVoice.body]);
    expect(viaExpo.status).not.toBe(503);
  });

  describe('POST /expo/{callId}/comms', () => {
    it('e-mails the visitor who asks for follow-up after the demo (the outbox holds it), once per address', async () => {
      const body = { email: `follow-${run}@visitor.test`, phone: '+13035550199' };
      const res = await request(app).post(`/expo/${callId}/comms`).send(body);
      expect(res.status).toBe(200);
      expect(res.body).toEqual({ success: true });
      const message = await eventually(() => h.tdb.db.outboxMessage.findFirst({ where: { to: body.email, template: 'demo_comms' } }));
      expect(message.text).toContain('Hi Dana Visitor');
      expect(message.text).toContain(callId);
      expect((await request(app).post(`/expo/${callId}/comms`).send(body)).status).toBe(200);
      expect(await h.tdb.db.outboxMessage.count({ where: { to: body.email, template: 'demo_comms' } })).toBe(1);
    });

    it("records the request on the call's interaction: the demo org sees it once among the call's events, however often it is sent", async () => {
      const body = { email: `Record-${run}@Visitor.test`, phone: '(303) 555-0142' };
      expect((await request(app).post(`/expo/${callId}/comms`).send(body)).status).toBe(200);
      expect((await request(app).post(`/expo/${callId}/comms`).send(body)).status).toBe(200);
      const logs = await owner.post('/call/logs').send({ orgId, currentAgents: 'ALL' });
      const entry = logs.body.entries.find((e: { customer_number: string }) => e.customer_number === numberOf(1));
      const requested = (events: { name: string; metadata: Record<string, unknown> }[]) =>
        events.filter((e) => e.name === 'demo_follow_up_requested' && e.metadata.email === body.email.toLowerCase());
      const details = await eventually(async () => {
        const res = await owner.post('/call/retrieve').send({ callId: entry.id });
        return requested(res.body.data?.interaction_events ?? []).length > 0 ? res.body.data : null;
      }, 20_000);
      expect(requested(details.interaction_events)).toEqual([
        { created_at: expect.any(String), name: 'demo_follow_up_requested', metadata: { email: body.email.toLowerCase(), phone: '+13035550142' } },
      ]);
      // In the log as the interaction's own event, the one the read model shows.
      const seen: { type: string; aggregateId: string }[] = [];
      await h.bus.replay({
        aggregateTypes: ['interaction'],
        onEvent: async ({ event }) =>
          void (
            event.type === 'DemoFollowUpRequested' &&
            event.data.email === body.email.toLowerCase() &&
            seen.push({ type: event.type, aggregateId: event.aggregateId })
          ),
      });
      expect(seen.length).toBeGreaterThanOrEqual(1);
      expect(new Set(seen.map((e) => e.aggregateId))).toEqual(new Set([entry.interactionId]));
    }, 60_000);

    it('404 for an unknown call, 400 for a bad e-mail', async () => {
      const unknown = await request(app)
        .post('/expo/sandbox_call_nope/comms')
        .send({ email: `x-${run}@visitor.test`, phone: '+13035550199' });
      expect(unknown.status).toBe(404);
      expect(unknown.body).toEqual({ error: 'Not Found', status: 404, message: 'Demo call not found' });
      const bad = await request(app).post(`/expo/${callId}/comms`).send({ email: 'nope', phone: '+13035550199' });
      expect(bad.status).toBe(400);
      expect(bad.body.issues).toEqual([issue('email', 'Enter a valid e-mail address')]);
    });
  });
});
