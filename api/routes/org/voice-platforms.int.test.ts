import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import { createHmac, randomUUID } from 'node:crypto';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import request from 'supertest';
import { createEvent } from '../../../events/catalog';
import { staffUserIdFor } from '../../../lib/ids';
import { hashPassword } from '../../../lib/passwords';
import { workflowIds } from '../../../domain/run/workflow-ids';
import { eventually, uniqueName } from '../../../tests/support/integration';
import { onboardAndLogIn, TEST_PASSWORD } from '../../../tests/support/onboard';
import { startProductHarness, type ProductHarness } from '../../../tests/support/product-harness';

// Settings → Voice platforms through the API: an org admin sets each platform's secrets, sees them masked, and the
// webhook check and the tool-call check use them at once.

const PUBLIC_API = 'https://api.homeagent.example';
let h: ProductHarness;
let orgId: string;
let admin: ReturnType<typeof request.agent>;
const run = uniqueName('').replace(/^_/, '');

const WEBHOOK_SECRET = `key_retell_webhook_${run}`;
const TOOL_SECRET = `tool-secret-${run}-0123456789`;
const API_KEY = `key_api_${run}_abcdef`;

const platformsPath = () => `/org/${orgId}/voice-platforms`;
const put = (provider: string, body: object, agent = admin) => agent.put(`${platformsPath()}/${provider}`).send(body);
const badRequest = (message: string) => expect.objectContaining({ error: 'Bad Request', status: 400, message });

const RETELL_FIXTURES = join(__dirname, '../../../activities/voice/adapters/retell/fixtures');
const retellStarted = (callId: string) =>
  readFileSync(join(RETELL_FIXTURES, 'call_started.json'), 'utf8').split('call_a4441234567890777c4a4a123e6').join(callId);
const retellSignature = (secret: string, body: string, at = Date.now()) =>
  `v=${at},d=${createHmac('sha256', secret)
    .update(body + at)
    .digest('hex')}`;

/** A staff user logged in: a CSR of the org (not its admin), or an internal operator. */
async function staffUser(label: string, who: { csrOf: string } | { operator: true }) {
  const email = `${label}-${run}@voice-platforms.test`;
  const userId = staffUserIdFor(email);
  const orgOf = 'csrOf' in who ? who.csrOf : null;
  const base = { aggregateId: userId, orgId: orgOf, correlationId: `${label}-${run}`, causationId: null };
  const registered = createEvent({
    ...base,
    eventId: randomUUID(),
    type: 'StaffUserRegistered',
    data: { userId, email, name: label, passwordHash: await hashPassword(TEST_PASSWORD), isOperator: !orgOf },
  });
  const joined = orgOf
    ? [createEvent({ ...base, eventId: randomUUID(), type: 'StaffUserJoinedOrganization', data: { userId, orgId: orgOf, role: 'csr' } })]
    : [];
  await h.bus.publish([registered, ...joined]);
  const agent = request.agent(h.app);
  await eventually(async () => (await agent.post('/auth/login').send({ email, password: TEST_PASSWORD })).status === 200);
  if (orgOf) await eventually(async () => ((await agent.get('/auth/session')).body.organizations ?? []).some((o: { id: string }) => o.id === orgOf));
  return agent;
}

beforeAll(async () => {
  h = await startProductHarness({ PUBLIC_API_URL: PUBLIC_API });
  ({ orgId, agent: admin } = await onboardAndLogIn(h, { name: `voice-${run}`, adminEmail: `admin-${run}@voice-platforms.test` }));
}, 120_000);

afterAll(async () => {
  await h?.stop();
}, 60_000);

