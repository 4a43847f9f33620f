import { WorkflowExecutionAlreadyStartedError } from '@temporalio/common';
import { ActivityFailure, ParentClosePolicy, WorkflowIdReusePolicy, log, proxyActivities, startChild, uuid4, workflowInfo } from '@temporalio/workflow';
import { deliverWebhooksWorkflow } from '../webhook-delivery/deliver-webhooks.workflow';
import { workflowIds } from '../../domain/run/workflow-ids';
import type { DeliveryToSend, NotificationActivities, OnCallContact, SendNotificationResult } from '../../activities/notifications/notification.activities';
import type { NotifyInteractionInput, NotifyInteractionResult } from './notify-interaction.types';

const { planInteractionNotifications, recordSkippedNotifications, recordEmergencyPagerUnanswered } = proxyActivities<NotificationActivities>({
  startToCloseTimeout: '30 seconds',
  retry: { initialInterval: '500 milliseconds', maximumInterval: '30 seconds', nonRetryableErrorTypes: ['InvalidNotificationEvent'] },
});

// A vendor that keeps failing must not hold the other deliveries forever.
const { sendNotification } = proxyActivities<NotificationActivities>({
  startToCloseTimeout: '2 minutes',
  retry: { initialInterval: '1 second', backoffCoefficient: 2, maximumInterval: '1 minute', maximumAttempts: 8 },
});

/**
 * Sends every notification an interaction asks for (000 §4): each delivery is its own activity, and the
 * emergency page escalates to the on-call manager when the technician does not answer.
 */
export async function notifyInteractionWorkflow(input: NotifyInteractionInput): Promise<NotifyInteractionResult> {
  const interactionId = input.event.payload.interaction_id;
  const common = { meta: input.meta, causationId: `workflow:${workflowInfo().workflowId}`, orgId: input.orgId, interactionId };
  const plan = await planInteractionNotifications({ orgId: input.orgId, event: input.event });
  await startWebhookDelivery(input, interactionId);

  // Event ids come from the workflow so a retried activity republishes the same events.
  const send = async (delivery: DeliveryToSend): Promise<SendNotificationResult> => {
    const eventId = uuid4();
    try {
      return await sendNotification({ ...common, eventId, orgName: plan.orgName, delivery });
    } catch (err) {
      if (!(err instanceof ActivityFailure)) throw err;
      log.warn('notification gave up after retries', { key: delivery.key, error: err.cause?.message ?? err.message });
      return { status: 'failed', code: 'RETRIES_EXHAUSTED' };
    }
  };

  await recordSkippedNotifications({ ...common, eventIds: plan.skipped.map(() => uuid4()), skipped: plan.skipped });

  const techCalls = plan.deliveries.filter((d) => d.channel === 'call' && d.group === 'oncall_tech');
  const others = plan.deliveries.filter((d) => !techCalls.includes(d));
  const [results, page] = await Promise.all([Promise.all(others.map(send)), pageOnCall(techCalls)]);

  async function pageOnCall(calls: DeliveryToSend[]): Promise<{ results: SendNotificationResult[]; unanswered: boolean }> {
    if (calls.length === 0) return { results: [], unanswered: false };
    const outcomes = await Promise.all(calls.map(send));
    if (outcomes.some((o) => o.status === 'sent' && o.answered)) return { results: outcomes, unanswered: false };
    // Managers already called by their own setting are not called twice.
    const called = new Set(plan.deliveries.filter((d) => d.channel === 'call').map((d) => d.address));
    const managers = plan.escalation.filter((m) => !called.has(m.phone));
    const content = calls[0].content;
    const escalations = await Promise.all(
      managers.map((m) =>
        send({
          key: `call:emergency_escalation:${m.phone}`,
          ruleId: 'EmergencyJobRule',
          group: 'oncall_manager',
          channel: 'call',
          purpose: 'emergency_escalation',
          address: m.phone,
          ...(m.name === null ? {} : { recipientName: m.name }),
          content,
        }),
      ),
    );
    const technicians: OnCallContact[] = calls.map((c) => ({ name: c.recipientName ?? null, phone: c.address }));
    await recordEmergencyPagerUnanswered({ ...common, eventId: uuid4(), called: technicians, escalatedTo: managers });
    return { results: [...outcomes, ...escalations], unanswered: true };
  }

  const all = [...results, ...page.results];
  return {
    sent: all.filter((r) => r.status === 'sent').length,
    failed: all.filter((r) => r.status === 'failed').length,
    skipped: plan.skipped.length,
    pagerUnanswered: page.unanswered,
  };
}

/**
 * The org's own systems get the event too (001 §2.18). A child run that outlives this one: retries to a
 * failing endpoint back off for hours and must not hold the notifications.
 */
async function startWebhookDelivery(input: NotifyInteractionInput, interactionId: string): Promise<void> {
  try {
    await startChild(deliverWebhooksWorkflow, {
      workflowId: workflowIds.deliverWebhooks(interactionId),
      args: [{ meta: input.meta, orgId: input.orgId, event: input.event }],
      parentClosePolicy: ParentClosePolicy.ABANDON,
      // A repeated notification run must not deliver the interaction to the org's systems again.
      workflowIdReusePolicy: WorkflowIdReusePolicy.REJECT_DUPLICATE,
    });
  } catch (err) {
    if (!(err instanceof WorkflowExecutionAlreadyStartedError)) throw err;
  }
}
