import { WorkflowNotFoundError, WorkflowUpdateFailedError, type Client } from '@temporalio/client';
import { ApplicationFailure } from '@temporalio/common';
import { webCallWorkflow } from '../../workflows';
import { callerTurnUpdate, endWebCallUpdate, getWebCallQuery, greetCallerUpdate, WEB_CALL_REJECTIONS } from '../../workflows/web-call/web-call.messages';
import type { WebCallSnapshot } from '../../workflows/web-call/web-call.types';
import { taskQueue } from '../../domain/run/task-queues';
import { workflowIds } from '../../domain/run/workflow-ids';
import { WebCallRefused, type WebCallGateway } from './web-call-gateway.port';

const isCompleted = (err: unknown) => err instanceof Error && /workflow execution (?:already )?(?:completed|has completed)/i.test(err.message);

/** Maps the workflow's update rejections and a finished or missing run onto WebCallRefused. */
function refusal(err: unknown): never {
  // Temporal answers an update to a finished run with NotFound "workflow execution already completed".
  if (isCompleted(err)) throw new WebCallRefused('ended', 'This web call has ended');
  if (err instanceof WorkflowNotFoundError) throw new WebCallRefused('not_found', 'Web call not found');
  if (err instanceof WorkflowUpdateFailedError && err.cause instanceof ApplicationFailure) {
    if (err.cause.type === WEB_CALL_REJECTIONS.badToken) throw new WebCallRefused('access_denied', 'Invalid access token for this web call');
    if (err.cause.type === WEB_CALL_REJECTIONS.ended) throw new WebCallRefused('ended', 'This web call has ended');
  }
  throw err;
}

export function createTemporalWebCallGateway(client: Client, taskQueuePrefix = ''): WebCallGateway {
  const handleOf = (interactionId: string) => client.workflow.getHandle(workflowIds.webCall(interactionId));
  return {
    async start(input) {
      const handle = await client.workflow.start(webCallWorkflow, {
        workflowId: workflowIds.webCall(input.interactionId),
        taskQueue: taskQueue('webCall', taskQueuePrefix),
        args: [{ ...input, taskQueuePrefix }],
        workflowIdReusePolicy: 'REJECT_DUPLICATE',
        // The token's hash is kept in the memo too, so a finished call can still check who asks about it.
        memo: { correlationId: input.meta.correlationId, accessTokenHash: input.accessTokenHash },
      });
      return handle.executeUpdate(greetCallerUpdate, { args: [{ accessTokenHash: input.accessTokenHash }] }).catch(refusal);
    },
    sendCallerTurn(interactionId, accessTokenHash, text) {
      return handleOf(interactionId)
        .executeUpdate(callerTurnUpdate, { args: [{ accessTokenHash, text }] })
        .catch(refusal);
    },
    async end(interactionId, accessTokenHash) {
      const handle = handleOf(interactionId);
      try {
        return await handle.executeUpdate(endWebCallUpdate, { args: [{ accessTokenHash }] });
      } catch (err) {
        // Ending a call that has already ended (by the agent, or idle) is answered with how it ended.
        if (!isCompleted(err)) refusal(err);
        const { memo } = await handle.describe();
        if (memo?.accessTokenHash !== accessTokenHash) throw new WebCallRefused('access_denied', 'Invalid access token for this web call');
        return (await handle.result()) as WebCallSnapshot;
      }
    },
    async find(interactionId) {
      const handle = handleOf(interactionId);
      try {
        return await handle.query(getWebCallQuery);
      } catch (err) {
        if (err instanceof WorkflowNotFoundError) return null;
        // A finished call is answered from its result.
        const status = await handle.describe().then(
          (d) => d.status.name,
          () => null,
        );
        if (status === null) return null;
        if (status === 'COMPLETED') return (await handle.result()) as WebCallSnapshot;
        throw err;
      }
    },
  };
}
