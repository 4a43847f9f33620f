import { defineRoute } from '../../http/route';
import { OrgAgentsQuerySchema, OrgAgentsResponseSchema } from './agents.schema';

export const listOrgAgentsRoute = defineRoute({
  method: 'get',
  path: '/org/agents',
  summary: "The organization's recorded agents (the dashboard's Agents page); an agent type without one runs as its default agent",
  tag: 'Agents',
  access: { kind: 'org', orgIdOf: ({ query }) => query.orgId },
  request: { query: OrgAgentsQuerySchema },
  response: { schema: OrgAgentsResponseSchema, description: 'The agents, oldest first' },
  errors: [307, 401],
  handler: async ({ orgId, deps }) => ({ agents: await deps.agents.repository.listAgents(orgId!) }),
});
