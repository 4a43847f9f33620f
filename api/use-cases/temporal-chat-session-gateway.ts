import {
  WithStartWorkflowOperation,
  WorkflowExecutionAlreadyStartedError,
  WorkflowNotFoundError,
  WorkflowUpdateFailedError,
  type Client,
} from '@temporalio/client';
import { ApplicationFailure } from '@temporalio/common';
import { chatSessionWorkflow } from '../../workflows';
import { CHAT_SESSION_REJECTIONS, chatTurnUpdate, getChatSessionQuery } from '../../workflows/chat-session/chat-session.messages';
import type { ChatSessionSnapshot } from '../../workflows/chat-session/chat-session.types';
import { taskQueue } from '../../domain/run/task-queues';
import { workflowIds } from '../../domain/run/workflow-ids';
import { ChatSessionRefused, type ChatSessionGateway } from './chat-session-gateway.port';

const isCompleted = (err: unknown) => err instanceof Error && /workflow execution (?:already )?(?:completed|has completed)/i.test(err.message);

function refusal(err: unknown): never {
  // An update to a finished run, or a start over a finished run's id (REJECT_DUPLICATE): the session is over.
  if (isCompleted(err) || err instanceof WorkflowExecutionAlreadyStartedError) throw new ChatSessionRefused('ended', 'This chat session has ended');
  if (err instanceof WorkflowNotFoundError) throw new ChatSessionRefused('not_found', 'Chat session not found');
  if (err instanceof WorkflowUpdateFailedError && err.cause instanceof ApplicationFailure) {
    if (err.cause.type === CHAT_SESSION_REJECTIONS.otherOwner) throw new ChatSessionRefused('not_found', 'Chat session not found');
    if (err.cause.type === CHAT_SESSION_REJECTIONS.ended) throw new ChatSessionRefused('ended', 'This chat session has ended');
  }
  throw err;
}

/** Chat sessions on the web-call task queue: both run the in-house agent runtime's activities. */
export function createTemporalChatSessionGateway(client: Client, taskQueuePrefix = ''): ChatSessionGateway {
  const handleOf = (sessionId: string) => client.workflow.getHandle(workflowIds.chatSession(sessionId));
  return {
    sendTurn(sessionId, turn) {
      return handleOf(sessionId)
        .executeUpdate(chatTurnUpdate, { args: [turn] })
        .catch(refusal);
    },
    async start(start) {
      await client.workflow.start(chatSessionWorkflow, {
        workflowId: workflowIds.chatSession(start.sessionId),
        taskQueue: taskQueue('webCall', taskQueuePrefix),
        args: [start],
        workflowIdReusePolicy: 'REJECT_DUPLICATE',
        memo: { correlationId: start.meta.correlationId },
      });
    },
    startAndSendTurn(start, turn) {
      const startWorkflowOperation = new WithStartWorkflowOperation(chatSessionWorkflow, {
        workflowId: workflowIds.chatSession(start.sessionId),
        taskQueue: taskQueue('webCall', taskQueuePrefix),
        args: [start],
        // Two first messages at once join one run; a finished session is not started again.
        workflowIdConflictPolicy: 'USE_EXISTING',
        workflowIdReusePolicy: 'REJECT_DUPLICATE',
        memo: { correlationId: start.meta.correlationId },
      });
      return client.workflow.executeUpdateWithStart(chatTurnUpdate, { args: [turn], startWorkflowOperation }).catch(refusal);
    },
    async find(sessionId) {
      const handle = handleOf(sessionId);
      try {
        return await handle.query(getChatSessionQuery);
      } catch (err) {
        if (err instanceof WorkflowNotFoundError) return null;
        const status = await handle.describe().then(
          (d) => d.status.name,
          () => null,
        );
        if (status === null) return null;
        if (status === 'COMPLETED') return (await handle.result()) as ChatSessionSnapshot;
        throw err;
      }
    },
  };
}
