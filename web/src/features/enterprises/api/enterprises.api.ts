import useSWR from 'swr';
import { z } from 'zod';
import {
  AddOrganizationToEnterpriseRequestSchema,
  CreateEnterpriseRequestSchema,
  EnterpriseChangeResponseSchema,
  EnterpriseSchema,
  EnterprisesListSchema,
  type Enterprise,
  type EnterprisesList,
} from '@contracts/enterprise.contract';
import { apiClient } from '../../../lib/api-client';

export type { Enterprise, EnterprisesList };
export { AddOrganizationToEnterpriseRequestSchema, CreateEnterpriseRequestSchema };

export function useEnterprise(id: string | null) {
  return useSWR<Enterprise>(id ? `/enterprise?id=${encodeURIComponent(id)}` : null, (path: string) => apiClient.get(path, EnterpriseSchema));
}

export function useEnterprises() {
  return useSWR<EnterprisesList>('/enterprises', (path: string) => apiClient.get(path, EnterprisesListSchema));
}

export function createEnterprise(body: z.input<typeof CreateEnterpriseRequestSchema>) {
  return apiClient.post('/enterprise', body, EnterpriseSchema);
}

export function addOrganizationToEnterprise(body: z.input<typeof AddOrganizationToEnterpriseRequestSchema>) {
  return apiClient.put('/enterprise/organizations', body, EnterpriseChangeResponseSchema);
}
