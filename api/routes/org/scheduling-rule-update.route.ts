import { toZonedParts } from '../../../domain/time/zoned-time';
import { ruleState, SchedulingRuleFieldsSchema } from '../../../domain/capacity/scheduling-rules';
import { badRequest, notFound, validationError } from '../../http/errors';
import { defineRoute } from '../../http/route';
import { commandOrigin, publishCommand } from '../../http/publish-command';
import { RuleParamsSchema, SchedulingRuleSchema, UpdateRuleBodySchema } from './scheduling-rules.schema';

export const updateSchedulingRuleRoute = defineRoute({
  method: 'put',
  path: '/org/scheduling-rules/:ruleId',
  summary: 'Edits a scheduling rule (spec 001 §2.11): the fields sent replace the stored ones',
  tag: 'Capacity',
  access: { kind: 'org', orgIdOf: ({ body }) => body.orgId },
  request: { params: RuleParamsSchema, body: UpdateRuleBodySchema },
  response: { schema: SchedulingRuleSchema, description: 'The rule as edited; the list follows the event' },
  errors: [307, 401, 404],
  async handler({ params, body, orgId, user, deps, req }) {
    if (body.data.id !== undefined && body.data.id !== params.ruleId) throw badRequest('data.id must be the id of the rule in the path');
    const found = await deps.capacity.repository.findRule(params.ruleId);
    if (!found || found.orgId !== orgId) throw notFound('Scheduling rule not found');
    const org = await deps.organizations.findById(orgId!);
    if (!org) throw notFound('Organization not found');
    const { id: _id, ...current } = found.rule;
    const { id: _sent, ...changes } = body.data;
    const merged = SchedulingRuleFieldsSchema.safeParse({ ...current, ...Object.fromEntries(Object.entries(changes).filter(([, v]) => v !== undefined)) });
    if (!merged.success) throw validationError(merged.error);
    await publishCommand(deps.capacity.events, commandOrigin({ req, user }), [
      { type: 'SchedulingRuleChanged', aggregateId: params.ruleId, orgId: orgId!, data: { orgId: orgId!, ruleId: params.ruleId, rule: merged.data } },
    ]);
    return { id: params.ruleId, ...merged.data, state: ruleState(merged.data, toZonedParts(new Date(), org.timezone).date) };
  },
});
