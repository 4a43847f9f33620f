import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import { createHmac } from 'node:crypto';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import request from 'supertest';
import { startFakeVendorServer, type FakeVendorServer } from '../../../activities/testing/fake-vendor-server';
import { workflowIds } from '../../../domain/run/workflow-ids';
import { getInteractionQuery } from '../../../workflows/interaction/interaction.messages';
import { uniqueName } from '../../../tests/support/integration';
import { onboardAndLogIn } from '../../../tests/support/onboard';
import { startProductHarness, type ProductHarness } from '../../../tests/support/product-harness';

// Issue 12 point 4, every door signed: the incoming-call request, every provider path once an org has any webhook
// secret, and a per-call token where the vendor signs less than the body (Synthflow: the call id; Vapi: a static
// secret). Deliveries are the vendors' own payloads (the adapters' fixtures) with their call ids replaced.

let h: ProductHarness;
let vendor: FakeVendorServer;
const run = uniqueName('').replace(/^_/, '');
const FIXTURES = join(__dirname, '../../../activities/voice/adapters');
const fixture = (vendorName: string, name: string, fromId: string, toId: string) =>
  readFileSync(join(FIXTURES, vendorName, 'fixtures', `${name}.json`), 'utf8')
    .split(fromId)
    .join(toId);
const retellStarted = (callId: string) => fixture('retell', 'call_started', 'call_a4441234567890777c4a4a123e6', callId);
const synthflowPostCall = (callId: string) => fixture('synthflow', 'post_call_completed', '1711646262471x768387119913843100', callId);
const vapiEnded = (callId: string) => fixture('vapi', 'status-update-ended', '2a7f1c4e-9b3d-4e8a-b6f2-5c1d0e9a8b7c', callId);
const blandPostCall = (callId: string) => fixture('bland', 'post_call_completed', 'd9cce3f3-23cf-4fa7-b62c-8be8119b8715', callId);

const hmac = (secret: string, payload: string, encoding: 'hex' | 'base64') => createHmac('sha256', secret).update(payload).digest(encoding);
const retellSignature = (secret: string, body: string, at = Date.now()) => `v=${at},d=${hmac(secret, body + at, 'hex')}`;
const unauthorized = (message: string) => ({ error: 'Unauthorized', status: 401, message });
const ANY_SIGNED_ONLY = unauthorized('This organization accepts only deliveries signed by a voice platform it has a webhook secret for');

const post = (path: string, body: string, headers: Record<string, string> = {}) => {
  const req = request(h.app).post(path).set('content-type', 'application/json');
  for (const [name, value] of Object.entries(headers)) req.set(name, value);
  return req.send(body);
};

/** Whether a delivery started the call's interaction: a refused one must not. */
async function interactionStarted(provider: string, callId: string): Promise<boolean> {
  try {
    await h.client.workflow.getHandle(workflowIds.interaction(provider, callId)).describe();
    return true;
  } catch {
    return false;
  }
}
/** The call record the call's interaction holds once a delivery reached it. */
async function recordOf(provider: string, callId: string) {
  const handle = h.client.workflow.getHandle(workflowIds.interaction(provider, callId));
  for (let i = 0; i < 50; i += 1) {
    const progress = await handle.query(getInteractionQuery);
    if (progress.deliveries > 0) return progress.record;
    await new Promise((resolve) => setTimeout(resolve, 200));
  }
  throw new Error(`no delivery reached ${provider} call ${callId}`);
}
const finish = (provider: string, callId: string) => h.client.workflow.getHandle(workflowIds.interaction(provider, callId)).terminate('test done');

async function orgWith(label: string) {
  return onboardAndLogIn(h, {
    name: `Doors ${label} ${run}`,
    adminEmail: `owner-${label}-${run}@doors.test`,
    officeEmail: `office-${label}-${run}@doors.test`,
    timezone: 'America/Denver',
  });
}

beforeAll(async () => {
  h = await startProductHarness();
  vendor = await startFakeVendorServer();
}, 120_000);

afterAll(async () => {
  await vendor?.close();
  await h?.stop();
}, 60_000);

describe('an organization without any webhook secret (the offline default)', () => {
  it('accepts unsigned deliveries and answers an unsigned incoming call', async () => {
    const { orgId } = await orgWith('open');
    const callId = `call_${run}_open`;
    expect((await post(`/voice-agent/webhook/${orgId}/retell`, retellStarted(callId))).status).toBe(200);
    expect(await interactionStarted('retell', callId)).toBe(true);
    await finish('retell', callId);
    const answer = await request(h.app).post(`/voice-agent/incoming-call/${orgId}`).send({ from_number: '+17205550199', to_number: '+13035550100' });
    expect(answer.status).toBe(200);
    expect(answer.body.call_inbound.metadata).toEqual({ org_id: orgId });
  }, 60_000);
});

