import type { WorkflowStatus } from './api/workflow.schema';

/** The org an onboarding workflow created, once its result carries one. */
export function resultOrgId(result: unknown): string | null {
  if (typeof result !== 'object' || result === null || !('orgId' in result)) return null;
  const { orgId } = result;
  return typeof orgId === 'string' && orgId.length > 0 ? orgId : null;
}

/** Polling stops when the run has left RUNNING, or as soon as it reports the org it created. */
export function isWorkflowSettled(status: WorkflowStatus | undefined): boolean {
  if (!status) return false;
  return status.status !== 'RUNNING' || resultOrgId(status.result) !== null;
}

export const POLL_INTERVAL_MS = 1000;

export function nextPollDelay(status: WorkflowStatus | undefined): number {
  return isWorkflowSettled(status) ? 0 : POLL_INTERVAL_MS;
}
