import { notFound } from '../../http/errors';
import { defineRoute } from '../../http/route';
import { authorizeToolCall } from '../../use-cases/authorize-tool-call';
import { answerVoiceToolCall } from '../../use-cases/voice-tool-call';
import { ToolBodySchema, ToolParamsSchema, ToolQuerySchema, ToolResponseSchema } from './tool.schema';

export const voiceAgentToolRoute = defineRoute({
  method: 'post',
  path: '/voice-agent/tool/:orgId',
  summary:
    'A tool call from a voice or chat agent, in its platform’s shape (?provider= for Bland and Synthflow): X-Tool-Secret header or operator token (spec 000 §7 "Agent tool calls")',
  tag: 'Voice agent',
  // Checked in the handler: the caller is a voice platform holding the org's secret, not a staff session.
  access: { kind: 'public' },
  request: { params: ToolParamsSchema, query: ToolQuerySchema, body: ToolBodySchema },
  response: { schema: ToolResponseSchema, description: 'The answer for the agent, in the shape its platform reads' },
  errors: [401, 404],
  async handler({ params, query, body, req, deps }) {
    await authorizeToolCall(deps, req, params.orgId);
    const org = await deps.organizations.findById(params.orgId);
    if (!org) throw notFound('Organization not found');
    return answerVoiceToolCall(deps, { org, body, provider: query.provider, enforceDoNotService: query.doNotService, correlationId: req.correlationId });
  },
});
