import { defineRoute } from '../../http/route';
import { createJobSheet } from '../../use-cases/script-generation';
import { JobTypeSheetRequestSchema, JobTypeSheetResponseSchema } from './script-generation.schema';

export const createJobSheetRoute = defineRoute({
  method: 'post',
  path: '/integrations/create-job-sheet',
  summary: "The job-type sheet of the organization's CRM job types, once written (001 §2.12)",
  tag: 'Agents',
  access: { kind: 'org', orgIdOf: ({ body }) => body.orgId },
  request: { body: JobTypeSheetRequestSchema },
  response: { schema: JobTypeSheetResponseSchema, description: 'The sheet: one section per job type' },
  errors: [307, 401, 404, 503],
  handler: ({ body, deps, req }) => createJobSheet(deps, body.orgId, req.correlationId),
});
