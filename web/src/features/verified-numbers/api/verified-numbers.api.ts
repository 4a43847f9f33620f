import useSWR from 'swr';
import { apiClient } from '../../../lib/api-client';
import {
  DeletedSchema,
  ValidationRequestAnswerSchema,
  VerifiedCallerIdListSchema,
  VerifiedCallerIdSchema,
  type AddVerifiedCallerIdRequest,
} from '@contracts/verified-caller-ids.contract';

export type { VerifiedCallerId } from '@contracts/verified-caller-ids.contract';

export function useVerifiedNumbers(orgId: string | null) {
  return useSWR(orgId ? ['/verified-caller-ids/by-org', orgId] : null, () =>
    apiClient.get(`/verified-caller-ids/by-org/${encodeURIComponent(orgId!)}`, VerifiedCallerIdListSchema),
  );
}

const path = (id: string) => `/verified-caller-ids/${encodeURIComponent(id)}`;

export const addVerifiedNumber = (request: AddVerifiedCallerIdRequest) => apiClient.post('/verified-caller-ids', request, VerifiedCallerIdSchema);

export const renameVerifiedNumber = (orgId: string, id: string, friendlyName: string) =>
  apiClient.put(path(id), { org_id: orgId, friendly_name: friendlyName }, VerifiedCallerIdSchema);

export const deleteVerifiedNumber = (orgId: string, id: string) => apiClient.delete(`${path(id)}?orgId=${encodeURIComponent(orgId)}`, undefined, DeletedSchema);

/** Asks the telephony provider whether the number is verified now. */
export const refreshVerifiedNumber = (orgId: string, id: string) => apiClient.post(`${path(id)}/refresh`, { org_id: orgId }, VerifiedCallerIdSchema);

/** Offline telephony: the code entered here stands in for the keypad on the provider's call. */
export const confirmVerifiedNumber = (orgId: string, id: string, code: string) =>
  apiClient.post(`${path(id)}/confirm`, { org_id: orgId, validation_code: code }, VerifiedCallerIdSchema);

/** Another verification call with a new code. */
export const requestNewCode = (orgId: string, phoneNumber: string) =>
  apiClient.post('/integrations/twilio/validation-request', { orgId, phoneNumber }, ValidationRequestAnswerSchema);
