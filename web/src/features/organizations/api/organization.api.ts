import useSWR from 'swr';
import { apiClient } from '../../../lib/api-client';
import { OrgSchema } from '@contracts/org.contract';
import type { Organization } from './organization.schema';

export function useOrganization(orgId: string | null) {
  return useSWR<Organization>(orgId ? `/org?id=${encodeURIComponent(orgId)}` : null, (path: string) => apiClient.get(path, OrgSchema));
}
