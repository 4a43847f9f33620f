import useSWR from 'swr';
import { AgentSchema } from '@contracts/agents.contract';
import { WorkflowStartedResponseSchema } from '@contracts/admin.contract';
import {
  JobTypeSheetResponseSchema,
  JobTypeSheetStatusSchema,
  type JobTypeSheetStatus,
  ScriptGenerationStatusSchema,
  type ScriptGenerationStatus,
  type ScriptGeneratorRequest,
} from '@contracts/script-generation.contract';
import { apiClient } from '../../../lib/api-client';

export function useAgent(agentId: string) {
  return useSWR(`/agent/${encodeURIComponent(agentId)}`, (path: string) => apiClient.get(path, AgentSchema));
}

export function startScriptGeneration(body: ScriptGeneratorRequest) {
  return apiClient.post('/script-generator', body, WorkflowStartedResponseSchema);
}

/** The run's progress, polled every second while it runs. */
export function useScriptGenerationStatus(orgId: string | null, workflowId: string | null) {
  const key = orgId && workflowId ? `/script-generator/status?orgId=${encodeURIComponent(orgId)}&workflowId=${encodeURIComponent(workflowId)}` : null;
  return useSWR<ScriptGenerationStatus>(key, (path: string) => apiClient.get(path, ScriptGenerationStatusSchema), {
    refreshInterval: (data) => (!data || data.status === 'RUNNING' ? 1000 : 0),
  });
}

export function createJobSheet(orgId: string) {
  return apiClient.post('/integrations/create-job-sheet', { orgId }, JobTypeSheetResponseSchema);
}

/** The org's latest job-type sheet run, polled every second while `polling` (a sheet is being written). */
export function useJobTypeSheetStatus(orgId: string | null, polling: boolean) {
  const key = orgId ? `/job-type-sheet/status?orgId=${encodeURIComponent(orgId)}` : null;
  return useSWR<JobTypeSheetStatus>(key, (path: string) => apiClient.get(path, JobTypeSheetStatusSchema), {
    refreshInterval: polling ? 1000 : 0,
    shouldRetryOnError: false,
  });
}
