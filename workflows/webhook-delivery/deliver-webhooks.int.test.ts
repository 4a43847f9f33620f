import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import { randomUUID } from 'node:crypto';
import request from 'supertest';
import { verifyWebhook } from '../../activities/webhooks/webhook-signature';
import type { DomainEvent } from '../../events/catalog';
import { startFakeVendorServer } from '../../activities/testing/fake-vendor-server';
import { eventually, uniqueName } from '../../tests/support/integration';
import { onboardAndLogIn } from '../../tests/support/onboard';
import { startProductHarness, type ProductHarness } from '../../tests/support/product-harness';
import type { NotifyInteractionInput } from '../notification/notify-interaction.types';
import { taskQueue } from '../../domain/run/task-queues';
import { workflowIds } from '../../domain/run/workflow-ids';

let h: ProductHarness;
let orgId: string;
let agent: ReturnType<typeof request.agent>;
const run = uniqueName('').replace(/^_/, '');
const email = `owner-${run}@hooks.test`;

beforeAll(async () => {
  h = await startProductHarness();
  ({ orgId, agent: agent } = await onboardAndLogIn(h, {
    name: `Hook Heating ${run}`,
    adminEmail: email,
    officeEmail: `office-${run}@hooks.test`,
    timezone: 'America/Denver',
  }));
}, 120_000);

afterAll(async () => {
  await h?.stop();
}, 60_000);

function finishedCall(interactionId: string): NotifyInteractionInput {
  return {
    meta: { correlationId: `it-hooks-${interactionId}` },
    orgId,
    event: {
      type: 'csr.call',
      payload: {
        interaction_id: interactionId,
        date: '2025-03-04T16:00:00Z',
        subject: 'Water heater leaking',
        department: 'Plumbing',
        source: 'call',
        call_status: 'UNBOOKED',
        customer: { name: 'Sam Customer', address: '1 Elm St, Denver, CO 80202', phone: '+13035550123' },
        summary: [{ title: 'Summary', content: ['Asked for a quote; will call back.'] }],
        bookings: [],
        tags: ['follow_up'],
        errors: [],
        org: { id: orgId, name: 'Hook Heating', timezone: 'America/Denver', crm_name: 'NONE' },
      },
    },
  };
}

describe('webhook-delivery setup (001 §2.18)', () => {
  it('refuses a bad orgId or URL with the spec messages and sets nothing up', async () => {
    const badOrg = await agent.post('/webhook-delivery').send({ orgId: 'not-a-uuid' });
    expect(badOrg.status).toBe(400);
    expect(badOrg.body).toMatchObject({ error: 'Bad Request', status: 400, message: 'orgId must be a UUID' });
    const badUrl = await agent.post('/webhook-delivery').send({ orgId, webhook_urls: { crm: 'not a url' } });
    expect(badUrl.status).toBe(400);
    expect(badUrl.body).toMatchObject({ error: 'Bad Request', status: 400, message: 'Invalid URL format' });
    const shown = await agent.get('/webhook-delivery').query({ orgId });
    expect(shown.body).toEqual({ appId: null, dashboardUrl: null, webhook_urls: {} });
  });

  it('sets up an app once: setting up again keeps its id and secret and replaces the URLs', async () => {
    const first = await agent.post('/webhook-delivery').send({ orgId, webhook_urls: { first: 'https://first.example.test/hook' } });
    expect(first.status).toBe(200);
    expect(first.body.appId).toMatch(/^app_[0-9a-f]{24}$/);
    expect(first.body.signingSecret).toMatch(/^whsec_/);
    expect(first.body.dashboardUrl).toBe(`${h.config.dashboardUrl}/settings/webhooks?appId=${first.body.appId}`);
    const again = await agent.post('/webhook-delivery').send({ orgId });
    expect(again.body).toMatchObject({
      appId: first.body.appId,
      signingSecret: first.body.signingSecret,
      webhook_urls: { first: 'https://first.example.test/hook' },
    });
    const shown = await agent.get('/webhook-delivery').query({ orgId });
    expect(shown.body).toEqual({ appId: first.body.appId, dashboardUrl: first.body.dashboardUrl, webhook_urls: { first: 'https://first.example.test/hook' } });
  });
});

