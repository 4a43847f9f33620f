import useSWR from 'swr';
import { apiClient } from '../../../lib/api-client';
import { DeleteRuleResponseSchema, RuleListSchema, SchedulingRuleSchema } from '@contracts/scheduling-rules.contract';
import type { RuleFields } from './scheduling-rules.schema';

export function useSchedulingRules(orgId: string | null) {
  return useSWR(orgId ? ['/org/scheduling-rules', orgId] : null, () => apiClient.get(`/org/scheduling-rules?id=${encodeURIComponent(orgId!)}`, RuleListSchema));
}

/** The client names the id, so a retried save does not create the rule twice. */
export function createSchedulingRule(orgId: string, id: string, rule: RuleFields) {
  return apiClient.post('/org/scheduling-rules', { orgId, data: [{ id, ...rule }] }, RuleListSchema);
}

export function updateSchedulingRule(orgId: string, id: string, changes: Partial<RuleFields>) {
  return apiClient.put(`/org/scheduling-rules/${encodeURIComponent(id)}`, { orgId, data: { id, ...changes } }, SchedulingRuleSchema);
}

export function deleteSchedulingRule(orgId: string, id: string) {
  return apiClient.delete(`/org/scheduling-rules/${encodeURIComponent(id)}`, { orgId }, DeleteRuleResponseSchema);
}
