import { describe, expect, it } from '@jest/globals';
import type { WorkflowStatus } from './api/workflow.schema';
import { isWorkflowSettled, nextPollDelay, resultOrgId } from './workflow-progress';

const status = (overrides: Partial<WorkflowStatus>): WorkflowStatus => ({
  status: 'RUNNING',
  workflowId: 'onboarding-acme',
  error: null,
  ...overrides,
});

describe('workflow polling', () => {
  it('keeps polling every second while the workflow runs, and before the first answer', () => {
    expect(nextPollDelay(undefined)).toBe(1000);
    expect(nextPollDelay(status({}))).toBe(1000);
  });

  it.each(['COMPLETED', 'FAILED', 'CANCELED', 'TERMINATED', 'TIMED_OUT', 'CONTINUED_AS_NEW'])('stops once the workflow is %s', (terminal) => {
    expect(isWorkflowSettled(status({ status: terminal }))).toBe(true);
    expect(nextPollDelay(status({ status: terminal }))).toBe(0);
  });

  it('stops while still running once the result names the created org', () => {
    expect(isWorkflowSettled(status({ result: { orgId: 'org-1' } }))).toBe(true);
  });

  it('does not treat an empty or malformed result as an org', () => {
    expect(resultOrgId({ orgId: '' })).toBeNull();
    expect(resultOrgId({ orgId: 42 })).toBeNull();
    expect(resultOrgId('org-1')).toBeNull();
    expect(resultOrgId(null)).toBeNull();
    expect(isWorkflowSettled(status({ result: { orgId: '' } }))).toBe(false);
  });
});
