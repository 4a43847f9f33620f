import useSWR from 'swr';
import { z } from 'zod';
import { ApiError, apiClient } from '../../../lib/api-client';
import type { SaveCrmConnectionBody } from '../crm-connection-form';

// Mirrors api/routes/org/crm-connection.schema.ts. crm_name is read as any string so a CRM this page
// does not know yet is still shown; crm_config arrives with every secret masked (**** or ****abcd).
export const CrmConnectionSchema = z.object({
  orgId: z.string(),
  connected: z.boolean(),
  crm_name: z.string().nullable(),
  crm_config: z.record(z.string(), z.unknown()).nullable(),
});
export type CrmConnection = z.infer<typeof CrmConnectionSchema>;

const keyOf = (orgId: string) => `/org/crm-connection?orgId=${encodeURIComponent(orgId)}`;

export function useCrmConnection(orgId: string | null) {
  return useSWR<CrmConnection>(orgId ? keyOf(orgId) : null, (path: string) => apiClient.get(path, CrmConnectionSchema));
}

export function saveCrmConnection(body: SaveCrmConnectionBody) {
  return apiClient.put('/org/crm-connection', body, CrmConnectionSchema);
}

/** The API answers 401 to anyone who is not an admin of the organization (or an operator). */
export const isNotOrgAdmin = (error: unknown): boolean => error instanceof ApiError && error.status === 401;
