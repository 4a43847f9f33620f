import { notFound } from '../../http/errors';
import { defineRoute } from '../../http/route';
import { commandOrigin } from '../../http/publish-command';
import { requireAgent, updateAgent } from '../../use-cases/agents';
import { AgentSchema, UpdateAgentRequestSchema } from './agents.schema';

export const updateAgentRoute = defineRoute({
  method: 'put',
  path: '/agent',
  summary: 'Edits an agent (001 §7 PUT /agent): only the fields sent change',
  tag: 'Agents',
  access: {
    kind: 'org',
    async orgIdOf({ body }, deps) {
      const agent = await deps.agents.repository.findAgent(body.agent_id);
      if (!agent) throw notFound('Agent not found');
      return agent.org_id;
    },
  },
  request: { body: UpdateAgentRequestSchema },
  response: { schema: AgentSchema, description: 'The agent as edited; the lists follow the event' },
  errors: [307, 401, 404],
  async handler({ body, orgId, user, deps, req }) {
    const { agent_id: agentId, ...update } = body;
    return updateAgent(deps, await requireAgent(deps, agentId, orgId!), update, commandOrigin({ req, user }));
  },
});
