import useSWR from 'swr';
import { apiClient } from '../../../lib/api-client';
import { nextPollDelay } from '../workflow-progress';
import { WorkflowStartedResponseSchema, WorkflowStatusResponseSchema } from '@contracts/admin.contract';
import type { TerminateWorkflowRequest, WorkflowActionResult, WorkflowStatus } from './workflow.schema';

export const workflowStatusKey = (workflowId: string) => `/workflow-status?workflowId=${encodeURIComponent(workflowId)}`;

/** With `poll`, asks again every second until the workflow settles (see isWorkflowSettled). */
export function useWorkflowStatus(workflowId: string | null, options: { poll?: boolean } = {}) {
  return useSWR<WorkflowStatus>(workflowId ? workflowStatusKey(workflowId) : null, (path: string) => apiClient.get(path, WorkflowStatusResponseSchema), {
    refreshInterval: options.poll ? nextPollDelay : 0,
    revalidateOnFocus: !options.poll,
  });
}

export function terminateWorkflow(request: TerminateWorkflowRequest): Promise<WorkflowActionResult> {
  return apiClient.post('/terminate-workflow', request, WorkflowStartedResponseSchema);
}
