import { toZonedParts } from '../../../domain/time/zoned-time';
import { ruleState } from '../../../domain/capacity/scheduling-rules';
import { notFound } from '../../http/errors';
import { defineRoute } from '../../http/route';
import { ListRulesQuerySchema, RuleListSchema } from './scheduling-rules.schema';

export const listSchedulingRulesRoute = defineRoute({
  method: 'get',
  path: '/org/scheduling-rules',
  summary: "The org's scheduling rules (spec 001 §2.11)",
  tag: 'Capacity',
  access: { kind: 'org', orgIdOf: ({ query }) => query.id ?? query.orgId ?? null },
  request: { query: ListRulesQuerySchema },
  response: { schema: RuleListSchema, description: 'Rules in the order they were created, each with whether it is in force today' },
  errors: [307, 401, 404],
  async handler({ orgId, deps }) {
    const org = await deps.organizations.findById(orgId!);
    if (!org) throw notFound('Organization not found');
    const today = toZonedParts(new Date(), org.timezone).date;
    const rules = await deps.capacity.repository.listRules(orgId!);
    return { rules: rules.map((r) => ({ ...r, state: ruleState(r, today) })) };
  },
});
