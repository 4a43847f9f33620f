import { unauthorized } from '../../http/errors';
import { defineRoute } from '../../http/route';
import { startScriptGeneration } from '../../use-cases/script-generation';
import { ScriptGeneratorRequestSchema, WorkflowStartedResponseSchema } from './script-generation.schema';

export const scriptGeneratorRoute = defineRoute({
  method: 'post',
  path: '/script-generator',
  summary: "Starts the agent's script generation from the company's website (operators and the organization's admins)",
  tag: 'Admin',
  access: { kind: 'org', orgIdOf: ({ body }) => body.uuid },
  request: { body: ScriptGeneratorRequestSchema },
  response: { schema: WorkflowStartedResponseSchema, description: 'The generation run (a repeat joins the run going)' },
  errors: [307, 401, 404],
  async handler({ body, deps, user, orgId, req }) {
    if (!(await deps.staff.canManageOrganization(user!, orgId!))) throw unauthorized("Only an admin of the organization may generate an agent's script");
    return startScriptGeneration(deps, body, req.correlationId);
  },
});