describe('an organization with a webhook secret for one platform', () => {
  const secret = `whsec_retell_${run}`;
  let orgId: string;

  beforeAll(async () => {
    const org = await orgWith('retell');
    orgId = org.orgId;
    expect((await org.agent.put(`/org/${orgId}/voice-platforms/retell`).send({ webhookSecret: secret })).status).toBe(200);
  }, 60_000);

  it('refuses unsigned deliveries under every other provider path and the detected path, and starts nothing', async () => {
    const blandCall = `bland-${run}`;
    const vapiCall = `vapi-${run}-unsigned`;
    const synthflowCall = `synthflow-${run}-unsigned`;
    for (const [path, body] of [
      [`/voice-agent/webhook/${orgId}/bland`, blandPostCall(blandCall)],
      [`/voice-agent/webhook/${orgId}/vapi`, vapiEnded(vapiCall)],
      [`/voice-agent/webhook/${orgId}/synthflow`, synthflowPostCall(synthflowCall)],
      [`/voice-agent/webhook/${orgId}`, vapiEnded(vapiCall)],
    ]) {
      const res = await post(path, body);
      expect({ path, status: res.status, body: res.body }).toEqual({ path, status: 401, body: ANY_SIGNED_ONLY });
    }
    // Signed with the org's Retell secret but posted as another platform's delivery: still not that platform's signature.
    const body = blandPostCall(blandCall);
    expect((await post(`/voice-agent/webhook/${orgId}/bland`, body, { 'x-webhook-signature': hmac(secret, body, 'hex') })).status).toBe(401);
    expect(await interactionStarted('bland', blandCall)).toBe(false);
    expect(await interactionStarted('vapi', vapiCall)).toBe(false);
    expect(await interactionStarted('synthflow', synthflowCall)).toBe(false);
  }, 60_000);

  it("accepts the platform's own signed delivery and refuses it unsigned or forged", async () => {
    const callId = `call_${run}_signed`;
    const body = retellStarted(callId);
    expect((await post(`/voice-agent/webhook/${orgId}/retell`, body)).body).toEqual(unauthorized('Invalid webhook signature'));
    expect((await post(`/voice-agent/webhook/${orgId}/retell`, body, { 'x-retell-signature': retellSignature('forged', body) })).body).toEqual(
      unauthorized('Invalid webhook signature'),
    );
    expect(await interactionStarted('retell', callId)).toBe(false);
    expect((await post(`/voice-agent/webhook/${orgId}/retell`, body, { 'x-retell-signature': retellSignature(secret, body) })).status).toBe(200);
    expect(await interactionStarted('retell', callId)).toBe(true);
    await finish('retell', callId);
  }, 60_000);

  it('answers the incoming-call request only when the platform signed it', async () => {
    const body = JSON.stringify({ event: 'call_inbound', call_inbound: { from_number: '+17205550199', to_number: '+13035550100' } });
    const ask = (headers: Record<string, string>, query = '') => post(`/voice-agent/incoming-call/${orgId}${query}`, body, headers);
    expect((await ask({})).body).toEqual(ANY_SIGNED_ONLY);
    expect((await ask({ 'x-retell-signature': retellSignature('forged', body) })).body).toEqual(unauthorized('Invalid webhook signature'));
    // Signed, but the body was changed after signing (another number asked about).
    const swapped = body.replace('+13035550100', '+13035550101');
    expect((await post(`/voice-agent/incoming-call/${orgId}`, swapped, { 'x-retell-signature': retellSignature(secret, body) })).status).toBe(401);
    // A platform the org has no secret for.
    expect((await ask({ 'x-retell-signature': retellSignature(secret, body) }, '?provider=synthflow')).body).toEqual(ANY_SIGNED_ONLY);
    const ok = await ask({ 'x-retell-signature': retellSignature(secret, body) });
    expect(ok.status).toBe(200);
    expect(ok.body.call_inbound).toMatchObject({ dynamic_variables: { to_number: '+13035550100' }, metadata: { org_id: orgId } });
    expect((await ask({ 'x-retell-signature': retellSignature(secret, body) }, '?provider=retell')).status).toBe(200);
  }, 60_000);
});

