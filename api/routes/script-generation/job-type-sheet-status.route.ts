import { defineRoute } from '../../http/route';
import { jobTypeSheetStatus } from '../../use-cases/script-generation';
import { JobTypeSheetStatusQuerySchema, JobTypeSheetStatusSchema } from './script-generation.schema';

export const jobTypeSheetStatusRoute = defineRoute({
  method: 'get',
  path: '/job-type-sheet/status',
  summary: "The organization's latest job-type sheet run: its step, the job types described so far, and the sheet once written",
  tag: 'Agents',
  access: { kind: 'org', orgIdOf: ({ query }) => query.orgId },
  request: { query: JobTypeSheetStatusQuerySchema },
  response: { schema: JobTypeSheetStatusSchema, description: 'The run' },
  errors: [307, 401, 404],
  handler: ({ query, deps }) => jobTypeSheetStatus(deps, query.orgId),
});
