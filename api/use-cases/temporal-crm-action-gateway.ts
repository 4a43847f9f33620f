import { WorkflowExecutionAlreadyStartedError, type Client } from '@temporalio/client';
import { crmActionWorkflow } from '../../workflows';
import type { CrmActionResult } from '../../workflows/crm-action/crm-action.types';
import { taskQueue } from '../../workflows/task-queues';
import type { CrmActionGateway, PendingCrmAction } from './crm-action-gateway.port';

export function createTemporalCrmActionGateway(client: Client, taskQueuePrefix = ''): CrmActionGateway {
  return {
    async runAction(input, workflowId, waitMs) {
      try {
        await client.workflow.start(crmActionWorkflow, {
          workflowId,
          taskQueue: taskQueue('crm', taskQueuePrefix),
          args: [input],
          // The same action asked for again joins the run going, or finds the one that completed.
          workflowIdConflictPolicy: 'USE_EXISTING',
          workflowIdReusePolicy: 'ALLOW_DUPLICATE_FAILED_ONLY',
          memo: { correlationId: input.meta.correlationId },
        });
      } catch (err) {
        if (!(err instanceof WorkflowExecutionAlreadyStartedError)) throw err;
      }
      const pending: PendingCrmAction = { status: 'NEW', workflowId };
      let timer: NodeJS.Timeout | undefined;
      const timeout = new Promise<PendingCrmAction>((resolve) => {
        timer = setTimeout(() => resolve(pending), waitMs);
      });
      try {
        return await Promise.race([client.workflow.getHandle(workflowId).result() as Promise<CrmActionResult>, timeout]);
      } finally {
        clearTimeout(timer);
      }
    },
  };
}
