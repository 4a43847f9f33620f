import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import { randomUUID } from 'node:crypto';
import request from 'supertest';
import { uniqueName } from '../../../tests/support/integration';
import { seedFinishedCall } from '../../../tests/support/finished-call';
import { onboardAndLogIn } from '../../../tests/support/onboard';
import { startProductHarness, type ProductHarness } from '../../../tests/support/product-harness';

// The AI assistant for CSRs (001 §2.15, §7) through the whole product: the routes publish the session's
// events, the projector writes the assistant-sessions read model, and the offline engine answers.

let h: ProductHarness;
const run = uniqueName('').replace(/^_/, '');
const NUMBER = '+15125550100';
let orgId: string;
let otherOrgId: string;
let owner: ReturnType<typeof request.agent>;
let stranger: ReturnType<typeof request.agent>;
const callId = randomUUID();
const earlierCallId = randomUUID();
const otherOrgCallId = randomUUID();
const ownerEmail = `owner-${run}@assistant.test`;
const commonError = (status: number, message: string) => ({ error: expect.any(String), status, message });

const init = (body: object = {}) =>
  owner.post('/ai-assistant/init-session').send({ orgId, callId, timezone: 'America/New_York', csrEmail: ownerEmail, ...body });

beforeAll(async () => {
  h = await startProductHarness();
  ({ orgId, agent: owner } = await onboardAndLogIn(h, { name: `Assistant HVAC ${run}`, adminEmail: ownerEmail }));
  ({ orgId: otherOrgId, agent: stranger } = await onboardAndLogIn(h, { name: `Other Plumbing ${run}`, adminEmail: `owner-${run}@other.test` }));
  await seedFinishedCall(h.tdb.db, {
    id: earlierCallId,
    orgId,
    providerCallId: `call_${run}_earlier`,
    customerNumber: NUMBER,
    callStatus: 'BOOKED',
    startedAt: new Date('2026-10-02T14:30:00Z'),
    createdAt: new Date('2026-10-02T14:30:00Z'),
    summary: [{ title: 'Summary', content: ['Booked a furnace tune-up for Oct 5.'] }],
  });
  await seedFinishedCall(h.tdb.db, {
    id: callId,
    orgId,
    providerCallId: `call_${run}_now`,
    customerNumber: NUMBER,
    customerName: 'Dana Whitfield',
    startedAt: new Date('2026-11-20T15:00:00Z'),
    callType: 'Unbooked',
    classificationReason: 'a callback was offered and no booking action was made',
    summary: [
      { title: 'Summary', content: ['Dana Whitfield called because her furnace stopped working.'] },
      { title: 'Unbooked Reason', content: ['The agent offered a callback instead of a visit.'] },
    ],
    tags: ['callback'],
    tagReasons: { callback: 'the agent promised a call back today (0:12)' },
  });
  // The same number calling another organization is not this customer's history here.
  await seedFinishedCall(h.tdb.db, { id: otherOrgCallId, orgId: otherOrgId, providerCallId: `call_${run}_other`, customerNumber: NUMBER });
}, 120_000);

afterAll(async () => {
  await h?.stop();
}, 60_000);

