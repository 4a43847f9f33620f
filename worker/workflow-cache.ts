import { TASK_QUEUES, type TaskQueueName } from '../domain/run/task-queues';

/**
 * Each queue's part of the process's workflow cache, by how many runs it holds open at once: every call's
 * interaction is open while the call lasts and its pipeline runs; CRM actions and notifications are short;
 * web calls and onboardings are rare.
 */
const SHARE: Record<TaskQueueName, number> = { interaction: 0.4, crm: 0.2, notification: 0.2, webCall: 0.1, onboarding: 0.1 };

/** The SDK refuses a cache of 1 (a workflow task and its follow-up need two slots); 0 turns caching off. */
const MIN_CACHE = 2;

/** The SDK's default of concurrent workflow tasks per worker, which may not exceed the worker's cache. */
const DEFAULT_CONCURRENT_WORKFLOW_TASKS = 40;

export interface WorkflowCacheOptions {
  maxCachedWorkflows: number;
  maxConcurrentWorkflowTaskExecutions?: number;
}

/**
 * Splits TEMPORAL_MAX_CACHED_WORKFLOWS over the task queues so the process never caches more runs than that
 * in all (a queue's part is at least 2, so a total below 2 per queue is rounded up to that floor).
 */
export function workflowCacheOptions(total: number): Record<TaskQueueName, WorkflowCacheOptions> {
  const names = Object.keys(TASK_QUEUES) as TaskQueueName[];
  return Object.fromEntries(
    names.map((name) => {
      if (total === 0) return [name, { maxCachedWorkflows: 0 }];
      const size = Math.max(MIN_CACHE, Math.floor(total * SHARE[name]));
      return [name, { maxCachedWorkflows: size, maxConcurrentWorkflowTaskExecutions: Math.min(DEFAULT_CONCURRENT_WORKFLOW_TASKS, size) }];
    }),
  ) as Record<TaskQueueName, WorkflowCacheOptions>;
}
