import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import { randomUUID } from 'node:crypto';
import request from 'supertest';
import { createWebhookAppRepository } from '../../activities/webhooks/webhook-app.repository';
import { startFakeVendorServer, type FakeVendorServer } from '../../activities/testing/fake-vendor-server';
import { eventually, uniqueName } from '../../tests/support/integration';
import { onboardAndLogIn } from '../../tests/support/onboard';
import { startProductHarness, type ProductHarness } from '../../tests/support/product-harness';
import { taskQueue } from '../../domain/run/task-queues';
import { workflowIds } from '../../domain/run/workflow-ids';
import type { DeliverWebhooksInput } from './deliver-webhooks.types';

// The product as deployed: OUTBOUND_ALLOW_PRIVATE_ADDRESSES off (the rest of the suite turns it on for its fake receivers).
let h: ProductHarness;
let orgId: string;
let agent: ReturnType<typeof request.agent>;
let receiver: FakeVendorServer;
const run = uniqueName('').replace(/^_/, '');

beforeAll(async () => {
  h = await startProductHarness({ OUTBOUND_ALLOW_PRIVATE_ADDRESSES: 'false' });
  ({ orgId, agent } = await onboardAndLogIn(h, {
    name: `Guarded Heating ${run}`,
    adminEmail: `owner-${run}@guard.test`,
    officeEmail: `office-${run}@guard.test`,
    timezone: 'America/Denver',
  }));
  receiver = await startFakeVendorServer({ otherwise: () => ({ status: 200, body: { secret: 'internal answer' } }) });
}, 120_000);

afterAll(async () => {
  await receiver?.close();
  await h?.stop();
}, 60_000);

function finishedCall(interactionId: string): DeliverWebhooksInput {
  return {
    meta: { correlationId: `it-guard-${interactionId}` },
    orgId,
    event: {
      type: 'csr.call',
      payload: {
        interaction_id: interactionId,
        date: '2025-03-04T16:00:00Z',
        subject: 'Furnace out',
        department: 'HVAC',
        source: 'call',
        call_status: 'UNBOOKED',
        customer: { name: 'Sam Customer', address: '1 Elm St, Denver, CO 80202', phone: '+13035550123' },
        summary: [{ title: 'Summary', content: ['No heat.'] }],
        bookings: [],
        tags: [],
        errors: [],
        org: { id: orgId, name: 'Guarded Heating', timezone: 'America/Denver', crm_name: 'NONE' },
      },
    },
  };
}

async function deliver(interactionId: string) {
  return h.client.workflow.execute('deliverWebhooksWorkflow', {
    taskQueue: taskQueue('notification', h.taskQueuePrefix),
    workflowId: workflowIds.deliverWebhooks(interactionId),
    args: [finishedCall(interactionId)],
  });
}

async function attemptsOf(interactionId: string) {
  return eventually(async () => {
    const res = await agent.get('/webhook-delivery/attempts').query({ orgId, interactionId });
    return res.body.attempts?.length > 0 ? (res.body.attempts as Array<Record<string, unknown>>) : null;
  }, 30_000);
}

describe('webhook URLs aimed inside the deployment (SSRF)', () => {
  it('refuses to save a URL whose host is a loopback, private or metadata IP, in any spelling', async () => {
    for (const [url, reason] of [
      [`${receiver.url}/hook`, '127.0.0.1 is a loopback address'],
      ['http://10.0.0.5/hook', '10.0.0.5 is a private address'],
      ['http://2130706433/hook', '127.0.0.1 is a loopback address'],
      ['http://[::ffff:169.254.169.254]/latest/meta-data/', '169.254.169.254 is a cloud metadata address'],
    ]) {
      const res = await agent.post('/webhook-delivery').send({ orgId, webhook_urls: { crm: url } });
      expect([url, res.status, res.body]).toEqual([
        url,
        400,
        expect.objectContaining({ error: 'Bad Request', status: 400, message: `webhook_urls.crm: refused: ${reason}` }),
      ]);
    }
    expect((await agent.get('/webhook-delivery').query({ orgId })).body.webhook_urls).toEqual({});
  });

  it('refuses delivery to 127.0.0.1 saved before the check, records why, and does not retry', async () => {
    // A row written before URLs were checked at save time: the send-time check is what stops it.
    await createWebhookAppRepository(h.tdb.db).setUp(orgId, { crm: `${receiver.url}/hook` });
    const interactionId = randomUUID();
    expect(await deliver(interactionId)).toEqual({ delivered: [], failed: ['crm'] });
    const attempts = await attemptsOf(interactionId);
    expect(attempts.map((a) => [a.attempt, a.outcome, a.http_status, a.error])).toEqual([[1, 'failed', null, 'refused: 127.0.0.1 is a loopback address']]);
    expect(receiver.requests).toHaveLength(0);
  }, 60_000);

  it('refuses a host name that resolves to loopback (checked after resolution)', async () => {
    const port = new URL(receiver.url).port;
    const saved = await agent.post('/webhook-delivery').send({ orgId, webhook_urls: { crm: `http://localhost:${port}/hook` } });
    expect(saved.status).toBe(200);
    const interactionId = randomUUID();
    expect(await deliver(interactionId)).toEqual({ delivered: [], failed: ['crm'] });
    const attempts = await attemptsOf(interactionId);
    expect(attempts).toHaveLength(1);
    expect(attempts[0].error).toMatch(/^refused: localhost resolves to (127\.0\.0\.1|::1), a loopback address$/);
    expect(attempts[0].http_status).toBeNull();
    expect(receiver.requests).toHaveLength(0);
  }, 60_000);
});
