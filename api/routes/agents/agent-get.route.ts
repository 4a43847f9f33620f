import { notFound } from '../../http/errors';
import { defineRoute } from '../../http/route';
import { AgentParamsSchema, AgentSchema } from './agents.schema';

export const getAgentRoute = defineRoute({
  method: 'get',
  path: '/agent/:agentId',
  summary: 'One agent of an organization the user belongs to',
  tag: 'Agents',
  // The org is the agent's: an unknown agent and another organization's answer the same 404, so ids cannot be probed.
  access: { kind: 'session' },
  request: { params: AgentParamsSchema },
  response: { schema: AgentSchema, description: 'The agent' },
  errors: [307, 404],
  async handler({ params, user, deps }) {
    const agent = await deps.agents.repository.findAgent(params.agentId);
    if (!agent || !(await deps.staff.canAccessOrganization(user!, agent.org_id))) throw notFound('Agent not found');
    return agent;
  },
});
