import { notFound } from '../../http/errors';
import { defineRoute } from '../../http/route';
import type { ApiDeps } from '../../deps';
import { toCallDetails } from './call-view';
import { CallDetailsResponseSchema, CallRetrieveRequestSchema } from './calls.schema';

/** The job types of the agent that took the call; none when the agent is unknown or the CRM cannot be reached. */
async function agentJobTypes(deps: ApiDeps, orgId: string, agentId: string | null) {
  if (!agentId) return [];
  try {
    const agent = await deps.webCalls.agents.findAgent(orgId, agentId);
    return (agent?.jobTypes ?? []).map(({ id, name, businessUnitId }) => ({ id, name, businessUnitId }));
  } catch {
    return [];
  }
}

export const callRetrieveRoute = defineRoute({
  method: 'post',
  path: '/call/retrieve',
  summary: 'One call with its transcript, summary, events, review state and latest evaluation (spec 001 §2.4)',
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
    const [row, org] = await Promise.all([deps.calls.interactions.findCall(body.callId), deps.organizations.findById(orgId!)]);
    if (!row || !org) throw notFound('Call not found');
    const [jobs, jobTypes, evaluation] = await Promise.all([
      deps.calls.interactions.listJobs([row.id]),
      agentJobTypes(deps, org.id, row.voiceAgentId),
      deps.calls.evaluations.findLatestForInteraction(org.id, row.id),
    ]);
    return toCallDetails(row, { timezone: org.timezone, crmName: org.crmName, jobs, jobTypes, evaluation });
  },
});
