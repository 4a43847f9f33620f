import { defineRoute } from '../../http/route';
import { commandOrigin } from '../../http/publish-command';
import { createAgent } from '../../use-cases/agents';
import { AgentSchema, CreateAgentRequestSchema } from './agents.schema';

export const createAgentRoute = defineRoute({
  method: 'post',
  path: '/agent',
  summary: "Creates an agent of the organization (001 §7 POST /agent) with its type's default script and the CRM's job types",
  tag: 'Agents',
  access: { kind: 'org', orgIdOf: ({ body }) => body.org_id },
  request: { body: CreateAgentRequestSchema },
  response: { status: 201, schema: AgentSchema, description: 'The agent created; the lists follow the event' },
  errors: [307, 401, 404],
  handler: ({ body, user, deps, req }) => createAgent(deps, body, commandOrigin({ req, user })),
});
