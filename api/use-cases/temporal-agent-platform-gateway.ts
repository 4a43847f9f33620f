import type { Client } from '@temporalio/client';
import { taskQueue } from '../../domain/run/task-queues';
import { workflowIds } from '../../domain/run/workflow-ids';
import { configureAgentPlatformWorkflow } from '../../workflows';
import { agentPlatformChangedSignal } from '../../workflows/agent-platform/agent-platform.messages';
import type { AgentPlatformGateway } from './agent-platform-gateway.port';

// An admin workflow: it runs on the onboarding queue with script generation and the job-type sheet (000 §4).
export function createTemporalAgentPlatformGateway(client: Client, taskQueuePrefix = ''): AgentPlatformGateway {
  return {
    async configure(input) {
      await client.workflow.signalWithStart(configureAgentPlatformWorkflow, {
        workflowId: workflowIds.agentPlatform(input.agentId),
        taskQueue: taskQueue('onboarding', taskQueuePrefix),
        args: [input],
        signal: agentPlatformChangedSignal,
        signalArgs: [],
        memo: { correlationId: input.meta.correlationId, orgId: input.orgId },
      });
    },
  };
}
