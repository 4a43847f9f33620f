import { WorkflowExecutionAlreadyStartedError } from '@temporalio/common';
import { ActivityFailure, ParentClosePolicy, log, proxyActivities, startChild, uuid4, workflowInfo } from '@temporalio/workflow';
import type { InteractionActivities } from '../../activities/interaction/interaction.activities';
import type { InteractionInput } from '../../domain/interaction/interaction.schema';
import type { NotificationEventInput } from '../../domain/notifications/interaction-event.schema';
import type { RunMeta } from '../../domain/run/run-meta';
import { TASK_QUEUES, type TaskQueueName } from '../../domain/run/task-queues';
import { workflowIds } from '../../domain/run/workflow-ids';
import { notifyInteractionWorkflow } from '../notification/notify-interaction.workflow';

// The same AI steps, with the same policy, as a call's post-call pipeline (workflows/interaction).
const ai = proxyActivities<InteractionActivities>({
  startToCloseTimeout: '2 minutes',
  retry: { initialInterval: '1 second', maximumInterval: '20 seconds', maximumAttempts: 5 },
});

/** Another task queue of this worker's prefix (tests run prefixed queues beside a running stack). */
export function siblingQueue(name: TaskQueueName): string {
  const own = workflowInfo().taskQueue;
  const base = Object.values(TASK_QUEUES).find((q) => own.endsWith(q));
  return base ? `${own.slice(0, own.length - base.length)}${TASK_QUEUES[name]}` : own;
}

export interface ChatAnalysisInput {
  interaction: { meta: RunMeta; causationId: string; orgId: string; interactionId: string };
  /** Event ids (one of each group) the read model must hold before the notification is described. */
  afterEnd: string[][];
  /** Publishes the chat's transcript on its interaction (InteractionTranscribed) and answers it as the pipeline reads it. */
  transcribe: (eventId: string) => Promise<InteractionInput>;
  /** The chat's notification event once the read model holds the pipeline's last step. */
  describe: (callStatus: string, awaitEventIds: string[][]) => Promise<NotificationEventInput>;
  /** Who the customer is, read from the transcript (a chat without a phone lookup has no other source). */
  identifyCustomer?: boolean;
}

/**
 * 000 §1, §4: a finished chat (widget or LLM session) through the calls' post-call steps on the same
 * activities (classified, reclassified, summarised, tagged), then to the rules engine once: the
 * notification child's id is the interaction's. Answers the chat's call status.
 */
export async function analyseChat({ interaction, afterEnd, transcribe, describe, identifyCustomer = false }: ChatAnalysisInput): Promise<string> {
  const { meta, orgId, interactionId } = interaction;
  const transcribedEventId = uuid4();
  const analysis = await transcribe(transcribedEventId);
  let lastEventIds = [...afterEnd, [transcribedEventId]];
  const step = () => {
    const ids = { eventId: uuid4(), errorEventId: uuid4() };
    lastEventIds = [[ids.eventId, ids.errorEventId]];
    return { ...interaction, ...ids, analysis };
  };
  let result = 'PROCESSING';
  if (identifyCustomer) await ai.identifyCustomer(step());
  const classified = await ai.classifyInteraction(step());
  if (classified.ok) {
    result = classified.value.callStatus;
    if (result === 'UNBOOKED') {
      const second = await ai.reclassifyUnbookedInteraction(step());
      if (second.ok && second.value.reclassified) result = 'EXCUSED';
    }
    await ai.summarizeInteraction({ ...step(), callStatus: classified.value.callStatus, agentType: analysis.agentType });
    await ai.tagInteraction({ ...step(), callStatus: classified.value.callStatus });
  }
  try {
    const event = await describe(result, lastEventIds);
    await startChild(notifyInteractionWorkflow, {
      workflowId: workflowIds.notifyInteraction(interactionId),
      taskQueue: siblingQueue('notification'),
      parentClosePolicy: ParentClosePolicy.ABANDON,
      args: [{ meta, orgId, event }],
    });
  } catch (err) {
    if (err instanceof WorkflowExecutionAlreadyStartedError) return result;
    if (!(err instanceof ActivityFailure)) throw err;
    log.warn('chat not handed to notifications', { interactionId, error: err.cause?.message ?? err.message });
  }
  return result;
}
