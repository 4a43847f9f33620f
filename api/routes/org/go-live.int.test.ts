import { afterAll, beforeAll, describe, expect, it, jest } from '@jest/globals';
import request from 'supertest';
import { eventually, uniqueName } from '../../../tests/support/integration';
import { onboardAndLogIn } from '../../../tests/support/onboard';
import { startProductHarness, type ProductHarness } from '../../../tests/support/product-harness';

// An organization onboarded in TESTING, its go-live checklist read and refused until an inbound agent, a CRM
// and a reachable notification recipient exist, then taken LIVE once (OrganizationWentLive) through the stack.

let h: ProductHarness;
const run = uniqueName('').replace(/^_/, '');
let orgId: string;
let owner: ReturnType<typeof request.agent>;

const checklist = async () => (await owner.get('/org/go-live').query({ orgId })).body;
const met = (body: { items: Array<{ requirement: string; met: boolean }> }) => Object.fromEntries(body.items.map((i) => [i.requirement, i.met]));

beforeAll(async () => {
  h = await startProductHarness();
  // servicetitan without credentials of its own: bookings go to the deployment's CRM, the sandbox here.
  ({ orgId, agent: owner } = await onboardAndLogIn(h, { name: `Go live ${run}`, adminEmail: `owner-${run}@golive.test`, crmName: 'servicetitan' }));
}, 180_000);

afterAll(async () => {
  await h?.stop();
}, 60_000);

describe('going live', () => {
  it('lists what is missing and refuses to go live until it is there, changing nothing', async () => {
    const before = await checklist();
    expect(before).toMatchObject({ orgId, onboarding_status: 'TESTING', ready: false });
    expect(met(before)).toEqual({ agents: false, hours: true, crm: true, notifications: false });

    const refused = await owner.post('/org/go-live').send({ orgId });
    expect(refused.status).toBe(400);
    expect(refused.body).toEqual({
      error: 'Bad Request',
      status: 400,
      message: 'The organization cannot go live yet: it still needs an inbound agent, someone to tell about calls.',
    });
    expect((await owner.get('/org').query({ id: orgId })).body.onboarding_status).toBe('TESTING');
  });

  it('goes live once the requirements hold, and a second request publishes nothing more', async () => {
    expect((await owner.post('/agent').send({ org_id: orgId, agent_type: 'OFFICE_HOURS_CSR' })).status).toBe(201);
    const saved = await owner.put('/org').send({
      id: orgId,
      notification_settings: [{ rule_id: 'InboundCallRule', recipients: [{ group: 'office', channel: 'email', time: 'ALWAYS' }] }],
    });
    expect(saved.status).toBe(200);
    const ready = await eventually(async () => {
      const body = await checklist();
      return body.ready ? body : null;
    }, 20_000);
    expect(ready.items.find((i: { requirement: string }) => i.requirement === 'notifications').detail).toBe('1 notification rule reaches someone.');

    const live = await owner.post('/org/go-live').send({ orgId });
    expect(live.status).toBe(200);
    expect(live.body).toEqual({ success: true, onboarding_status: 'LIVE', message: 'The organization is live' });
    await eventually(async () => ((await owner.get('/org').query({ id: orgId })).body.onboarding_status === 'LIVE' ? true : null), 20_000);

    const publish = jest.spyOn(h.bus, 'publish');
    try {
      const again = await owner.post('/org/go-live').send({ orgId });
      expect(again.body).toEqual({ success: true, onboarding_status: 'LIVE', message: 'The organization is already live' });
      expect(publish).not.toHaveBeenCalled();
    } finally {
      publish.mockRestore();
    }
  });

  it('answers 400 for a malformed orgId, and an unknown organization like another one', async () => {
    const bad = await owner.post('/org/go-live').send({ orgId: 'nope' });
    expect(bad.status).toBe(400);
    expect(bad.body.message).toContain('orgId must be a UUID');
    const unknown = await owner.get('/org/go-live').query({ orgId: crypto.randomUUID() });
    expect(unknown.body).toEqual({ error: 'Unauthorized', status: 401, message: 'You do not have access to this organization' });
    expect((await request(h.app).post('/org/go-live').send({ orgId })).status).toBe(307);
  });
});
