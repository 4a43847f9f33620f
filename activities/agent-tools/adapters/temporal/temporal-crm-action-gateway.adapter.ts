import { WorkflowExecutionAlreadyStartedError, type Client } from '@temporalio/client';
import type { CrmActionResult } from '../../../../domain/actions/crm-action.types';
import { taskQueue } from '../../../../domain/run/task-queues';
import type { CrmActionGateway, PendingCrmAction } from '../../crm-action-gateway.port';

/** The workflow type the worker registers (workflows/crm-action); started by name so activities import no workflow code. */
export const CRM_ACTION_WORKFLOW = 'crmActionWorkflow';

export function createTemporalCrmActionGateway(client: Client, taskQueuePrefix = ''): CrmActionGateway {
  return {
    async runAction(input, workflowId, waitMs) {
      try {
        await client.workflow.start(CRM_ACTION_WORKFLOW, {
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
