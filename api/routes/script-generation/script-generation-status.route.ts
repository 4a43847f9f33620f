import { defineRoute } from '../../http/route';
import { scriptGenerationStatus } from '../../use-cases/script-generation';
import { ScriptGenerationStatusQuerySchema, ScriptGenerationStatusSchema } from './script-generation.schema';

export const scriptGenerationStatusRoute = defineRoute({
  method: 'get',
  path: '/script-generator/status',
  summary: "A script generation's progress: its step while it runs, the variables it wrote, or why it failed",
  tag: 'Agents',
  access: { kind: 'org', orgIdOf: ({ query }) => query.orgId },
  request: { query: ScriptGenerationStatusQuerySchema },
  response: { schema: ScriptGenerationStatusSchema, description: 'The run' },
  errors: [307, 401, 404],
  handler: ({ query, deps }) => scriptGenerationStatus(deps, query.orgId, query.workflowId),
});
