import type { EventOf } from '../../catalog';
import { SCHEDULING_RULE } from '../../schemas/capacity.events';
import { documentProjection } from '../projection';
import { sameJson } from '../same-json';
import { schedulingRulesStore, type SchedulingRuleDoc } from './scheduling-rules.repository';

type SchedulingRuleEvent = EventOf<'SchedulingRuleCreated'> | EventOf<'SchedulingRuleChanged'> | EventOf<'SchedulingRuleDeleted'>;

export function evolveSchedulingRule(state: SchedulingRuleDoc | null, event: SchedulingRuleEvent): SchedulingRuleDoc | null {
  const at = new Date(event.occurredAt);
  // A rule belongs to the org that created it; an event naming another org is not applied.
  if (state && state.orgId !== event.data.orgId) return state;
  switch (event.type) {
    case 'SchedulingRuleCreated':
      if (state) return state; // created once: a second create with the same id changes nothing
      return { id: event.data.ruleId, orgId: event.data.orgId, rule: event.data.rule, createdAt: at, updatedAt: at, deletedAt: null };
    case 'SchedulingRuleChanged':
      if (!state || state.deletedAt) return state;
      if (sameJson(state.rule, event.data.rule)) return state;
      return { ...state, rule: event.data.rule, updatedAt: at };
    case 'SchedulingRuleDeleted':
      if (!state || state.deletedAt) return state;
      return { ...state, deletedAt: at, updatedAt: at };
  }
}

export const schedulingRulesProjection = documentProjection<SchedulingRuleDoc, SchedulingRuleEvent>({
  name: 'scheduling-rules',
  aggregateTypes: [SCHEDULING_RULE],
  handles: ['SchedulingRuleCreated', 'SchedulingRuleChanged', 'SchedulingRuleDeleted'],
  documentId: (e) => e.data.ruleId,
  evolve: evolveSchedulingRule,
  store: schedulingRulesStore,
});
