import { WorkflowExecutionAlreadyStartedError, type Client } from '@temporalio/client';
import { canonicalJson } from '../../domain/shared/canonical-json';
import { buildAudienceWorkflow } from '../../workflows';
import type { BuildAudienceInput } from '../../workflows/audience-build/build-audience.types';
import { taskQueue } from '../../domain/run/task-queues';
import type { AudienceBuildGateway } from './audience-build-gateway.port';

/** What makes two build requests the same: a duplicate delivery joins the run going instead of restarting it. */
const requestKeyOf = (input: BuildAudienceInput) => canonicalJson({ source: input.source, isFileUpload: input.isFileUpload, rules: input.rules });

export function createTemporalAudienceBuildGateway(client: Client, taskQueuePrefix = ''): AudienceBuildGateway {
  const start = (input: BuildAudienceInput, workflowId: string, workflowIdConflictPolicy: 'FAIL' | 'TERMINATE_EXISTING') =>
    client.workflow.start(buildAudienceWorkflow, {
      workflowId,
      taskQueue: taskQueue('crm', taskQueuePrefix),
      args: [input],
      workflowIdConflictPolicy,
      memo: { correlationId: input.meta.correlationId, requestKey: requestKeyOf(input) },
    });

  return {
    async queueBuild(input, workflowId) {
      try {
        await start(input, workflowId, 'FAIL');
        return 'started';
      } catch (err) {
        if (!(err instanceof WorkflowExecutionAlreadyStartedError)) throw err;
      }
      const running = await client.workflow.getHandle(workflowId).describe();
      if (running.status.name === 'RUNNING' && running.memo?.requestKey === requestKeyOf(input)) return 'joined';
      // Other rules while a build runs: the newer request wins, and the read model ignores the old run's events.
      await start(input, workflowId, 'TERMINATE_EXISTING');
      return 'replaced';
    },
  };
}
