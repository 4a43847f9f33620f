import { notFound } from '../../http/errors';
import { defineRoute } from '../../http/route';
import { toCallDetails } from './call-view';
import { CallDetailsResponseSchema, CallRetrieveRequestSchema } from './calls.schema';

export const callRetrieveRoute = defineRoute({
  method: 'post',
  path: '/call/retrieve',
  summary: 'One call with its transcript, summary, events and review state (spec 001 §2.4)',
  tag: 'Calls',
  access: {
    kind: 'org',
    async orgIdOf({ body }, deps) {
      const orgId = await deps.calls.interactions.orgIdOfCall(body.callId);
      if (!orgId) throw notFound('Call not found');
      return orgId;
    },
  },
  request: { body: CallRetrieveRequestSchema },
  response: { schema: CallDetailsResponseSchema, description: 'The call details' },
  errors: [307, 401, 404],
  async handler({ body, orgId, deps }) {
    const [row, org] = await Promise.all([deps.calls.interactions.findByCallId(body.callId), deps.organizations.findById(orgId!)]);
    if (!row || !org) throw notFound('Call not found');
    return toCallDetails(row, org.timezone);
  },
});