describe('delivering a finished interaction to the organization', () => {
  it('retries a failing receiver with backoff, records every attempt, signs each one, and records send_webhook', async () => {
    const receiver = await startFakeVendorServer({ otherwise: (_req, i) => (i < 2 ? { status: 503, body: 'busy' } : { status: 204 }) });
    try {
      const setup = await agent.post('/webhook-delivery').send({ orgId, webhook_urls: { crm: `${receiver.url}/hooks/homeagent` } });
      const secret: string = setup.body.signingSecret;
      const interactionId = randomUUID();
      const input = finishedCall(interactionId);
      await h.client.workflow.execute('notifyInteractionWorkflow', {
        taskQueue: taskQueue('notification', h.taskQueuePrefix),
        workflowId: workflowIds.notifyInteraction(interactionId),
        args: [input],
      });

      const attempts = await eventually(async () => {
        const res = await agent.get('/webhook-delivery/attempts').query({ orgId, interactionId });
        return res.body.attempts?.length === 3 ? (res.body.attempts as Array<Record<string, unknown>>) : null;
      }, 60_000);
      const ordered = [...attempts].sort((a, b) => (a.attempt as number) - (b.attempt as number));
      expect(ordered.map((a) => [a.attempt, a.outcome, a.http_status])).toEqual([
        [1, 'failed', 503],
        [2, 'failed', 503],
        [3, 'succeeded', 204],
      ]);
      expect(new Set(ordered.map((a) => a.message_id)).size).toBe(1);
      expect(ordered.every((a) => a.endpoint === 'crm' && a.event_type === 'csr.call')).toBe(true);

      // Backoff: the second wait is longer than the first.
      const times = ordered.map((a) => new Date(a.attempted_at as string).getTime());
      expect(times[1] - times[0]).toBeGreaterThanOrEqual(900);
      expect(times[2] - times[1]).toBeGreaterThan(times[1] - times[0]);

      expect(receiver.requests).toHaveLength(3);
      const ids = new Set(receiver.requests.map((r) => r.headers['webhook-id']));
      expect(ids).toEqual(new Set([ordered[0].message_id]));
      for (const r of receiver.requests) {
        const headers = {
          id: r.headers['webhook-id'] as string,
          timestamp: r.headers['webhook-timestamp'] as string,
          signature: r.headers['webhook-signature'] as string,
        };
        expect(verifyWebhook(secret, headers, r.rawBody)).toBe(true);
        expect(verifyWebhook(secret, headers, r.rawBody.replace('Water heater', 'Gas heater'))).toBe(false);
      }
      const delivered = JSON.parse(receiver.requests[2].rawBody) as { type: string; data: { interaction_id: string; subject: string } };
      expect(delivered.type).toBe('csr.call');
      expect(delivered.data).toMatchObject({ interaction_id: interactionId, subject: 'Water heater leaking' });

      const recorded: DomainEvent[] = [];
      await h.bus.replay({ aggregateTypes: ['interaction'], onEvent: async ({ event: e }) => void (e.aggregateId === interactionId && recorded.push(e)) });
      const sends = recorded.filter((e) => e.type === 'InteractionEventRecorded' && e.data.name === 'send_webhook');
      expect(sends).toHaveLength(1);
      expect(sends[0].type === 'InteractionEventRecorded' && sends[0].data.metadata).toMatchObject({ endpoint: 'crm', attempts: 3, httpStatus: 204 });

      // A repeated notification run for the same interaction delivers nothing again.
      await h.client.workflow.execute('notifyInteractionWorkflow', {
        taskQueue: taskQueue('notification', h.taskQueuePrefix),
        workflowId: workflowIds.notifyInteraction(interactionId),
        args: [input],
      });
      await new Promise((r) => setTimeout(r, 1500));
      expect(receiver.requests).toHaveLength(3);
    } finally {
      await receiver.close();
    }
  }, 90_000);

  it('sends nothing for an organization that has not set delivery up', async () => {
    const interactionId = randomUUID();
    const other = randomUUID();
    const result = await h.client.workflow.execute('deliverWebhooksWorkflow', {
      taskQueue: taskQueue('notification', h.taskQueuePrefix),
      workflowId: workflowIds.deliverWebhooks(interactionId),
      args: [{ ...finishedCall(interactionId), orgId: other }],
    });
    expect(result).toEqual({ delivered: [], failed: [] });
  }, 30_000);
});
