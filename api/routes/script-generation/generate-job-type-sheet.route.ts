import { defineRoute } from '../../http/route';
import { startJobTypeSheet } from '../../use-cases/script-generation';
import { JobTypeSheetRequestSchema, WorkflowStartedResponseSchema } from './script-generation.schema';

export const generateJobTypeSheetRoute = defineRoute({
  method: 'post',
  path: '/generate-job-type-sheet',
  summary: "Starts the job-type sheet of the organization's CRM job types (admin)",
  tag: 'Admin',
  access: { kind: 'operator' },
  request: { body: JobTypeSheetRequestSchema },
  response: { schema: WorkflowStartedResponseSchema, description: 'The sheet run (a repeat joins the run going)' },
  errors: [401, 404],
  handler: ({ body, deps, req }) => startJobTypeSheet(deps, body.orgId, req.correlationId),
});
