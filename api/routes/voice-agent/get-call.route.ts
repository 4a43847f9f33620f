import { defineRoute } from '../../http/route';
import { withOrgVoiceProvider } from '../../use-cases/voice-agent-calls';
import { CallWithInteractionSchema, GetCallParamsSchema, GetCallQuerySchema } from './outbound.schema';

export const getCallRoute = defineRoute({
  method: 'get',
  path: '/voice-agent/calls/:callId',
  summary: 'One call from the voice platform (voiceAgentProvider overrides the org default), with its interaction when needInteraction=true',
  tag: 'Voice agent',
  access: { kind: 'org', orgIdOf: ({ query }) => query.orgId },
  request: { query: GetCallQuerySchema, params: GetCallParamsSchema },
  response: { schema: CallWithInteractionSchema, description: 'The call' },
  errors: [307, 401, 404],
  async handler({ query, params, orgId, req, deps }) {
    const call = await withOrgVoiceProvider(deps, orgId!, req.correlationId, (provider) => provider.getCall(params.callId), {
      provider: query.voiceAgentProvider,
      notFoundMessage: 'Call not found',
    });
    if (!query.needInteraction) return call;
    const row = await deps.calls.interactions.findByProviderCall(orgId!, call.provider, call.providerCallId);
    return { ...call, interaction: row ? { id: row.id, call_status: row.callStatus, tags: row.tags } : null };
  },
});
