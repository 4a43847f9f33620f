import { z } from 'zod';
import { keptRawBodyOf } from '../../http/raw-body';
import { notFound } from '../../http/errors';
import { defineRoute } from '../../http/route';
import { answerIncomingCall } from '../../use-cases/answer-incoming-call';
import { IncomingCallBodySchema, IncomingCallParamsSchema, IncomingCallQuerySchema, IncomingCallResponseSchema } from './outbound.schema';

/**
 * Spec 000 §7 POST /incoming-call/{orgId}: the platform asks which agent answers a call to one of the
 * org's numbers. Answered with the number's inbound agent when one is assigned, and the call's numbers
 * as dynamic variables either way (the platform's default agent answers otherwise).
 */
export const incomingCallRoute = defineRoute({
  method: 'post',
  path: '/voice-agent/incoming-call/:orgId',
  summary: 'Inbound call from a voice platform: which agent answers, and its dynamic variables; signed once the org has any webhook secret',
  tag: 'Voice agent',
  access: { kind: 'public' },
  request: { params: IncomingCallParamsSchema, query: IncomingCallQuerySchema, body: IncomingCallBodySchema },
  response: { schema: IncomingCallResponseSchema, description: 'The agent and variables for the call' },
  errors: [401, 404],
  async handler({ params, query, body, req, deps }) {
    const org = z.uuid().safeParse(params.orgId).success ? await deps.organizations.findById(params.orgId) : null;
    if (!org) throw notFound('Organization not found');
    return answerIncomingCall(deps, {
      org,
      provider: query.provider,
      headers: req.headers,
      rawBody: keptRawBodyOf(req),
      numbers: body,
      correlationId: req.correlationId,
    });
  },
});
