import { badRequest, notFound } from '../../http/errors';
import { defineRoute } from '../../http/route';
import { authorizeToolCall } from '../../use-cases/authorize-tool-call';
import { readToolRequest } from '../../../activities/agent-tools/tool-request';
import { runVoiceAgentTool } from '../../use-cases/agent-tools';
import { ToolBodySchema, ToolParamsSchema, ToolQuerySchema, ToolResponseSchema } from './tool.schema';

export const voiceAgentToolRoute = defineRoute({
  method: 'post',
  path: '/voice-agent/tool/:orgId',
  summary: 'A tool call from a voice or chat agent: X-Tool-Secret header or operator token (spec 000 §7 "Agent tool calls")',
  tag: 'Voice agent',
  // Checked in the handler: the caller is a voice platform holding the org's secret, not a staff session.
  access: { kind: 'public' },
  request: { params: ToolParamsSchema, query: ToolQuerySchema, body: ToolBodySchema },
  response: { schema: ToolResponseSchema, description: 'The answer for the agent' },
  errors: [401, 404],
  async handler({ params, query, body, req, deps }) {
    await authorizeToolCall(deps, req, params.orgId);
    const org = await deps.organizations.findById(params.orgId);
    if (!org) throw notFound('Organization not found');
    const request = readToolRequest(body);
    if (!request) throw badRequest('Send {tool, args} with the tool type and its parameters');
    const answer = await runVoiceAgentTool(deps, org, { ...request, enforceDoNotService: query.doNotService }, req.correlationId);
    return request.toolCallId ? { ...answer, results: [{ toolCallId: request.toolCallId, result: answer.result }] } : answer;
  },
});