describe('an assistant session on a call', () => {
  let chatId: string;

  it('starts with an initial message about the call and its customer, and resumes the same open session', async () => {
    const res = await init();
    expect(res.status).toBe(200);
    expect(res.body).toEqual({ chatId: expect.any(String), initialMessage: expect.any(String), status: 'initialized' });
    chatId = res.body.chatId;
    expect(res.body.initialMessage).toContain('Dana Whitfield on Nov 20, 2026, 10:00 AM EST');
    expect(res.body.initialMessage).toContain('This number has 1 earlier call.');
    const again = await init();
    expect(again.body).toEqual(res.body);
  }, 30_000);

  it("answers from the call and the customer's earlier calls in this organization only", async () => {
    const previous = await owner.post('/ai-assistant').send({ chatId, message: 'Previous calls?' });
    expect(previous.status).toBe(200);
    expect(previous.body).toEqual({
      response: '1 other call from +15125550100 (1 booked), newest first:\n- Oct 2, 2026, 10:30 AM EDT: Booked, Booked a furnace tune-up for Oct 5.',
      messages: [
        { role: 'user', content: 'Previous calls?', timestamp: expect.any(String), name: null, arguments: null, tool_call_id: null },
        { role: 'assistant', content: previous.body.response, timestamp: previous.body.timestamp, name: null, arguments: null, tool_call_id: null },
      ],
      chatId,
      timestamp: expect.stringMatching(/^\d{4}-\d\d-\d\dT/),
      fallback: false,
    });

    const why = await owner.post('/ai-assistant').send({ chatId, message: '  Why unbooked?  ' });
    expect(why.status).toBe(200);
    expect(why.body.response).toBe(
      'It is Not booked: a callback was offered and no booking action was made. Summary: The agent offered a callback instead of a visit. Tags: Callback: the agent promised a call back today (0:12)',
    );
    const want = await owner.post('/ai-assistant').send({ chatId, message: 'What did the customer want?' });
    expect(want.body.response).toBe(
      'Dana Whitfield called because her furnace stopped working. In their words: (0:05) “Hi, my furnace stopped working and the house is cold.”',
    );
  }, 30_000);

  it('reloads the history in order, the initial message first', async () => {
    const res = await owner.post('/ai-assistant/history').send({ chatId });
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({ chatId, callId, status: 'initialized' });
    expect(res.body.messages.map((m: { role: string; content: string }) => [m.role, m.content.slice(0, 20)])).toEqual([
      ['assistant', 'Hi! Ask me about thi'],
      ['user', 'Previous calls?'],
      ['assistant', '1 other call from +1'],
      ['user', 'Why unbooked?'],
      ['assistant', 'It is Not booked: a '],
      ['user', 'What did the custome'],
      ['assistant', 'Dana Whitfield calle'],
    ]);
  });

  it('ends with 204; an ended session keeps its history, refuses questions, and a new init starts afresh', async () => {
    const end = await owner.post('/ai-assistant/end-chat').send({ chatId });
    expect(end.status).toBe(204);
    expect(end.text).toBe('');
    expect((await owner.post('/ai-assistant/end-chat').send({ chatId })).status).toBe(204);

    const history = await owner.post('/ai-assistant/history').send({ chatId });
    expect(history.body.status).toBe('ended');
    expect(history.body.messages).toHaveLength(7);

    const late = await owner.post('/ai-assistant').send({ chatId, message: 'One more thing?' });
    expect(late.status).toBe(400);
    expect(late.body).toEqual(commonError(400, 'This assistant session has ended'));

    const fresh = await init();
    expect(fresh.status).toBe(200);
    expect(fresh.body.chatId).not.toBe(chatId);
  }, 30_000);
});

