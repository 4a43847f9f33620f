import { WorkflowExecutionAlreadyStartedError, WorkflowFailedError, WorkflowNotFoundError, type Client } from '@temporalio/client';
import { onboardingWorkflow } from '../../workflows';
import { taskQueue } from '../../domain/run/task-queues';
import type { WorkflowGateway, WorkflowStatus } from './workflow-gateway.port';

/** The innermost failure: "Activity task failed" says less than the activity's own error. */
function rootCause(err: unknown): { message: string; type: string } {
  let current = err instanceof WorkflowFailedError && err.cause ? err.cause : (err as Error);
  while ((current as { cause?: Error }).cause) current = (current as { cause: Error }).cause;
  return { message: current.message, type: (current as { type?: string }).type ?? current.name };
}

function isNotFound(err: unknown): boolean {
  return err instanceof WorkflowNotFoundError || (err as { code?: number })?.code === 5; // gRPC NOT_FOUND
}

export function createTemporalWorkflowGateway(client: Client, taskQueuePrefix = ''): WorkflowGateway {
  return {
    async startOnboarding(input, workflowId) {
      const existing = await this.describe(workflowId);
      if (existing?.status === 'COMPLETED') return { workflowId, alreadyRunning: false, alreadyCompleted: true };
      try {
        await client.workflow.start(onboardingWorkflow, {
          workflowId,
          taskQueue: taskQueue('onboarding', taskQueuePrefix),
          args: [input],
          // A second start of the same business process joins the run already going.
          workflowIdConflictPolicy: 'USE_EXISTING',
          // A failed or terminated onboarding may be retried; a completed one may not.
          workflowIdReusePolicy: 'ALLOW_DUPLICATE_FAILED_ONLY',
          memo: { correlationId: input.meta.correlationId },
        });
      } catch (err) {
        if (!(err instanceof WorkflowExecutionAlreadyStartedError)) throw err;
        return { workflowId, alreadyRunning: false, alreadyCompleted: true };
      }
      return { workflowId, alreadyRunning: existing?.status === 'RUNNING', alreadyCompleted: false };
    },

    async describe(workflowId) {
      const handle = client.workflow.getHandle(workflowId);
      let description;
      try {
        description = await handle.describe();
      } catch (err) {
        if (isNotFound(err)) return null;
        throw err;
      }
      const status: WorkflowStatus = {
        status: description.status.name,
        workflowId,
        startTime: description.startTime.toISOString(),
        executionTime: description.executionTime?.toISOString(),
        closeTime: description.closeTime?.toISOString(),
        error: null,
      };
      if (description.status.name === 'COMPLETED') {
        status.result = await handle.result();
      } else if (description.status.name === 'FAILED' || description.status.name === 'TIMED_OUT') {
        try {
          await handle.result();
        } catch (err) {
          const root = rootCause(err);
          status.error = root.message;
          status.errorDetails = { type: root.type, failure: (err as Error).message };
        }
      } else if (description.status.name === 'TERMINATED') {
        status.error = 'Workflow was terminated';
      }
      return status;
    },

    async terminate(workflowId, reason) {
      const current = await this.describe(workflowId);
      if (!current) return { outcome: 'not_found' };
      if (current.status !== 'RUNNING') return { outcome: 'not_running', status: current.status };
      await client.workflow.getHandle(workflowId).terminate(reason);
      return { outcome: 'terminated' };
    },
  };
}
