import { notFound } from '../../http/errors';
import { defineRoute } from '../../http/route';
import { commandOrigin } from '../../http/publish-command';
import { requireAgent, updateAgent } from '../../use-cases/agents';
import { AgentSchema, UpdateAgentJobTypesRequestSchema } from './agents.schema';

export const updateAgentJobTypesRoute = defineRoute({
  method: 'put',
  path: '/agent/job-types',
  summary: 'Sets the job types an agent may book (001 §3 "Job types update request"); they replace the stored ones',
  tag: 'Agents',
  access: {
    kind: 'org',
    async orgIdOf({ body }, deps) {
      const agent = await deps.agents.repository.findAgent(body.agentId);
      if (!agent) throw notFound('Agent not found');
      return agent.org_id;
    },
  },
  request: { body: UpdateAgentJobTypesRequestSchema },
  response: { schema: AgentSchema, description: 'The agent with its new job types; calls placed from now on book those' },
  errors: [307, 401, 404],
  async handler({ body, orgId, user, deps, req }) {
    return updateAgent(deps, await requireAgent(deps, body.agentId, orgId!), { job_types: body.jobTypes }, commandOrigin({ req, user }));
  },
});
