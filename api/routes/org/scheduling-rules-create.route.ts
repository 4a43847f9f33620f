import { randomUUID } from 'node:crypto';
import { toZonedParts } from '../../../domain/time/zoned-time';
import { ruleState } from '../../../domain/capacity/scheduling-rules';
import { notFound } from '../../http/errors';
import { defineRoute } from '../../http/route';
import { commandOrigin, publishCommand } from '../../http/publish-command';
import { CreateRulesBodySchema, RuleListSchema } from './scheduling-rules.schema';

export const createSchedulingRulesRoute = defineRoute({
  method: 'post',
  path: '/org/scheduling-rules',
  summary: 'Creates one or more scheduling rules (spec 001 §2.11)',
  tag: 'Capacity',
  access: { kind: 'org', orgIdOf: ({ body }) => body.orgId },
  request: { body: CreateRulesBodySchema },
  response: { status: 201, schema: RuleListSchema, description: 'The rules created; the list follows the events' },
  errors: [307, 401, 404],
  async handler({ body, orgId, user, deps, req }) {
    const org = await deps.organizations.findById(orgId!);
    if (!org) throw notFound('Organization not found');
    const today = toZonedParts(new Date(), org.timezone).date;
    const rules = body.data.map(({ id, ...rule }) => ({ id: id ?? randomUUID(), ...rule }));
    await publishCommand(
      deps.capacity.events,
      commandOrigin({ req, user }),
      rules.map(({ id, ...rule }) => ({ type: 'SchedulingRuleCreated', aggregateId: id, orgId: orgId!, data: { orgId: orgId!, ruleId: id, rule } })),
    );
    return { rules: rules.map((r) => ({ ...r, state: ruleState(r, today) })) };
  },
});
