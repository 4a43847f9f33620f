import useSWR from 'swr';
import { apiClient } from '../../../lib/api-client';
import { OrganizationsListResponseSchema, WorkflowStartedResponseSchema } from '@contracts/admin.contract';
import type { WorkflowActionResult } from '../../admin-workflows/api/workflow.schema';
import type { OnboardingRequest, OrganizationList } from './organizations.schema';

export const ORGANIZATION_LIST_KEY = '/organizations';

export function useOrganizationList() {
  return useSWR<OrganizationList>(ORGANIZATION_LIST_KEY, (path: string) => apiClient.get(path, OrganizationsListResponseSchema));
}

export function startOnboarding(request: OnboardingRequest): Promise<WorkflowActionResult> {
  return apiClient.post('/onboarding', request, WorkflowStartedResponseSchema);
}
