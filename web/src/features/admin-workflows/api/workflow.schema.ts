import type { z } from 'zod';
import type { TerminateWorkflowRequestSchema, WorkflowStartedResponseSchema, WorkflowStatusResponseSchema } from '@contracts/admin.contract';

/** Temporal's execution statuses, as GET /workflow-status reports them. */
export const WORKFLOW_STATUSES = ['RUNNING', 'COMPLETED', 'FAILED', 'CANCELED', 'TERMINATED', 'CONTINUED_AS_NEW', 'TIMED_OUT'] as const;

export type WorkflowExecutionStatus = (typeof WORKFLOW_STATUSES)[number];

export type WorkflowStatus = z.infer<typeof WorkflowStatusResponseSchema>;
export type WorkflowActionResult = z.infer<typeof WorkflowStartedResponseSchema>;
export type TerminateWorkflowRequest = z.input<typeof TerminateWorkflowRequestSchema>;
