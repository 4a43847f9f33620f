import useSWR from 'swr';
import { apiClient } from '../../../lib/api-client';
import { type Organization, OrganizationSchema } from './organization.schema';

export function useOrganization(orgId: string | null) {
  return useSWR<Organization>(orgId ? `/org?id=${encodeURIComponent(orgId)}` : null, (path: string) =>
    apiClient.get(path, OrganizationSchema),
  );
}
