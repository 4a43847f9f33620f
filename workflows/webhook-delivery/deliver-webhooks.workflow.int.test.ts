import { ApplicationFailure } from '@temporalio/common';
import type { WebhookDeliveryActivities } from '../../activities/webhooks/webhook-delivery.activities';
import { freshTaskQueue, recordCalls, withWorker, useWorkflowTestEnvironment } from '../../tests/support/workflow-environment';
import { csrCallEvent, fakeWebhookActivities } from '../../tests/support/workflow-scenarios';
import { workflowIds } from '../../domain/run/workflow-ids';
import { deliverWebhooksWorkflow } from './deliver-webhooks.workflow';

const suite = useWorkflowTestEnvironment();

async function run(activities: WebhookDeliveryActivities, interactionId: string) {
  const taskQueue = freshTaskQueue('notification');
  return withWorker(suite.env, { taskQueue, workflowBundle: suite.workflowBundle, activities }, () =>
    suite.env.client.workflow.execute(deliverWebhooksWorkflow, {
      taskQueue,
      workflowId: `${workflowIds.deliverWebhooks(interactionId)}/${taskQueue}`,
      args: [{ meta: { correlationId: 'corr-1' }, orgId: 'org-1', event: csrCallEvent(interactionId) }],
    }),
  );
}

test('each endpoint gets the event once, under a message id that stays the same across retries', async () => {
  let tries = 0;
  const { activities, named } = recordCalls<WebhookDeliveryActivities>({
    ...fakeWebhookActivities(),
    deliverWebhook: async ({ endpoint }) => {
      if (endpoint.name === 'crm-sync' && (tries += 1) < 3) throw new Error('502 from hooks.example.com');
      return { attempts: endpoint.name === 'crm-sync' ? tries : 1, httpStatus: 200 };
    },
  });

  await expect(run(activities, 'int-ok')).resolves.toEqual({
    delivered: [
      { endpoint: 'zapier', attempts: 1 },
      { endpoint: 'crm-sync', attempts: 3 },
    ],
    failed: [],
  });
  const crmSync = named('deliverWebhook').filter((c) => c.input.endpoint.name === 'crm-sync');
  expect(crmSync).toHaveLength(3);
  expect(new Set(crmSync.map((c) => c.input.messageId)).size).toBe(1);
  expect(crmSync[0].input).toMatchObject({ interactionId: 'int-ok', eventType: 'csr.call', payload: { interaction_id: 'int-ok' } });
});

test('an endpoint that keeps failing is tried 15 times over hours of backoff (skipped), then given up without holding the others', async () => {
  let failing = 0;
  const { activities } = recordCalls<WebhookDeliveryActivities>({
    ...fakeWebhookActivities(),
    deliverWebhook: async ({ endpoint }) => {
      if (endpoint.name === 'zapier') return { attempts: 1, httpStatus: 200 };
      failing += 1;
      throw new Error('500 from hooks.example.com');
    },
  });

  await expect(run(activities, 'int-down')).resolves.toEqual({ delivered: [{ endpoint: 'zapier', attempts: 1 }], failed: ['crm-sync'] });
  expect(failing).toBe(15);
});

test('an endpoint that is not set up any more is given up at once', async () => {
  let tries = 0;
  const { activities } = recordCalls<WebhookDeliveryActivities>({
    ...fakeWebhookActivities(),
    deliverWebhook: async ({ endpoint }) => {
      if (endpoint.name === 'zapier') return { attempts: 1, httpStatus: 200 };
      tries += 1;
      throw ApplicationFailure.create({ type: 'WebhookNotSetUp', message: 'crm-sync was removed' });
    },
  });

  await expect(run(activities, 'int-gone')).resolves.toEqual({ delivered: [{ endpoint: 'zapier', attempts: 1 }], failed: ['crm-sync'] });
  expect(tries).toBe(1);
});
