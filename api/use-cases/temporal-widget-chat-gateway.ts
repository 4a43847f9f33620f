import { WithStartWorkflowOperation, WorkflowNotFoundError, WorkflowUpdateFailedError, type Client, type WorkflowHandle } from '@temporalio/client';
import { ActivityFailure, ApplicationFailure, ChildWorkflowFailure } from '@temporalio/common';
import { widgetChatWorkflow } from '../../workflows';
import {
  addressChatUpdate,
  bookChatUpdate,
  registerChatUpdate,
  scheduleChatUpdate,
  WIDGET_CHAT_REJECTIONS,
} from '../../workflows/widget-chat/widget-chat.messages';
import type { WidgetChatSnapshot } from '../../workflows/widget-chat/widget-chat.types';
import { taskQueue } from '../../domain/run/task-queues';
import { workflowIds } from '../../domain/run/workflow-ids';
import { WidgetChatRefused, type WidgetChatGateway } from './widget-chat-gateway.port';

const EXPIRED = 'This chat has expired. Please start again.';
const UNAVAILABLE = 'The booking service could not answer just now. Please try again in a moment.';
const isCompleted = (err: unknown) => err instanceof Error && /workflow execution (?:already )?(?:completed|has completed)/i.test(err.message);

/** The update's failure as the API answers it; anything else is rethrown (a 500). */
export function refusal(err: unknown): never {
  if (isCompleted(err)) throw new WidgetChatRefused('expired', EXPIRED);
  if (err instanceof WorkflowNotFoundError) throw new WidgetChatRefused('not_found', 'Chat not found');
  if (err instanceof WorkflowUpdateFailedError && err.cause instanceof ApplicationFailure) {
    if (err.cause.type === WIDGET_CHAT_REJECTIONS.expired) throw new WidgetChatRefused('expired', EXPIRED);
    if (err.cause.type === WIDGET_CHAT_REJECTIONS.notFound || err.cause.type === WIDGET_CHAT_REJECTIONS.notRegistered)
      throw new WidgetChatRefused('not_found', 'Chat not found');
  }
  // The CRM lookup, the capacity read or the booking's workflow failed after their retries: the visitor may try again.
  if (err instanceof WorkflowUpdateFailedError && (err.cause instanceof ActivityFailure || err.cause instanceof ChildWorkflowFailure))
    throw new WidgetChatRefused('unavailable', UNAVAILABLE);
  throw err;
}

/** A closed run of this chat (completed, timed out, terminated), if there is one: its requests are expired, not unknown. */
async function closedRun(handle: WorkflowHandle): Promise<{ snapshot: WidgetChatSnapshot | null } | null> {
  const status = await handle.describe().then(
    (d) => d.status.name,
    () => null,
  );
  if (status === null || status === 'RUNNING') return null;
  const snapshot = status === 'COMPLETED' ? ((await handle.result().catch(() => null)) as WidgetChatSnapshot | null) : null;
  return { snapshot };
}

/** Widget chats on the interaction task queue: they end in the post-call pipeline, whose activities run there. */
export function createTemporalWidgetChatGateway(client: Client, taskQueuePrefix = ''): WidgetChatGateway {
  const handleOf = (chatId: string) => client.workflow.getHandle(workflowIds.widgetChat(chatId));
  /** One update; a run that is over answers expired (another organization's: not found), or what `afterEnd` finds in its result. */
  async function update<T>(
    chatId: string,
    orgId: string,
    run: (handle: WorkflowHandle) => Promise<T>,
    afterEnd?: (done: WidgetChatSnapshot | null) => T | null,
  ): Promise<T> {
    const handle = handleOf(chatId);
    try {
      return await run(handle);
    } catch (err) {
      if (!(err instanceof WorkflowNotFoundError) && !isCompleted(err)) return refusal(err);
      const closed = await closedRun(handle);
      if (!closed) return refusal(err);
      if (closed.snapshot && closed.snapshot.orgId !== orgId) throw new WidgetChatRefused('not_found', 'Chat not found');
      const answer = afterEnd?.(closed.snapshot) ?? null;
      if (answer !== null) return answer;
      throw new WidgetChatRefused('expired', EXPIRED);
    }
  }
  return {
    register(start, req) {
      const startWorkflowOperation = new WithStartWorkflowOperation(widgetChatWorkflow, {
        workflowId: workflowIds.widgetChat(start.chatId),
        taskQueue: taskQueue('interaction', taskQueuePrefix),
        args: [start],
        workflowIdConflictPolicy: 'USE_EXISTING',
        workflowIdReusePolicy: 'REJECT_DUPLICATE',
        memo: { correlationId: start.meta.correlationId },
      });
      return client.workflow.executeUpdateWithStart(registerChatUpdate, { args: [req], startWorkflowOperation }).catch(refusal);
    },
    schedule: (chatId, req) => update(chatId, req.orgId, (handle) => handle.executeUpdate(scheduleChatUpdate, { args: [req] })),
    address: (chatId, req) => update(chatId, req.orgId, (handle) => handle.executeUpdate(addressChatUpdate, { args: [req] })),
    book: (chatId, req) =>
      update(
        chatId,
        req.orgId,
        (handle) => handle.executeUpdate(bookChatUpdate, { args: [req] }),
        // The chat ended after its booking (the pipeline has run): a double-submit still gets the booking's answer.
        (done) => (done?.booking && done.interactionId === req.interactionId ? done.booking : null),
      ),
  };
}
