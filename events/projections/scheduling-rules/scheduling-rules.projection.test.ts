import { createEvent } from '../../catalog';
import { evolveSchedulingRule } from './scheduling-rules.projection';

const ORG_ID = '0b6f4c1e-6a51-4f0e-9d0c-8a4f1c2b3d4e';
const OTHER_ORG = '9b6f4c1e-6a51-4f0e-9d0c-8a4f1c2b3d4e';
const RULE_ID = '5a1d8d7e-1c2b-4a3d-9e8f-7a6b5c4d3e2f';
const rule = {
  name: 'Cap installs',
  conditions: [{ type: 'JobType' as const, values: ['101'] }],
  activation_period: { type: 'ongoing' as const },
  threshold: 60,
  status: true,
};
const envelope = (eventId: string, orgId = ORG_ID) => ({
  eventId,
  aggregateId: RULE_ID,
  orgId,
  correlationId: 'c',
  causationId: null,
  occurredAt: new Date('2026-03-01T12:00:00Z'),
});

const created = createEvent({
  ...envelope('11111111-1111-4111-8111-111111111111'),
  type: 'SchedulingRuleCreated',
  data: { orgId: ORG_ID, ruleId: RULE_ID, rule },
});
const edited = createEvent({
  ...envelope('22222222-2222-4222-8222-222222222222'),
  type: 'SchedulingRuleChanged',
  data: { orgId: ORG_ID, ruleId: RULE_ID, rule: { ...rule, threshold: 40 } },
});
const deleted = createEvent({ ...envelope('33333333-3333-4333-8333-333333333333'), type: 'SchedulingRuleDeleted', data: { orgId: ORG_ID, ruleId: RULE_ID } });

describe('scheduling rules read model', () => {
  it('creates, edits and tombstones a rule; each event twice changes nothing more', () => {
    const one = evolveSchedulingRule(null, created)!;
    expect(one).toMatchObject({ id: RULE_ID, orgId: ORG_ID, rule, deletedAt: null });
    expect(evolveSchedulingRule(one, created)).toBe(one);
    const two = evolveSchedulingRule(one, edited)!;
    expect(two.rule.threshold).toBe(40);
    expect(evolveSchedulingRule(two, edited)).toBe(two);
    const gone = evolveSchedulingRule(two, deleted)!;
    expect(gone.deletedAt).toEqual(new Date('2026-03-01T12:00:00Z'));
    expect(evolveSchedulingRule(gone, deleted)).toBe(gone);
    // A late redelivery of the creation or an edit does not bring it back.
    expect(evolveSchedulingRule(gone, created)).toBe(gone);
    expect(evolveSchedulingRule(gone, edited)).toBe(gone);
  });

  it("ignores an event that names another org's rule", () => {
    const one = evolveSchedulingRule(null, created)!;
    const foreign = createEvent({
      ...envelope('44444444-4444-4444-8444-444444444444', OTHER_ORG),
      type: 'SchedulingRuleDeleted',
      data: { orgId: OTHER_ORG, ruleId: RULE_ID },
    });
    expect(evolveSchedulingRule(one, foreign)).toBe(one);
  });
});
