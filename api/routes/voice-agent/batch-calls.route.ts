import { defineRoute } from '../../http/route';
import { idempotencyKeyOf, withOrgVoiceProvider } from '../../use-cases/voice-agent-calls';
import { BatchCallBodySchema, BatchCallResponseSchema, OrgQuerySchema } from './outbound.schema';

export const batchCallsRoute = defineRoute({
  method: 'post',
  path: '/voice-agent/batch-calls',
  summary: "Place a batch of outbound calls through the org's voice platform (spec 000 §3 Call creation)",
  tag: 'Voice agent',
  access: { kind: 'org', orgIdOf: ({ query }) => query.orgId },
  request: { query: OrgQuerySchema, body: BatchCallBodySchema },
  response: { status: 201, schema: BatchCallResponseSchema, description: 'The batch was created' },
  errors: [307, 401],
  handler: ({ body, orgId, req, deps }) =>
    withOrgVoiceProvider(deps, orgId!, req.correlationId, (provider) =>
      provider.createBatchCall(
        {
          fromNumber: body.from_number,
          tasks: body.tasks.map((t) => ({ toNumber: t.to_number, overrideAgentId: t.override_agent_id, dynamicVariables: t.dynamic_variables })),
          name: body.name,
          triggerTimestamp: body.trigger_timestamp,
        },
        { idempotencyKey: idempotencyKeyOf(req.header('idempotency-key'), 'batch') },
      ),
    ),
});
