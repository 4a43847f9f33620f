import { badRequest, notFound } from '../../http/errors';
import { defineRoute } from '../../http/route';
import { commandOrigin, publishCommand } from '../../http/publish-command';
import { DeleteRuleInputSchema, DeleteRuleResponseSchema, RuleParamsSchema } from './scheduling-rules.schema';

export const deleteSchedulingRuleRoute = defineRoute({
  method: 'delete',
  path: '/org/scheduling-rules/:ruleId',
  summary: 'Deletes a scheduling rule (spec 001 §2.11); orgId in the query or the body',
  tag: 'Capacity',
  access: {
    kind: 'org',
    orgIdOf: ({ query, body }) => {
      const orgId = query.orgId ?? body?.orgId;
      if (!orgId) throw badRequest('orgId is required');
      return orgId;
    },
  },
  request: { params: RuleParamsSchema, query: DeleteRuleInputSchema, body: DeleteRuleInputSchema },
  response: { schema: DeleteRuleResponseSchema, description: 'Deleted; the list follows the event' },
  errors: [307, 401, 404],
  async handler({ params, orgId, user, deps, req }) {
    const found = await deps.capacity.repository.findRule(params.ruleId);
    if (!found || found.orgId !== orgId) throw notFound('Scheduling rule not found');
    await publishCommand(deps.capacity.events, commandOrigin({ req, user }), [
      { type: 'SchedulingRuleDeleted', aggregateId: params.ruleId, orgId: orgId!, data: { orgId: orgId!, ruleId: params.ruleId } },
    ]);
    return { success: true as const };
  },
});
