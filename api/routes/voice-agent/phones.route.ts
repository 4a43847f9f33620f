import { defineRoute } from '../../http/route';
import { withOrgVoiceProvider } from '../../use-cases/voice-agent-calls';
import { MessageResponseSchema, OrgQuerySchema, PhoneParamsSchema, PhoneSchema, PhoneUpdateBodySchema } from './outbound.schema';

const common = {
  path: '/voice-agent/phones/:provider/:phoneId',
  tag: 'Voice agent',
  access: { kind: 'org' as const, orgIdOf: ({ query }: { query: { orgId: string } }) => query.orgId },
  errors: [307, 401, 404] as (307 | 401 | 404)[],
};

export const getPhoneRoute = defineRoute({
  ...common,
  method: 'get',
  summary: 'The agents a phone number answers and dials with, on one voice platform (spec 000 §7)',
  request: { query: OrgQuerySchema, params: PhoneParamsSchema },
  response: { schema: PhoneSchema, description: 'The phone assignment' },
  handler: ({ params, orgId, req, deps }) =>
    withOrgVoiceProvider(deps, orgId!, req.correlationId, (p) => p.getPhone(params.phoneId), { provider: params.provider, notFoundMessage: 'Phone not found' }),
});

export const updatePhoneRoute = defineRoute({
  ...common,
  method: 'put',
  summary: 'Assign the inbound and outbound agents and the name of a phone number; null unassigns (spec 000 §7)',
  request: { query: OrgQuerySchema, params: PhoneParamsSchema, body: PhoneUpdateBodySchema },
  response: { schema: MessageResponseSchema, description: 'The phone was updated' },
  async handler({ params, body, orgId, req, deps }) {
    await withOrgVoiceProvider(deps, orgId!, req.correlationId, (p) => p.updatePhone(params.phoneId, body), {
      provider: params.provider,
      notFoundMessage: 'Phone not found',
    });
    return { message: 'Phone updated' };
  },
});
