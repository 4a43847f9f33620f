import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import { randomUUID } from 'node:crypto';
import request from 'supertest';
import { eventually, uniqueName } from '../../../tests/support/integration';
import { onboardAndLogIn } from '../../../tests/support/onboard';
import { startProductHarness, type ProductHarness } from '../../../tests/support/product-harness';
import { workflowIds } from '../../../domain/run/workflow-ids';
import { startFakeVendorServer } from '../../../activities/testing/fake-vendor-server';

let h: ProductHarness;
const run = uniqueName('').replace(/^_/, '');
let orgId: string;
let owner: ReturnType<typeof request.agent>;

const badRequest = (message: string) => expect.objectContaining({ error: 'Bad Request', status: 400, message });

beforeAll(async () => {
  h = await startProductHarness();
  ({ orgId, agent: owner } = await onboardAndLogIn(h, {
    name: `Outbound HVAC ${run}`,
    adminEmail: `owner-${run}@outbound.test`,
    officeEmail: `office-${run}@outbound.test`,
    timezone: 'America/Denver',
  }));
}, 120_000);

afterAll(async () => {
  await h?.stop();
}, 60_000);

const createCall = (body: object, key?: string) => {
  const req = owner.post('/voice-agent/calls').query({ orgId });
  return (key ? req.set('idempotency-key', key) : req).send(body);
};

