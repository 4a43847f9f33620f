import { z } from 'zod';

/** Temporal's execution statuses, as GET /workflow-status reports them. */
export const WORKFLOW_STATUSES = [
  'RUNNING',
  'COMPLETED',
  'FAILED',
  'CANCELED',
  'TERMINATED',
  'CONTINUED_AS_NEW',
  'TIMED_OUT',
] as const;

export type WorkflowExecutionStatus = (typeof WORKFLOW_STATUSES)[number];

export const WorkflowStatusSchema = z.object({
  // Kept open: an unknown status from a newer Temporal is shown as-is rather than failing the page.
  status: z.string(),
  workflowId: z.string(),
  startTime: z.string().nullish(),
  executionTime: z.string().nullish(),
  closeTime: z.string().nullish(),
  result: z.unknown().optional(),
  error: z.string().nullish(),
  errorDetails: z.unknown().optional(),
});

export const WorkflowActionResultSchema = z.object({
  success: z.boolean(),
  workflowId: z.string(),
  message: z.string(),
});

export const TerminateWorkflowRequestSchema = z.object({
  workflowId: z.string().min(1),
  reason: z.string().optional(),
});

export type WorkflowStatus = z.infer<typeof WorkflowStatusSchema>;
export type WorkflowActionResult = z.infer<typeof WorkflowActionResultSchema>;
export type TerminateWorkflowRequest = z.infer<typeof TerminateWorkflowRequestSchema>;
