import useSWR from 'swr';
import { CompanyProfileSchema, type CompanyProfileView } from '@contracts/company-profile.contract';
import { apiClient } from '../../../lib/api-client';
import type { CompanyProfilePatch } from '../company-profile-form';

export type CompanyProfile = CompanyProfileView;

const keyOf = (orgId: string) => `/org/company-profile?orgId=${encodeURIComponent(orgId)}`;

export function useCompanyProfile(orgId: string | null) {
  return useSWR<CompanyProfile>(orgId ? keyOf(orgId) : null, (path: string) => apiClient.get(path, CompanyProfileSchema));
}

export function updateCompanyProfile(body: CompanyProfilePatch) {
  return apiClient.patch('/org/company-profile', body, CompanyProfileSchema);
}
