import { WorkflowFailedError, type Client } from '@temporalio/client';
import { taskQueue } from '../../domain/run/task-queues';
import {
  JOB_TYPE_SHEET_STEPS,
  SCRIPT_GENERATION_STEPS,
  type JobTypeSheetStatus,
  type ScriptGenerationStatus,
} from '../../domain/contracts/script-generation.contract';
import { generateAgentScriptWorkflow, generateJobTypeSheetWorkflow } from '../../workflows';
import { getAgentScriptProgressQuery, getJobTypeSheetProgressQuery } from '../../workflows/script-generation/script-generation.messages';
import type { GenerateAgentScriptResult, GenerateJobTypeSheetResult } from '../../workflows/script-generation/script-generation.types';
import type { ScriptGenerationGateway } from './script-generation-gateway.port';
import { createTemporalWorkflowGateway } from './temporal-workflow-gateway';

const STATUSES = new Set<string>(['RUNNING', 'COMPLETED', 'FAILED', 'TERMINATED', 'CANCELED', 'TIMED_OUT', 'CONTINUED_AS_NEW']);

/** The innermost failure's message: "Activity task failed" says less than the activity's own error. */
function rootMessage(err: unknown): string {
  let current = err instanceof WorkflowFailedError && err.cause ? err.cause : (err as Error);
  while ((current as { cause?: Error }).cause) current = (current as { cause: Error }).cause;
  return current.message;
}

// Admin workflows run on the onboarding queue (000 §4: started by onboarding, script generation and job-type sheets).
export function createTemporalScriptGenerationGateway(client: Client, taskQueuePrefix = ''): ScriptGenerationGateway {
  const workflows = createTemporalWorkflowGateway(client, taskQueuePrefix);
  const options = (workflowId: string, orgId: string, correlationId: string) => ({
    workflowId,
    taskQueue: taskQueue('onboarding', taskQueuePrefix),
    // A second request while one runs joins it; a finished run may be started again (a new website, new job types).
    workflowIdConflictPolicy: 'USE_EXISTING' as const,
    workflowIdReusePolicy: 'ALLOW_DUPLICATE' as const,
    memo: { correlationId, orgId },
  });
  const running = async (workflowId: string) => (await workflows.describe(workflowId))?.status === 'RUNNING';

  return {
    async startScriptGeneration(input, workflowId) {
      const alreadyRunning = await running(workflowId);
      await client.workflow.start(generateAgentScriptWorkflow, { ...options(workflowId, input.orgId, input.meta.correlationId), args: [input] });
      return { workflowId, alreadyRunning };
    },

    async startJobTypeSheet(input, workflowId) {
      const alreadyRunning = await running(workflowId);
      await client.workflow.start(generateJobTypeSheetWorkflow, { ...options(workflowId, input.orgId, input.meta.correlationId), args: [input] });
      return { workflowId, alreadyRunning };
    },

    async awaitJobTypeSheet(workflowId, waitMs) {
      const handle = client.workflow.getHandle<typeof generateJobTypeSheetWorkflow>(workflowId);
      let timer: NodeJS.Timeout | undefined;
      const timeout = new Promise<null>((resolve) => (timer = setTimeout(() => resolve(null), waitMs)));
      try {
        return await Promise.race([handle.result(), timeout]);
      } catch (err) {
        throw new Error(rootMessage(err), { cause: err });
      } finally {
        clearTimeout(timer);
      }
    },

    async scriptGenerationStatus(workflowId) {
      const handle = client.workflow.getHandle(workflowId);
      let memo: Record<string, unknown> | undefined;
      try {
        memo = (await handle.describe()).memo;
      } catch {
        return null;
      }
      const status = await workflows.describe(workflowId);
      if (!status) return null;
      let step: ScriptGenerationStatus['step'] = status.status === 'COMPLETED' ? 'done' : null;
      if (step === null) {
        // The step a failed or stopped run had reached tells the dashboard where it stopped.
        const progress = await handle.query(getAgentScriptProgressQuery).catch(() => null);
        step = progress && (SCRIPT_GENERATION_STEPS as readonly string[]).includes(progress.step) ? progress.step : null;
      }
      const result = status.status === 'COMPLETED' ? (status.result as GenerateAgentScriptResult) : null;
      return {
        orgId: typeof memo?.orgId === 'string' ? memo.orgId : null,
        workflowId,
        status: (STATUSES.has(status.status) ? status.status : 'UNKNOWN') as ScriptGenerationStatus['status'],
        step,
        error: status.error,
        result: result && { agentId: result.agentId, websiteUrl: result.websiteUrl, websiteTitle: result.websiteTitle, scriptConfig: result.scriptConfig },
      };
    },

    async jobTypeSheetStatus(workflowId) {
      const status = await workflows.describe(workflowId);
      if (!status) return null;
      // A closed run still answers its query (replayed from history): how far it got, and how many it described.
      const progress = await client.workflow
        .getHandle(workflowId)
        .query(getJobTypeSheetProgressQuery)
        .catch(() => null);
      const result = status.status === 'COMPLETED' ? (status.result as GenerateJobTypeSheetResult) : null;
      const step = result ? 'done' : progress && (JOB_TYPE_SHEET_STEPS as readonly string[]).includes(progress.step) ? progress.step : null;
      return {
        workflowId,
        status: (STATUSES.has(status.status) ? status.status : 'UNKNOWN') as JobTypeSheetStatus['status'],
        step,
        described: result ? result.jobTypeCount : (progress?.described ?? 0),
        total: result ? result.jobTypeCount : (progress?.total ?? 0),
        error: status.error,
        description: result?.description ?? null,
      };
    },
  };
}
