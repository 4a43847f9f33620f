import { defineRoute } from '../../http/route';
import { withOrgVoiceProvider } from '../../use-cases/voice-agent-calls';
import { CallListSchema, ListCallsQuerySchema } from './outbound.schema';

export const listCallsRoute = defineRoute({
  method: 'get',
  path: '/voice-agent/calls',
  summary: "Calls on the org's voice platform, newest first, by assistant and creation window (spec 000 §7)",
  tag: 'Voice agent',
  access: { kind: 'org', orgIdOf: ({ query }) => query.orgId },
  request: { query: ListCallsQuerySchema },
  response: { schema: CallListSchema, description: 'The calls, as canonical call records' },
  errors: [307, 401],
  handler: ({ query, orgId, req, deps }) =>
    withOrgVoiceProvider(deps, orgId!, req.correlationId, (provider) =>
      provider.listCalls({
        assistantId: query.assistantId,
        limit: query.limit,
        createdAtGte: query.createdAtGte ? new Date(query.createdAtGte) : undefined,
        createdAtLte: query.createdAtLte ? new Date(query.createdAtLte) : undefined,
      }),
    ),
});