describe('voice platforms', () => {
  it('shows every platform with the URLs for its console and nothing set, the sandbox active', async () => {
    const res = await admin.get(platformsPath());
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({ orgId, activeProvider: 'sandbox', publicApiUrlConfigured: true });
    expect(res.body.platforms.map((p: { provider: string }) => p.provider)).toEqual(['retell', 'vapi', 'bland', 'synthflow']);
    expect(res.body.platforms[1]).toEqual({
      provider: 'vapi',
      name: 'Vapi',
      active: false,
      webhookUrl: `${PUBLIC_API}/voice-agent/webhook/${orgId}/vapi`,
      toolUrl: `${PUBLIC_API}/voice-agent/tool/${orgId}?doNotService=true&provider=vapi`,
      toolSecretHeader: 'X-Tool-Secret',
      webhookSecret: null,
      toolSecret: null,
      apiKey: null,
      baseUrl: null,
      updatedAt: null,
    });
  });

  it('sets secrets sealed at rest, shows them masked, publishes which are set, and replaces and clears them', async () => {
    const set = await put('retell', { webhookSecret: WEBHOOK_SECRET, toolSecret: TOOL_SECRET, apiKey: API_KEY, baseUrl: 'https://api.retellai.example/' });
    expect(set.status).toBe(200);
    const retell = set.body.platforms.find((p: { provider: string }) => p.provider === 'retell');
    expect(retell).toMatchObject({
      webhookSecret: `****${WEBHOOK_SECRET.slice(-4)}`,
      toolSecret: `****${TOOL_SECRET.slice(-4)}`,
      apiKey: `****${API_KEY.slice(-4)}`,
      baseUrl: 'https://api.retellai.example/',
      active: false,
    });
    expect(set.body.activeProvider).toBe('sandbox');
    expect((await admin.get(platformsPath())).body).toEqual(set.body);

    const row = await h.tdb.db.voicePlatformAccount.findUnique({ where: { orgId_provider: { orgId, provider: 'retell' } } });
    const stored = JSON.stringify(row);
    for (const secret of [WEBHOOK_SECRET, TOOL_SECRET, API_KEY]) {
      expect(stored).not.toContain(secret);
      expect(JSON.stringify(set.body)).not.toContain(secret);
    }
    expect(row!.sealedSecrets).toMatch(/^v1:/); // the secret box's AES-256-GCM format

    // Replace one, keep the rest (omitted), clear one (null), and make it the active platform.
    const replaced = await put('retell', { apiKey: `${API_KEY}-rotated-wxyz`, baseUrl: null, active: true });
    expect(replaced.status).toBe(200);
    expect(replaced.body.activeProvider).toBe('retell');
    expect(replaced.body.platforms[0]).toMatchObject({ apiKey: '****wxyz', webhookSecret: `****${WEBHOOK_SECRET.slice(-4)}`, baseUrl: null, active: true });
    const cleared = await put('retell', { webhookSecret: null });
    expect(cleared.body.platforms[0]).toMatchObject({ webhookSecret: null, toolSecret: `****${TOOL_SECRET.slice(-4)}`, active: true });

    // Another platform made active takes over; the sandbox again leaves none active.
    expect((await put('vapi', { apiKey: 'vapi-private-key', active: true })).body).toMatchObject({ activeProvider: 'vapi' });
    expect((await admin.get(platformsPath())).body.platforms.filter((p: { active: boolean }) => p.active).map((p: { provider: string }) => p.provider)).toEqual(
      ['vapi'],
    );
    expect((await put('sandbox', { active: true })).body.activeProvider).toBe('sandbox');
    expect(await h.tdb.db.voicePlatformAccount.count({ where: { orgId, active: true } })).toBe(0);

    const events: { provider: string; active: boolean; webhookSecretSet: boolean; text: string }[] = [];
    await h.bus.replay({
      aggregateTypes: ['organization'],
      onEvent: async ({ event }) => {
        if (event.type === 'VoicePlatformConfigured' && event.orgId === orgId) events.push({ ...event.data, text: JSON.stringify(event) });
      },
    });
    expect(events.map((e) => [e.provider, e.active, e.webhookSecretSet])).toEqual([
      ['retell', false, true],
      ['retell', true, true],
      ['retell', true, false],
      ['vapi', true, false],
      ['sandbox', true, false],
    ]);
    for (const e of events) for (const secret of [WEBHOOK_SECRET, TOOL_SECRET, API_KEY, 'vapi-private-key']) expect(e.text).not.toContain(secret);
  });

  it('answers 400 with what to fix', async () => {
    const cases: [string, object, string][] = [
      ['bland', {}, 'Nothing to save: send at least one of webhookSecret, toolSecret, apiKey, baseUrl, active'],
      ['bland', { webhookSecret: 'short' }, 'webhookSecret must be at least 8 characters'],
      ['bland', { toolSecret: 42 }, 'toolSecret must be a string, or null to clear it'],
      ['bland', { apiKey: 'has a space' }, 'apiKey must not contain spaces'],
      ['bland', { baseUrl: 'ftp://bland.example' }, 'baseUrl must be an http(s) URL, or null to clear it'],
      ['bland', { active: 'yes' }, 'active must be true or false'],
      ['bland', { webhook_secret: 'abcdefghij' }, 'Unknown field webhook_secret; send webhookSecret, toolSecret, apiKey, baseUrl, active'],
      ['bland', { active: true }, 'Bland AI needs an apiKey to be the active voice provider'],
      ['sandbox', { apiKey: 'abcdefghij' }, 'The sandbox voice provider has no credentials: send only active'],
      ['sandbox', { active: false }, 'To stop using the sandbox, make another voice platform active'],
    ];
    for (const [provider, body, message] of cases) {
      const res = await put(provider, body);
      expect({ body, ...res.body }).toMatchObject({ body, error: 'Bad Request', status: 400, message });
    }
    // The active platform's key cannot be cleared from under it.
    await put('synthflow', { apiKey: 'synthflow-key-1', active: true });
    expect((await put('synthflow', { apiKey: null })).body).toEqual(badRequest('Synthflow needs an apiKey to be the active voice provider'));
    await put('sandbox', { active: true });
    expect(await h.tdb.db.voicePlatformAccount.count({ where: { orgId, provider: 'bland' } })).toBe(0);
  });

  it('answers 404 for an unknown platform or organization, and 401 to staff who are not the org admin', async () => {
    const unknown = await put('twilio', { apiKey: 'abcdefghij' });
    expect(unknown.status).toBe(404);
    expect(unknown.body).toEqual({
      error: 'Not Found',
      status: 404,
      message: 'Unknown voice platform "twilio"; one of retell, vapi, bland, synthflow, sandbox',
    });
    // An operator is let into any org id, so a missing one is a 404; a user of another org is told 401.
    const operator = await staffUser('operator', { operator: true });
    const missing = await operator.get(`/org/${randomUUID()}/voice-platforms`);
    expect(missing.status).toBe(404);
    expect(missing.body.message).toBe('Organization not found');
    expect((await operator.get(platformsPath())).status).toBe(200);
    expect((await request(h.app).get(platformsPath())).status).toBe(307); // no session: the login redirect
    const other = await onboardAndLogIn(h, { name: `other-${run}`, adminEmail: `other-${run}@voice-platforms.test` });
    expect((await other.agent.get(platformsPath())).status).toBe(401);
    expect((await put('retell', { apiKey: 'stolen-key-123' }, other.agent)).status).toBe(401);
    expect((await other.agent.get(`/org/${randomUUID()}/voice-platforms`)).status).toBe(401);
    expect((await other.agent.get('/org/not-a-uuid/voice-platforms')).body).toEqual(badRequest('orgId must be a UUID'));

    const csr = await staffUser('csr', { csrOf: orgId });
    expect((await csr.get('/org/crm-connection').query({ orgId })).status).toBe(401); // the same rule as the CRM connection
    const shown = await csr.get(platformsPath());
    expect(shown.status).toBe(401);
    expect(shown.body.message).toBe('Only an admin of the organization may see its voice platforms');
    expect((await put('retell', { toolSecret: 'csr-chosen-secret' }, csr)).status).toBe(401);
  }, 60_000);

  it('checks webhook signatures and tool calls with the secrets set through the route', async () => {
    const webhookSecret = `whsec_route_${run}`;
    const toolSecret = `tool_route_${run}_secret`;
    expect((await put('retell', { webhookSecret, toolSecret })).status).toBe(200);

    const callId = `call_${run}_route`;
    const body = retellStarted(callId);
    const webhook = (signature: string) =>
      request(h.app).post(`/voice-agent/webhook/${orgId}/retell`).set('content-type', 'application/json').set('x-retell-signature', signature).send(body);
    const wrong = await webhook(retellSignature('not-the-secret', body));
    expect(wrong.status).toBe(401);
    expect(wrong.body).toEqual({ error: 'Unauthorized', status: 401, message: 'Invalid webhook signature' });
    const signed = await webhook(retellSignature(webhookSecret, body));
    expect(signed.status).toBe(200);
    const handle = h.client.workflow.getHandle(workflowIds.interaction('retell', callId));
    expect((await handle.describe()).status.name).toBe('RUNNING');
    await handle.terminate('test done');

    const tool = (secret: string) =>
      request(h.app).post(`/voice-agent/tool/${orgId}`).query({ doNotService: true }).set('X-Tool-Secret', secret).send({ tool: 'end_call', args: {} });
    expect((await tool(webhookSecret)).status).toBe(401);
    const ok = await tool(toolSecret);
    expect(ok.status).toBe(200);
    expect(ok.body).toMatchObject({ end_call: true });

    // Cleared: the old tool secret no longer opens the tools.
    await put('retell', { toolSecret: null });
    expect((await tool(toolSecret)).status).toBe(401);
  }, 60_000);

  it('keeps every one of four saves made at once, and one platform active when two are made active at once', async () => {
    const all = await Promise.all([
      put('synthflow', { webhookSecret: 'synthflow-hook-1' }),
      put('synthflow', { toolSecret: 'synthflow-tool-1' }),
      put('synthflow', { apiKey: 'synthflow-key-22' }),
      put('synthflow', { baseUrl: 'https://synthflow.example' }),
    ]);
    expect(all.map((r) => r.status)).toEqual([200, 200, 200, 200]);
    expect((await admin.get(platformsPath())).body.platforms[3]).toMatchObject({
      provider: 'synthflow',
      webhookSecret: '****ok-1',
      toolSecret: '****ol-1',
      apiKey: '****y-22',
      baseUrl: 'https://synthflow.example',
    });

    await put('bland', { apiKey: 'bland-key-333' });
    const activated = await Promise.all([put('synthflow', { active: true }), put('bland', { active: true })]);
    expect(activated.map((r) => r.status)).toEqual([200, 200]);
    expect(await h.tdb.db.voicePlatformAccount.count({ where: { orgId, active: true } })).toBe(1);
    await put('sandbox', { active: true });
  });
});
