import type { NotificationActivities } from '../../activities/notifications/notification.activities';
import type { WebhookDeliveryActivities } from '../../activities/webhooks/webhook-delivery.activities';
import { workflowIds } from '../../domain/run/workflow-ids';
import { freshTaskQueue, recordCalls, withWorker, useWorkflowTestEnvironment } from '../../tests/support/workflow-environment';
import { csrCallEvent, fakeNotificationActivities, fakeWebhookActivities } from '../../tests/support/workflow-scenarios';
import { notifyInteractionWorkflow } from './notify-interaction.workflow';

type Activities = NotificationActivities & WebhookDeliveryActivities;

const suite = useWorkflowTestEnvironment();

/** The org's webhook endpoints are the shared fakes' two; the rest is the emergency scenario unless overridden. */
function activitiesWith(overrides: Partial<Activities> = {}) {
  return recordCalls({ ...fakeNotificationActivities(), ...fakeWebhookActivities(), ...overrides } as Activities);
}

/**
 * Notification runs for one interaction, one after the other, on one worker. The deliver-webhooks child runs
 * on the same queue and outlives its parent (ABANDON); the test server would keep a time-skipping lock for
 * a parent that completes before it, so each run here waits (in its first activity after the start) for the
 * child to finish.
 */
async function notify(activities: Activities, interactionId: string, runs = 1) {
  const taskQueue = freshTaskQueue('notification');
  const child = suite.env.client.workflow.getHandle(workflowIds.deliverWebhooks(interactionId));
  const afterWebhooks: Activities = {
    ...activities,
    recordSkippedNotifications: async (input) => {
      while ((await child.describe()).status.name !== 'COMPLETED') await new Promise((resolve) => setTimeout(resolve, 50));
      return activities.recordSkippedNotifications(input);
    },
  };
  return withWorker(suite.env, { taskQueue, workflowBundle: suite.workflowBundle, activities: afterWebhooks }, async () => {
    const results = [];
    for (let i = 0; i < runs; i += 1) {
      results.push(
        await suite.env.client.workflow.execute(notifyInteractionWorkflow, {
          taskQueue,
          workflowId: `${workflowIds.notifyInteraction(interactionId)}/${taskQueue}/${i}`,
          args: [{ meta: { correlationId: 'corr-1' }, orgId: 'org-1', event: csrCallEvent(interactionId) }],
        }),
      );
    }
    return results;
  });
}

test('an emergency page nobody answers is escalated to the on-call manager and recorded as unanswered', async () => {
  const { activities, named } = activitiesWith();

  const [result] = await notify(activities, 'int-unanswered');

  expect(result).toEqual({ sent: 3, failed: 0, skipped: 0, pagerUnanswered: true });
  const sent = named('sendNotification').map((c) => c.input.delivery);
  expect(sent.map((d) => [d.purpose, d.channel, d.address])).toEqual(
    expect.arrayContaining([
      ['emergency_job', 'email', 'office@example.com'],
      ['emergency_job', 'call', '+15550000001'],
      ['emergency_escalation', 'call', '+15550000002'],
    ]),
  );
  expect(sent).toHaveLength(3);
  // The manager hears about the same job the technician was paged for, after the technician's call.
  const escalation = sent.find((d) => d.purpose === 'emergency_escalation');
  expect(escalation).toMatchObject({ group: 'oncall_manager', recipientName: 'Manny', content: { job: { description: 'Burst pipe' } } });
  expect(sent.indexOf(escalation)).toBeGreaterThan(sent.findIndex((d) => d.address === '+15550000001'));
  expect(named('recordEmergencyPagerUnanswered').map((c) => c.input)).toEqual([
    expect.objectContaining({
      interactionId: 'int-unanswered',
      called: [{ name: 'Tess', phone: '+15550000001' }],
      escalatedTo: [{ name: 'Manny', phone: '+15550000002' }],
    }),
  ]);
  // Every send carries its own event id, so a retried send republishes the same event.
  expect(new Set(named('sendNotification').map((c) => c.input.eventId)).size).toBe(3);
});

test('an answered page escalates to nobody; skipped rules are recorded and a send that keeps failing is counted, not fatal', async () => {
  let slackTries = 0;
  const { activities, named } = activitiesWith({
    planInteractionNotifications: async () => {
      const plan = await fakeNotificationActivities().planInteractionNotifications!({} as never);
      const slack = { ...plan.deliveries[0], key: 'slack:office', channel: 'slack' as const, address: '#dispatch' };
      const skipped = [{ ruleId: 'BookedJobRule', group: 'cc', channel: 'sms', reason: 'no recipients' }] as unknown as typeof plan.skipped;
      return { ...plan, deliveries: [...plan.deliveries, slack], skipped };
    },
    sendNotification: async ({ delivery }) => {
      if (delivery.channel === 'slack') {
        slackTries += 1;
        throw new Error('slack is down');
      }
      return { status: 'sent', answered: delivery.channel === 'call' ? true : null };
    },
  });

  const [result] = await notify(activities, 'int-answered');

  expect(result).toEqual({ sent: 2, failed: 1, skipped: 1, pagerUnanswered: false });
  // Eight tries over minutes of backoff (skipped), then given up.
  expect(slackTries).toBe(8);
  expect(named('sendNotification').some((c) => c.input.delivery.purpose === 'emergency_escalation')).toBe(false);
  expect(named('recordEmergencyPagerUnanswered')).toHaveLength(0);
  expect(named('recordSkippedNotifications').map((c) => c.input)).toEqual([
    expect.objectContaining({ interactionId: 'int-answered', skipped: [expect.objectContaining({ ruleId: 'BookedJobRule' })], eventIds: [expect.any(String)] }),
  ]);
  // The org's own systems get the interaction too.
  expect(
    named('deliverWebhook')
      .map((c) => c.input.endpoint.name)
      .sort(),
  ).toEqual(['crm-sync', 'zapier']);
});

test('a second notification run for the same interaction finds its webhook delivery already started and delivers nothing again', async () => {
  const { activities, named } = activitiesWith();

  const results = await notify(activities, 'int-twice', 2);

  expect(results).toEqual([
    { sent: 3, failed: 0, skipped: 0, pagerUnanswered: true },
    { sent: 3, failed: 0, skipped: 0, pagerUnanswered: true },
  ]);
  expect(named('planWebhookDeliveries')).toHaveLength(1);
  expect(
    named('deliverWebhook')
      .map((c) => c.input.endpoint.name)
      .sort(),
  ).toEqual(['crm-sync', 'zapier']);
});
