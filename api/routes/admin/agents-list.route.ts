import { defineRoute } from '../../http/route';
import { AgentsListQuerySchema, AgentsListResponseSchema } from '../agents/agents.schema';

export const listAgentsAdminRoute = defineRoute({
  method: 'get',
  path: '/agents',
  summary: "An organization's recorded agents (admin, 000 §7); requireJobTypes=true keeps those with job types",
  tag: 'Admin',
  access: { kind: 'operator' },
  request: { query: AgentsListQuerySchema },
  response: { schema: AgentsListResponseSchema, description: 'The agents, oldest first' },
  errors: [401],
  async handler({ query, deps }) {
    const agents = await deps.agents.repository.listAgents(query.orgId);
    return {
      agents: agents
        .filter((a) => !query.requireJobTypes || a.job_types.length > 0)
        .map((a) => ({ id: a.id, agent_type: a.agent_type, friendly_name: a.friendly_name, job_types_count: a.job_types.length })),
    };
  },
});
