import { defineRoute } from '../../http/route';
import { idempotencyKeyOf, withOrgVoiceProvider } from '../../use-cases/voice-agent-calls';
import { CreateCallBodySchema, CreateCallResponseSchema, OrgQuerySchema } from './outbound.schema';

export const createCallRoute = defineRoute({
  method: 'post',
  path: '/voice-agent/calls',
  summary: "Place an outbound call through the org's voice platform (spec 000 §3 Call creation); an Idempotency-Key header makes a retry place nothing new",
  tag: 'Voice agent',
  access: { kind: 'org', orgIdOf: ({ query }) => query.orgId },
  request: { query: OrgQuerySchema, body: CreateCallBodySchema },
  response: { status: 201, schema: CreateCallResponseSchema, description: 'The call was placed' },
  errors: [307, 401],
  handler: ({ body, orgId, req, deps }) =>
    withOrgVoiceProvider(deps, orgId!, req.correlationId, (provider) =>
      provider.createCall(body, { idempotencyKey: idempotencyKeyOf(req.header('idempotency-key'), 'call') }),
    ),
});
