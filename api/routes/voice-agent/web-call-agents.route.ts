import { defineRoute } from '../../http/route';
import { WebCallAgentsQuerySchema, WebCallAgentsResponseSchema } from './web-call.schema';

export const webCallAgentsRoute = defineRoute({
  method: 'get',
  path: '/voice-agent/web-call/agents',
  summary: "The organization's in-house agents a web call can be placed with, one default agent per agent type",
  tag: 'Web calls',
  access: { kind: 'org', orgIdOf: ({ query }) => query.orgId },
  request: { query: WebCallAgentsQuerySchema },
  response: { schema: WebCallAgentsResponseSchema, description: 'The agents' },
  errors: [307, 401],
  async handler({ query, deps }) {
    const agents = await deps.webCalls.agents.listAgents(query.orgId);
    return { agents: agents.map((a) => ({ id: a.id, agent_type: a.agentType, friendly_name: a.friendlyName, job_types_count: a.jobTypes.length })) };
  },
});