describe('validation, unknown ids and other organizations', () => {
  it.each([
    [
      { orgId: undefined, callId: undefined, timezone: undefined, csrEmail: undefined },
      'orgId must be a UUID; callId must be a UUID; timezone is required; Invalid email format',
    ],
    [{ callId: 'call-1' }, 'callId must be a UUID'],
    [{ timezone: 'Mars/Olympus_Mons' }, 'timezone must be an IANA time zone such as America/Chicago'],
    [{ csrEmail: 'csr@' }, 'Invalid email format'],
  ])('init-session %j → 400 %s', async (body, message) => {
    const res = await init(body);
    expect(res.status).toBe(400);
    expect(res.body).toMatchObject(commonError(400, message));
  });

  it.each([
    ['/ai-assistant', 'chatId must be a UUID', { chatId: 'chat-1', message: 'hi' }],
    ['/ai-assistant', 'message is required', { chatId: randomUUID(), message: '   ' }],
    ['/ai-assistant', 'message is required', { chatId: randomUUID() }],
    ['/ai-assistant', 'message must be at most 2000 characters', { chatId: randomUUID(), message: 'x'.repeat(2001) }],
    ['/ai-assistant/history', 'chatId must be a UUID', {}],
    ['/ai-assistant/end-chat', 'chatId must be a UUID', { chatId: 42 }],
  ])('%s → 400 %s', async (path, message, body) => {
    const res = await owner.post(path).send(body);
    expect(res.status).toBe(400);
    expect(res.body).toMatchObject(commonError(400, message));
  });

  it('answers 404 for a call that does not exist or is not in the organization named, and for an unknown chatId', async () => {
    for (const unknownCall of [randomUUID(), otherOrgCallId]) {
      const res = await init({ callId: unknownCall });
      expect(res.status).toBe(404);
      expect(res.body).toEqual(commonError(404, 'Call not found'));
    }
    for (const [path, body] of [
      ['/ai-assistant', { chatId: randomUUID(), message: 'hello' }],
      ['/ai-assistant/history', { chatId: randomUUID() }],
      ['/ai-assistant/end-chat', { chatId: randomUUID() }],
    ] as const) {
      const res = await owner.post(path).send(body);
      expect(res.status).toBe(404);
      expect(res.body).toEqual(commonError(404, 'Assistant session not found'));
    }
  });

  it("refuses another organization's staff on every route, and lets them start nothing on its calls", async () => {
    const { chatId } = (await init()).body;
    const refused = commonError(401, 'You do not have access to this organization');
    const attempts = [
      stranger.post('/ai-assistant/init-session').send({ orgId, callId, timezone: 'America/Chicago', csrEmail: 'owner@other.test' }),
      stranger.post('/ai-assistant').send({ chatId, message: 'Previous calls?' }),
      stranger.post('/ai-assistant/history').send({ chatId }),
      stranger.post('/ai-assistant/end-chat').send({ chatId }),
    ];
    for (const res of await Promise.all(attempts)) expect({ status: res.status, body: res.body }).toEqual({ status: 401, body: refused });
    // Naming their own organization does not reach this one's call either.
    const own = await stranger
      .post('/ai-assistant/init-session')
      .send({ orgId: otherOrgId, callId, timezone: 'America/Chicago', csrEmail: 'owner@other.test' });
    expect(own.status).toBe(404);
    expect((await owner.post('/ai-assistant/history').send({ chatId })).body).toMatchObject({ status: 'initialized', messages: [expect.anything()] });
  }, 30_000);

  it('answers 307 without a session', async () => {
    const res = await request(h.app).post('/ai-assistant/history').send({ chatId: randomUUID() });
    expect(res.status).toBe(307);
    expect(res.body).toEqual({ redirect: '/login', status: 307 });
  });
});

describe('the AI assistant in the OpenAPI document', () => {
  it('lists the four routes with every status they answer', async () => {
    const doc = (await request(h.app).get('/openapi.json')).body;
    const statuses = (path: string) => Object.keys(doc.paths[path].post.responses).sort();
    for (const path of ['/ai-assistant/init-session', '/ai-assistant', '/ai-assistant/history']) {
      expect(statuses(path)).toEqual(['200', '307', '400', '401', '404', '413', '500']);
    }
    expect(statuses('/ai-assistant/end-chat')).toEqual(['204', '307', '400', '401', '404', '413', '500']);
    expect(doc.paths['/ai-assistant/init-session'].post.requestBody.content['application/json'].schema.required).toEqual([
      'orgId',
      'callId',
      'timezone',
      'csrEmail',
    ]);
    expect(doc.paths['/ai-assistant'].post.requestBody.content['application/json'].schema.required).toEqual(['chatId', 'message']);
    const answer = doc.paths['/ai-assistant'].post.responses['200'].content['application/json'].schema;
    expect(answer.required).toEqual(['chatId', 'timestamp', 'fallback']);
  });
});