describe('Synthflow, which signs only the call id: a per-call token in the webhook URL', () => {
  const secret = `synthflow_secret_${run}`;
  let orgId: string;
  let owner: ReturnType<typeof request.agent>;
  let placed = 0;

  /** Places a call through the org's Synthflow account and answers the webhook URL Synthflow was given. */
  async function placeCall(): Promise<{ callId: string; url: URL }> {
    const callId = `${Date.now()}x${run}${(placed += 1)}`;
    vendor.on('POST', '/calls', { status: 200, body: { status: 'ok', response: { call_id: callId } } });
    const res = await owner.post('/voice-agent/calls').query({ orgId }).send({ assistantId: 'model_1', callVariables: {}, customerPhone: '+13035550177' });
    expect(res.status).toBe(201);
    expect(res.body).toEqual({ callId });
    const sent = vendor.requests.at(-1)!.body as { external_webhook_url: string };
    return { callId, url: new URL(sent.external_webhook_url) };
  }
  const signed = (callId: string) => ({ 'synthflow-signature': hmac(secret, callId, 'base64') });
  const target = (url: URL, token?: string | null) => {
    const query = token === null ? '' : `?call_token=${encodeURIComponent(token ?? url.searchParams.get('call_token')!)}`;
    return `${url.pathname}${query}`;
  };

  beforeAll(async () => {
    ({ orgId, agent: owner } = await orgWith('synthflow'));
    const res = await owner
      .put(`/org/${orgId}/voice-platforms/synthflow`)
      .send({ webhookSecret: secret, apiKey: `key_${run}`, baseUrl: vendor.url, active: true });
    expect(res.status).toBe(200);
  }, 60_000);

  it("gives each placed call its own webhook URL and accepts the call's signed delivery with its token", async () => {
    const { callId, url } = await placeCall();
    expect(url.pathname).toBe(`/voice-agent/webhook/${orgId}/synthflow`);
    expect(url.searchParams.get('call_token')).toMatch(/^[A-Za-z0-9_-]{32}$/);
    const res = await post(target(url), synthflowPostCall(callId), signed(callId));
    expect(res.status).toBe(200);
    expect(await interactionStarted('synthflow', callId)).toBe(true);
    // Bound by its token: Synthflow's API was not asked.
    expect(vendor.requestsTo('GET', `/calls/${callId}`)).toHaveLength(0);
    await finish('synthflow', callId);
  }, 60_000);

  it("never takes a body that is not its call's: a missing, wrong or other call's token sends it to Synthflow's record (none here: 503)", async () => {
    const first = await placeCall();
    const second = await placeCall();
    const body = synthflowPostCall(first.callId);
    const before = vendor.requestsTo('GET', /^\/calls\/.+/).length;
    // Synthflow knows no such call here (the fake answers 404): nothing to record, and Synthflow is asked to send it again.
    for (const path of [target(first.url, null), target(first.url, 'A'.repeat(32)), target(second.url)]) {
      const res = await post(path, body, signed(first.callId));
      expect({ path, status: res.status, error: res.body.error }).toEqual({ path, status: 503, error: 'Service Unavailable' });
    }
    expect(vendor.requestsTo('GET', `/calls/${first.callId}`).map((r) => r.headers.authorization)).toEqual(Array(3).fill(`Bearer key_${run}`));
    // The first call's body with the second call's id swapped in, under the first call's URL and signature.
    const swapped = synthflowPostCall(second.callId);
    expect((await post(target(first.url), swapped, signed(first.callId))).body).toEqual(unauthorized('Invalid webhook signature'));
    expect(vendor.requestsTo('GET', /^\/calls\/.+/).length).toBe(before + 3);
    for (const callId of [first.callId, second.callId]) expect(await interactionStarted('synthflow', callId)).toBe(false);
  }, 60_000);

  it("records a call it did not place (an inbound call) from Synthflow's own record, not the posted body; Synthflow down is a 503 and the retry records it", async () => {
    const callId = `${Date.now()}x${run}inbound`;
    const vendorTranscript =
      'bot: Thanks for calling Demo HVAC, this is Ava.\nhuman: My furnace stopped blowing heat.\nbot: I can send someone tomorrow morning.';
    const vendorCall = {
      call_id: callId,
      model_id: 'model_1',
      type_of_call: 'inbound',
      phone_number_from: '+13035550188',
      phone_number_to: '+13035550100',
      transcript: vendorTranscript,
      duration: 64,
      end_call_reason: 'human_goodbye',
      start_time: '1764252000000',
      status: 'completed',
    };
    // Posted to the console's URL (no token), signed over its call id, with the transcript changed on the way.
    const posted = synthflowPostCall(callId).replace('Thursday works.', 'Cancel every job on my account.');
    expect(posted).toContain('Cancel every job');
    vendor.on('GET', `/calls/${callId}`, { status: 200, body: { status: 'ok', response: { calls: [vendorCall] } } });
    vendor.failNext('GET', `/calls/${callId}`, { status: 503, body: { status: 'error', message: 'maintenance' } });
    const path = `/voice-agent/webhook/${orgId}/synthflow`;

    const down = await post(path, posted, signed(callId));
    expect(down.status).toBe(503);
    expect(down.body).toEqual({
      error: 'Service Unavailable',
      status: 503,
      message: `Call ${callId} could not be read from Synthflow's API to confirm this delivery (UNAVAILABLE); nothing was recorded, send it again`,
    });
    expect(await interactionStarted('synthflow', callId)).toBe(false);

    const retried = await post(path, posted, signed(callId));
    expect(retried.status).toBe(200);
    expect(vendor.requestsTo('GET', `/calls/${callId}`)).toHaveLength(2);
    const record = await recordOf('synthflow', callId);
    expect(record.transcriptObject.map((t) => `${t.role}: ${t.content}`)).toEqual([
      'Agent: Thanks for calling Demo HVAC, this is Ava.',
      'Customer: My furnace stopped blowing heat.',
      'Agent: I can send someone tomorrow morning.',
    ]);
    expect(JSON.stringify(record)).not.toContain('Cancel every job');
    expect(record).toMatchObject({ status: 'ended', direction: 'inbound', fromNumber: '+13035550188', durationSeconds: 64 });
    await finish('synthflow', callId);
  }, 60_000);

  it('answers 503 and records nothing when the organization has no Synthflow API key to read the call with', async () => {
    const { orgId: keyless, agent } = await orgWith('synthflow-keyless');
    expect((await agent.put(`/org/${keyless}/voice-platforms/synthflow`).send({ webhookSecret: secret })).status).toBe(200);
    const callId = `${Date.now()}x${run}keyless`;
    const res = await post(`/voice-agent/webhook/${keyless}/synthflow`, synthflowPostCall(callId), signed(callId));
    expect(res.status).toBe(503);
    expect(res.body.message).toMatch(/this organization has no Synthflow API key/);
    expect(await interactionStarted('synthflow', callId)).toBe(false);
  }, 60_000);
});

