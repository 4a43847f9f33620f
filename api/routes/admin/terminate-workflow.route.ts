import { badRequest, notFound } from '../../http/errors';
import { defineRoute } from '../../http/route';
import { WorkflowStartedResponseSchema, TerminateWorkflowRequestSchema } from './admin.schema';

export const terminateWorkflowRoute = defineRoute({
  method: 'post',
  path: '/terminate-workflow',
  summary: 'Terminates a running workflow (admin)',
  tag: 'Admin',
  access: { kind: 'operator' },
  request: { body: TerminateWorkflowRequestSchema },
  response: { schema: WorkflowStartedResponseSchema, description: 'Terminated' },
  errors: [401, 404],
  async handler({ body, deps, user }) {
    const reason = body.reason?.trim() || `Terminated by ${user?.email ?? 'an operator'}`;
    const { outcome, status } = await deps.workflows.terminate(body.workflowId, reason);
    if (outcome === 'not_found') throw notFound(`Workflow ${body.workflowId} not found`);
    if (outcome === 'not_running') throw badRequest(`Workflow ${body.workflowId} is not running (status ${status})`);
    return { success: true, workflowId: body.workflowId, message: 'Workflow terminated' };
  },
});
