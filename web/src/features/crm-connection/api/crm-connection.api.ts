import useSWR from 'swr';
import type { z } from 'zod';
import { CrmConnectionResponseSchema } from '@contracts/crm-connection.contract';
import { ApiError, apiClient } from '../../../lib/api-client';
import type { SaveCrmConnectionBody } from '../crm-connection-form';

// crm_config arrives with every secret masked (**** or ****abcd).
export type CrmConnection = z.infer<typeof CrmConnectionResponseSchema>;

const keyOf = (orgId: string) => `/org/crm-connection?orgId=${encodeURIComponent(orgId)}`;

export function useCrmConnection(orgId: string | null) {
  return useSWR<CrmConnection>(orgId ? keyOf(orgId) : null, (path: string) => apiClient.get(path, CrmConnectionResponseSchema));
}

export function saveCrmConnection(body: SaveCrmConnectionBody) {
  return apiClient.put('/org/crm-connection', body, CrmConnectionResponseSchema);
}

/** The API answers 401 to anyone who is not an admin of the organization (or an operator). */
export const isNotOrgAdmin = (error: unknown): boolean => error instanceof ApiError && error.status === 401;
