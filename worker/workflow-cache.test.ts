import { describe, expect, it } from '@jest/globals';
import { TASK_QUEUES } from '../domain/run/task-queues';
import { workflowCacheOptions } from './workflow-cache';

const sizes = (total: number) => Object.values(workflowCacheOptions(total)).map((o) => o.maxCachedWorkflows);

describe('workflowCacheOptions', () => {
  it('gives every task queue a bounded cache whose sum stays within the total', () => {
    const options = workflowCacheOptions(200);
    expect(Object.keys(options).sort()).toEqual(Object.keys(TASK_QUEUES).sort());
    expect(sizes(200).reduce((a, b) => a + b, 0)).toBeLessThanOrEqual(200);
    expect(options.interaction.maxCachedWorkflows).toBe(80);
    expect(options.onboarding.maxCachedWorkflows).toBe(20);
  });

  it('never lets concurrent workflow tasks exceed a queue cache (the SDK would override it with a warning)', () => {
    for (const total of [10, 50, 200, 5000]) {
      for (const o of Object.values(workflowCacheOptions(total))) {
        expect(o.maxConcurrentWorkflowTaskExecutions).toBeLessThanOrEqual(o.maxCachedWorkflows);
        expect(o.maxConcurrentWorkflowTaskExecutions).toBeGreaterThanOrEqual(2);
      }
    }
    expect(workflowCacheOptions(5000).interaction.maxConcurrentWorkflowTaskExecutions).toBe(40);
  });

  it('keeps a tiny total at the SDK floor of 2 per queue, and 0 turns caching off', () => {
    expect(sizes(3)).toEqual(Object.keys(TASK_QUEUES).map(() => 2));
    expect(sizes(0)).toEqual(Object.keys(TASK_QUEUES).map(() => 0));
    expect(workflowCacheOptions(0).interaction.maxConcurrentWorkflowTaskExecutions).toBeUndefined();
  });
});
