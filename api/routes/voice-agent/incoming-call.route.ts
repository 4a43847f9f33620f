import { z } from 'zod';
import { isVoiceProviderError } from '../../../activities/voice/voice-provider.port';
import { notFound } from '../../http/errors';
import { defineRoute } from '../../http/route';
import { IncomingCallBodySchema, IncomingCallParamsSchema, IncomingCallResponseSchema } from './outbound.schema';

/**
 * Spec 000 §7 POST /incoming-call/{orgId}: the platform asks which agent answers a call to one of the
 * org's numbers. Answered with the number's inbound agent when one is assigned, and the call's numbers
 * as dynamic variables either way (the platform's default agent answers otherwise).
 */
export const incomingCallRoute = defineRoute({
  method: 'post',
  path: '/voice-agent/incoming-call/:orgId',
  summary: 'Inbound call from a voice platform: which agent answers, and its dynamic variables',
  tag: 'Voice agent',
  access: { kind: 'public' },
  request: { params: IncomingCallParamsSchema, body: IncomingCallBodySchema },
  response: { schema: IncomingCallResponseSchema, description: 'The agent and variables for the call' },
  errors: [404],
  async handler({ params, body, req, deps }) {
    const org = z.uuid().safeParse(params.orgId).success ? await deps.organizations.findById(params.orgId) : null;
    if (!org) throw notFound('Organization not found');
    const provider = await deps.voice.providers.forOrganization(org.id, req.correlationId);
    let agentId: string | null = null;
    try {
      agentId = (await provider.getPhone(body.to_number)).inboundAgentId;
    } catch (error) {
      if (!isVoiceProviderError(error) || error.code !== 'NOT_FOUND') throw error;
    }
    return {
      call_inbound: {
        ...(agentId ? { override_agent_id: agentId } : {}),
        dynamic_variables: { from_number: body.from_number, to_number: body.to_number, company_name: org.name },
        metadata: { org_id: org.id },
      },
    };
  },
});
