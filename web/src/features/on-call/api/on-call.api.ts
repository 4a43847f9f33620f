import useSWR from 'swr';
import { apiClient } from '../../../lib/api-client';
import { CrmWorkersResponseSchema } from '@contracts/crm-workers.contract';
import { OncallRetrieveResponseSchema, OncallUpdateResponseSchema } from '@contracts/notifications.contract';
import type { CrmWorker, OnCallDay, OnCallMonth } from './on-call.schema';

export function useOnCallMonth(orgId: string | null, month: string) {
  return useSWR<OnCallMonth>(orgId ? ['/org/oncall/retrieve/new', orgId, month] : null, () =>
    apiClient.post('/org/oncall/retrieve/new', { orgId, month }, OncallRetrieveResponseSchema),
  );
}

export function useCrmWorkers(orgId: string | null, list: 'employees' | 'technicians') {
  return useSWR<CrmWorker[]>(
    orgId ? [`/crm/${list}`, orgId] : null,
    async () => (await apiClient.post(`/crm/${list}`, { orgId }, CrmWorkersResponseSchema)).data,
  );
}

export function saveOnCallMonth(orgId: string, month: string, assignments: OnCallDay[], cachedEmployeeDetails: Record<string, string>) {
  return apiClient.post('/org/oncall/update/new', { orgId, month, assignments, cached_employee_details: cachedEmployeeDetails }, OncallUpdateResponseSchema);
}