describe('outbound calls through the offline voice platform', () => {
  let callId: string;

  it('places a call (201 {callId}) that becomes a classified interaction in the call logs', async () => {
    const res = await createCall(
      {
        assistantId: 'agent-outbound-1',
        callVariables: { customer_name: 'Dana', agent_type: 'OUTBOUND' },
        customerPhone: '+13035550188',
        phoneId: '+13035550100',
      },
      `first-${run}`,
    );
    expect(res.status).toBe(201);
    expect(res.body).toEqual({ callId: expect.stringMatching(/^sandbox_call_/) });
    callId = res.body.callId;

    const result = await h.client.workflow.getHandle(workflowIds.interaction('sandbox', callId)).result();
    expect(result).toMatchObject({ timedOut: false });
    const entry = await eventually(async () => {
      const logs = await owner.post('/call/logs').send({ orgId, currentAgents: 'ALL' });
      const e = logs.body.entries?.find((x: { call_status: string }) => x.call_status === result.callStatus);
      return e ?? null;
    }, 30_000);
    expect(entry).toMatchObject({ customer_number: '+13035550188' });
    // The provider's call id finds the interaction; the call is known by the interaction id from there on.
    expect(entry.id).toBe(result.interactionId);
    const details = await owner.post('/call/retrieve').send({ callId: entry.id });
    expect(details.body.transcript_object[0]).toMatchObject({ role: 'Agent', content: expect.stringContaining('Hi Dana') });
    expect(details.body.transcript_object[0].words[0]).toEqual({ word: 'Hi', start: 1, end: 1.4 });

    const recording = await owner
      .get(`/call/${entry.id}/recording`)
      .buffer(true)
      .parse((r, cb) => {
        const chunks: Buffer[] = [];
        r.on('data', (c: Buffer) => chunks.push(c));
        r.on('end', () => cb(null, Buffer.concat(chunks)));
      });
    expect(recording.status).toBe(200);
    expect(recording.headers['content-type']).toBe('audio/mpeg');
    expect([...(recording.body as Buffer).subarray(0, 2)]).toEqual([0xff, 0xfb]);

    const link = await owner.get(`/dashboard/link/${entry.interactionId}`);
    expect(link.body).toEqual({ interactionId: entry.interactionId, orgId, redirect: `/calls/${entry.id}?org=${orgId}` });
  }, 90_000);

  it('answers a repeated request with the same Idempotency-Key with the call it already placed', async () => {
    const again = await createCall(
      { assistantId: 'agent-outbound-1', callVariables: { customer_name: 'Dana' }, customerPhone: '+13035550188', phoneId: '+13035550100' },
      `first-${run}`,
    );
    expect(again.body).toEqual({ callId });
    expect(await h.tdb.db.sandboxVoiceCall.count({ where: { orgId } })).toBe(1);
  });

  it('rejects a bad create-call body with a 400 and places nothing', async () => {
    expect((await createCall({ callVariables: {} })).body).toEqual(badRequest('customerPhone is required'));
    expect((await createCall({ callVariables: { a: 1 }, customerPhone: '+13035550188' })).body).toEqual(badRequest('callVariables values must be strings'));
    expect((await owner.post('/voice-agent/calls').query({ orgId: 'nope' }).send({ callVariables: {}, customerPhone: '+13035550188' })).body).toEqual(
      badRequest('orgId must be a UUID'),
    );
    expect(await h.tdb.db.sandboxVoiceCall.count({ where: { orgId } })).toBe(1);
  });

  it('lists calls with the assistantId, limit and created-at filters, and reads one call', async () => {
    const list = await owner.get('/voice-agent/calls').query({ orgId });
    expect(list.status).toBe(200);
    expect(list.body.map((c: { providerCallId: string }) => c.providerCallId)).toEqual([callId]);
    expect((await owner.get('/voice-agent/calls').query({ orgId, assistantId: 'someone-else' })).body).toEqual([]);
    expect((await owner.get('/voice-agent/calls').query({ orgId, createdAtGte: '2099-01-01T00:00:00Z' })).body).toEqual([]);
    expect((await owner.get('/voice-agent/calls').query({ orgId, createdAtLte: '2099-01-01T00:00:00Z', limit: 5 })).body).toHaveLength(1);
    expect((await owner.get('/voice-agent/calls').query({ orgId, limit: 0 })).body).toEqual(badRequest('limit must be between 1 and 1000'));
    expect((await owner.get('/voice-agent/calls').query({ orgId, createdAtGte: 'yesterday' })).body).toEqual(
      badRequest('createdAtGte must be an ISO date-time'),
    );

    const one = await owner.get(`/voice-agent/calls/${callId}`).query({ orgId });
    expect(one.body).toMatchObject({ provider: 'sandbox', providerCallId: callId, direction: 'outbound', status: 'ended', voiceAgentId: 'agent-outbound-1' });
    expect(one.body.interaction).toBeUndefined();
    const withInteraction = await owner.get(`/voice-agent/calls/${callId}`).query({ orgId, needInteraction: 'true', voiceAgentProvider: 'sandbox' });
    expect(withInteraction.body.interaction).toMatchObject({ id: expect.any(String), call_status: expect.any(String) });

    const missing = await owner.get('/voice-agent/calls/sandbox_call_missing').query({ orgId });
    expect(missing.status).toBe(404);
    expect(missing.body).toEqual({ error: 'Not Found', status: 404, message: 'Call not found' });
    expect((await owner.get(`/voice-agent/calls/${callId}`).query({ orgId, voiceAgentProvider: 'retell' })).body).toEqual(
      badRequest('This organization has no retell account'),
    );
  });

  it('places a batch (201 {batchCallId}): one call per task, each with its agent and variables', async () => {
    const body = {
      from_number: '+13035550100',
      name: 'Spring tune-up',
      tasks: [
        { to_number: '+13035550111', override_agent_id: 'agent-batch', dynamic_variables: { customer_name: 'Ann' } },
        { to_number: '+13035550112', override_agent_id: 'agent-batch' },
      ],
    };
    const res = await owner.post('/voice-agent/batch-calls').query({ orgId }).set('idempotency-key', `batch-${run}`).send(body);
    expect(res.status).toBe(201);
    expect(res.body).toEqual({ batchCallId: expect.stringMatching(/^sandbox_batch_/) });
    const again = await owner.post('/voice-agent/batch-calls').query({ orgId }).set('idempotency-key', `batch-${run}`).send(body);
    expect(again.body).toEqual(res.body);
    const batchCalls = (await owner.get('/voice-agent/calls').query({ orgId, assistantId: 'agent-batch' })).body;
    expect(batchCalls.map((c: { toNumber: string }) => c.toNumber).sort()).toEqual(['+13035550111', '+13035550112']);
    expect(batchCalls.every((c: { metadata: { batchCallId: string } }) => c.metadata.batchCallId === res.body.batchCallId)).toBe(true);

    expect(
      (
        await owner
          .post('/voice-agent/batch-calls')
          .query({ orgId })
          .send({ ...body, tasks: [] })
      ).body,
    ).toEqual(badRequest('A batch call needs at least one task'));
    expect((await owner.post('/voice-agent/batch-calls').query({ orgId }).send({ tasks: body.tasks })).body).toEqual(badRequest('from_number is required'));
  });

  it('saves the voicemail action of an agent: hangup, static_text or prompt', async () => {
    const put = (voicemailAction: unknown) => owner.put('/voice-agent/agents/agent-outbound-1/voicemail').query({ orgId }).send({ voicemailAction });
    expect((await put({ type: 'static_text', text: 'Please call us back at 555-0100.' })).body).toEqual({ message: 'Voicemail settings updated' });
    expect((await put({ type: 'static_text', text: 'Please call us back at 555-0100.' })).status).toBe(200);
    expect((await h.tdb.db.sandboxVoicemailSetting.findUnique({ where: { orgId_agentId: { orgId, agentId: 'agent-outbound-1' } } }))?.action).toEqual({
      type: 'static_text',
      text: 'Please call us back at 555-0100.',
    });
    expect((await put({ type: 'hangup' })).status).toBe(200);
    expect((await h.tdb.db.sandboxVoicemailSetting.findUnique({ where: { orgId_agentId: { orgId, agentId: 'agent-outbound-1' } } }))?.action).toEqual({
      type: 'hangup',
    });

    expect((await put({ type: 'prompt' })).body).toEqual(badRequest('prompt needs a text'));
    expect((await put({ type: 'beep' })).body).toEqual(badRequest('voicemailAction must be hangup, static_text {text} or prompt {text}'));
    expect((await h.tdb.db.sandboxVoicemailSetting.findUnique({ where: { orgId_agentId: { orgId, agentId: 'agent-outbound-1' } } }))?.action).toEqual({
      type: 'hangup',
    });
  });

  it('reads and assigns the agents of a phone number', async () => {
    const path = '/voice-agent/phones/sandbox/+13035550100';
    const unknown = await owner.get(path).query({ orgId });
    expect(unknown.status).toBe(404);
    expect(unknown.body).toEqual({ error: 'Not Found', status: 404, message: 'Phone not found' });

    expect((await owner.put(path).query({ orgId }).send({ inboundAgentId: 'agent-in', outboundAgentId: 'agent-out', name: 'Main line' })).body).toEqual({
      message: 'Phone updated',
    });
    expect((await owner.put(path).query({ orgId }).send({ outboundAgentId: null })).status).toBe(200);
    expect((await owner.get(path).query({ orgId })).body).toEqual({ inboundAgentId: 'agent-in', outboundAgentId: null, name: 'Main line' });

    expect((await owner.put(path).query({ orgId }).send({})).body).toEqual(badRequest('Give at least one of inboundAgentId, outboundAgentId or name'));
    expect((await owner.get('/voice-agent/phones/acme/+13035550100').query({ orgId })).body).toEqual(
      badRequest('provider must be one of retell, vapi, bland, synthflow, sandbox'),
    );
    expect((await owner.get('/voice-agent/phones/vapi/phone-1').query({ orgId })).body).toEqual(badRequest('This organization has no vapi account'));
  });

  it('answers an incoming call in both body forms with the number’s inbound agent', async () => {
    const expected = {
      call_inbound: {
        override_agent_id: 'agent-in',
        dynamic_variables: { from_number: '+17205550199', to_number: '+13035550100', company_name: `Outbound HVAC ${run}` },
        metadata: { org_id: orgId },
      },
    };
    const flat = await request(h.app).post(`/voice-agent/incoming-call/${orgId}`).send({ from_number: '+17205550199', to_number: '+13035550100' });
    expect(flat.status).toBe(200);
    expect(flat.body).toEqual(expected);
    const wrapped = await request(h.app)
      .post(`/voice-agent/incoming-call/${orgId}`)
      .send({ event: 'call_inbound', call_inbound: { from_number: '+17205550199', to_number: '+13035550100' } });
    expect(wrapped.body).toEqual(expected);

    const unassigned = await request(h.app).post(`/voice-agent/incoming-call/${orgId}`).send({ from_number: '+17205550199', to_number: '+13035550999' });
    expect(unassigned.body.call_inbound.override_agent_id).toBeUndefined();
    expect((await request(h.app).post(`/voice-agent/incoming-call/${randomUUID()}`).send({ from_number: '1', to_number: '2' })).status).toBe(404);
    expect((await request(h.app).post(`/voice-agent/incoming-call/${orgId}`).send({ from_number: '+17205550199' })).body).toEqual(
      badRequest('The body must be {to_number, from_number} or {event: "call_inbound", call_inbound: {from_number, to_number}}'),
    );
  });

  it('answers 404 for the recording and deep link of an unknown call or interaction', async () => {
    expect((await owner.get(`/call/${randomUUID()}/recording`)).body).toEqual({ error: 'Not Found', status: 404, message: 'Call not found' });
    expect((await owner.get(`/dashboard/link/${randomUUID()}`)).body).toEqual({ error: 'Not Found', status: 404, message: 'Interaction not found' });
    expect((await owner.get('/dashboard/link/not-a-uuid')).body).toEqual(badRequest('interaction_id must be a UUID'));
  });

  it('summarizes an inbound or outbound transcript with the generic summary task', async () => {
    const transcript = [
      { role: 'Agent', content: 'Thanks for calling, how can I help?' },
      { role: 'Customer', content: 'My water heater is leaking, can someone come tomorrow?' },
    ];
    const res = await owner.post('/voice-agent/summarize').query({ type: 'inbound' }).send({ orgId, transcript });
    expect(res.status).toBe(200);
    expect(res.body).toEqual({
      summary: expect.arrayContaining([expect.objectContaining({ title: 'Summary', content: expect.any(Array) })]),
      engine: 'offline',
    });
    expect((await owner.post('/voice-agent/summarize').query({ type: 'outbound' }).send({ orgId, transcript })).status).toBe(200);

    expect((await owner.post('/voice-agent/summarize').query({ type: 'sideways' }).send({ orgId, transcript })).body).toEqual(
      badRequest('type must be inbound or outbound'),
    );
    expect((await owner.post('/voice-agent/summarize').query({ type: 'inbound' }).send({ orgId, transcript: [] })).body).toEqual(
      badRequest('transcript must have at least one turn'),
    );
  });

  // Last: from here on the org places its calls through Retell.
  it("sends the vendor's own requests once the org's settings name a platform", async () => {
    const vendor = await startFakeVendorServer();
    try {
      // As the org's admin does on Settings → Voice platforms.
      const set = await owner.put(`/org/${orgId}/voice-platforms/retell`).send({ apiKey: `key_${run}`, baseUrl: vendor.url, active: true });
      expect(set.status).toBe(200);
      expect(set.body.activeProvider).toBe('retell');
      vendor.on('POST', '/v2/create-phone-call', {
        status: 201,
        body: { call_id: 'call_retell_1', agent_id: 'agent_r', call_type: 'phone_call', call_status: 'registered', direction: 'outbound' },
      });
      const res = await createCall({ assistantId: 'agent_r', callVariables: { customer_name: 'Lee' }, customerPhone: '+13035550177', phoneId: '+13035550100' });
      expect(res.status).toBe(201);
      expect(res.body).toEqual({ callId: 'call_retell_1' });
      expect(vendor.requests).toHaveLength(1);
      expect(vendor.requests[0].headers.authorization).toBe(`Bearer key_${run}`);
      expect(vendor.requests[0].body).toEqual({
        from_number: '+13035550100',
        to_number: '+13035550177',
        override_agent_id: 'agent_r',
        retell_llm_dynamic_variables: { customer_name: 'Lee' },
      });

      vendor.on('GET', '/v2/get-call/call_gone', { status: 404, body: { error_message: 'Not found' } });
      const missing = await owner.get('/voice-agent/calls/call_gone').query({ orgId });
      expect(missing.status).toBe(404);
      expect(missing.body).toEqual({ error: 'Not Found', status: 404, message: 'Call not found' });

      vendor.on('GET', '/get-phone-number/%2B13035550100', {
        status: 200,
        body: { phone_number: '+13035550100', inbound_agent_id: 'agent_r', outbound_agent_id: null, nickname: 'Retell line' },
      });
      expect((await owner.get('/voice-agent/phones/retell/+13035550100').query({ orgId })).body).toEqual({
        inboundAgentId: 'agent_r',
        outboundAgentId: null,
        name: 'Retell line',
      });
      // The sandbox's own numbers stay readable by naming it.
      expect((await owner.get('/voice-agent/phones/sandbox/+13035550100').query({ orgId })).body).toMatchObject({ name: 'Main line' });
      // A retell call placed here reaches the interaction path through Retell's webhooks, not the sandbox.
      expect(await h.tdb.db.sandboxVoiceCall.count({ where: { orgId, record: { path: ['toNumber'], equals: '+13035550177' } } })).toBe(0);
    } finally {
      await vendor.close();
    }
  });
});
