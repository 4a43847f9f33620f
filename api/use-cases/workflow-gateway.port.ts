import type { OnboardingInput } from '../../workflows/onboarding/onboarding.types';

/** The workflow status response of spec 000 §3. */
export interface WorkflowStatus {
  status: string;
  workflowId: string;
  startTime?: string;
  executionTime?: string;
  closeTime?: string;
  result?: unknown;
  error: string | null;
  errorDetails?: unknown;
}

export type TerminateOutcome = 'terminated' | 'not_found' | 'not_running';

/** What the API asks of the workflow engine; Temporal implements it, route tests may fake it. */
export interface WorkflowGateway {
  startOnboarding(input: OnboardingInput, workflowId: string): Promise<{ workflowId: string; alreadyRunning: boolean; alreadyCompleted: boolean }>;
  describe(workflowId: string): Promise<WorkflowStatus | null>;
  terminate(workflowId: string, reason: string): Promise<{ outcome: TerminateOutcome; status?: string }>;
}
