import { notFound } from '../../http/errors';
import { defineRoute } from '../../http/route';
import { WorkflowStatusQuerySchema, WorkflowStatusResponseSchema } from './admin.schema';

export const workflowStatusRoute = defineRoute({
  method: 'get',
  path: '/workflow-status',
  summary: 'Status of a workflow run (admin)',
  tag: 'Admin',
  access: { kind: 'operator' },
  request: { query: WorkflowStatusQuerySchema },
  response: { schema: WorkflowStatusResponseSchema, description: 'The workflow status response of spec 000 §3' },
  errors: [401, 404],
  async handler({ query, deps }) {
    const status = await deps.workflows.describe(query.workflowId);
    if (!status) throw notFound(`Workflow ${query.workflowId} not found`);
    return status;
  },
});
