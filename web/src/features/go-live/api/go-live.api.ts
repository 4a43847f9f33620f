import useSWR from 'swr';
import { GoLiveChecklistSchema, GoLiveResponseSchema, type GoLiveChecklistResponse } from '@contracts/go-live.contract';
import { ApiError, apiClient } from '../../../lib/api-client';

export type GoLiveChecklist = GoLiveChecklistResponse;

const keyOf = (orgId: string) => `/org/go-live?orgId=${encodeURIComponent(orgId)}`;

export function useGoLiveChecklist(orgId: string | null) {
  return useSWR<GoLiveChecklist>(orgId ? keyOf(orgId) : null, (path: string) => apiClient.get(path, GoLiveChecklistSchema));
}

export function takeLive(orgId: string) {
  return apiClient.post('/org/go-live', { orgId }, GoLiveResponseSchema);
}

/** The API answers 401 to a member who is not an admin of the organization. */
export const isNotOrgAdmin = (error: unknown): boolean => error instanceof ApiError && error.status === 401;
