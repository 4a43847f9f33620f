import { defineRoute } from '../../http/route';
import { withOrgVoiceProvider } from '../../use-cases/voice-agent-calls';
import { MessageResponseSchema, OrgQuerySchema, VoicemailBodySchema, VoicemailParamsSchema } from './outbound.schema';

export const updateVoicemailRoute = defineRoute({
  method: 'put',
  path: '/voice-agent/agents/:agentId/voicemail',
  summary: 'What the agent does on reaching voicemail: hangup, static_text {text} or prompt {text} (spec 000 §3 Voicemail action)',
  tag: 'Voice agent',
  access: { kind: 'org', orgIdOf: ({ query }) => query.orgId },
  request: { query: OrgQuerySchema, params: VoicemailParamsSchema, body: VoicemailBodySchema },
  response: { schema: MessageResponseSchema, description: 'The setting was saved' },
  errors: [307, 401, 404],
  async handler({ params, body, orgId, req, deps }) {
    await withOrgVoiceProvider(deps, orgId!, req.correlationId, (p) => p.updateVoicemailAction(params.agentId, body.voicemailAction), {
      notFoundMessage: 'Agent not found',
    });
    return { message: 'Voicemail settings updated' };
  },
});
