import type { Request } from 'express';
import type { ApiDeps } from '../../deps';
import { notFound } from '../../http/errors';
import { defineRoute } from '../../http/route';
import type { CustomTool } from '../../../activities/agent-tools/tool-schemas';
import { buildAgentToolSchemas } from '../../use-cases/agent-tools';
import {
  AgentToolsParamsSchema,
  AgentToolsQuerySchema,
  AgentToolsResponseSchema,
  ToolSchemasBodySchema,
  ToolSchemasResponseSchema,
} from './agent-tools.schema';

/** Where the platforms call the tools: the public URL when configured, else the host this request came to. */
const apiBaseUrl = (deps: ApiDeps, req: Request) => deps.delivery.publicApiUrl ?? `${req.protocol}://${req.get('host')}`;

async function schedulingFlags(deps: ApiDeps, orgId: string) {
  const view = await deps.capacity.repository.view(orgId);
  return { has_zones: view?.feature_flags.has_zones ?? false, full_reschedule_and_cancel: view?.feature_flags.full_reschedule_and_cancel ?? false };
}

export const agentToolsRoute = defineRoute({
  method: 'get',
  path: '/voice-agent/agents/:agentId/tools',
  summary:
    "An agent's tools as its voice platform is configured with them: template tools on /voice-agent/tool/{org_id}, feature-flag swaps applied (spec 000 §7)",
  tag: 'Voice agent',
  access: { kind: 'org', orgIdOf: ({ query }) => query.orgId },
  request: { params: AgentToolsParamsSchema, query: AgentToolsQuerySchema },
  response: { schema: AgentToolsResponseSchema, description: 'The tools' },
  errors: [307, 401, 404],
  async handler({ params, query, deps, req }) {
    const agent = await deps.webCalls.agents.findAgent(query.orgId, params.agentId);
    if (!agent) throw notFound('Agent not found');
    const tools = buildAgentToolSchemas({
      orgId: query.orgId,
      apiBaseUrl: apiBaseUrl(deps, req),
      templateTools: agent.tools,
      flags: await schedulingFlags(deps, query.orgId),
    });
    return { agent_id: agent.id, agent_type: agent.agentType, tools };
  },
});

export const toolSchemasRoute = defineRoute({
  method: 'post',
  path: '/voice-agent/tool-schemas',
  summary: 'The tools an agent configuration gives (template tool types and custom tools); an unknown type is refused with the spec message',
  tag: 'Voice agent',
  access: { kind: 'operator' },
  request: { body: ToolSchemasBodySchema },
  response: { schema: ToolSchemasResponseSchema, description: 'The tools' },
  errors: [401, 404],
  async handler({ body, deps, req }) {
    if (!(await deps.organizations.findById(body.orgId))) throw notFound('Organization not found');
    const tools = buildAgentToolSchemas({
      orgId: body.orgId,
      apiBaseUrl: apiBaseUrl(deps, req),
      templateTools: body.template_tools,
      customTools: body.custom_tools as CustomTool[],
      flags: await schedulingFlags(deps, body.orgId),
    });
    return { tools };
  },
});