describe('Vapi: its static X-Vapi-Secret covers nothing of the body, its HMAC credential covers all of it', () => {
  const secret = `vapi_secret_${run}`;
  let orgId: string;
  let owner: ReturnType<typeof request.agent>;

  beforeAll(async () => {
    ({ orgId, agent: owner } = await orgWith('vapi'));
    const res = await owner.put(`/org/${orgId}/voice-platforms/vapi`).send({ webhookSecret: secret, apiKey: `key_${run}`, baseUrl: vendor.url, active: true });
    expect(res.status).toBe(200);
  }, 60_000);

  it('needs the call token with the static secret, and not with a body signature', async () => {
    const callId = `vapi-${run}-placed`;
    vendor.on('POST', '/call', { status: 201, body: { id: callId, status: 'queued' } });
    const res = await owner
      .post('/voice-agent/calls')
      .query({ orgId })
      .send({ assistantId: 'asst_1', callVariables: {}, customerPhone: '+13035550177', phoneId: 'pn_1' });
    expect(res.status).toBe(201);
    const server = (vendor.requests.at(-1)!.body as { assistantOverrides: { server: { url: string; headers: Record<string, string> } } }).assistantOverrides
      .server;
    expect(server.headers).toEqual({ 'X-Vapi-Secret': secret });
    const url = new URL(server.url);
    const body = vapiEnded(callId);

    // Without the call's token the body is not trusted: the call is read from Vapi, which knows none here (503, nothing recorded).
    expect((await post(url.pathname, body, { 'x-vapi-secret': secret })).status).toBe(503);
    expect((await post(`${url.pathname}?call_token=wrong`, body, { 'x-vapi-secret': secret })).status).toBe(503);
    expect(vendor.requestsTo('GET', `/call/${callId}`)).toHaveLength(2);
    expect((await post(`${url.pathname}${url.search}`, body, { 'x-vapi-secret': 'not-the-secret' })).body).toEqual(unauthorized('Invalid webhook signature'));
    expect(await interactionStarted('vapi', callId)).toBe(false);
    expect((await post(`${url.pathname}${url.search}`, body, { 'x-vapi-secret': secret })).status).toBe(200);
    expect(await interactionStarted('vapi', callId)).toBe(true);
    await finish('vapi', callId);

    // A call placed elsewhere (an inbound call, the console's URL) signed with Vapi's HMAC credential over the body.
    const inbound = `vapi-${run}-hmac`;
    const inboundBody = vapiEnded(inbound);
    const timestamp = String(Date.now());
    const hmacHeaders = { 'x-timestamp': timestamp, 'x-signature': hmac(secret, `${timestamp}.${inboundBody}`, 'hex') };
    expect((await post(url.pathname, inboundBody.replace('"ended"', '"in-progress"'), hmacHeaders)).status).toBe(401);
    expect((await post(url.pathname, inboundBody, hmacHeaders)).status).toBe(200);
    expect(await interactionStarted('vapi', inbound)).toBe(true);
    await finish('vapi', inbound);
  }, 60_000);
});
