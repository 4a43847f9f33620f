import useSWR from 'swr';
import { apiClient } from '../../../lib/api-client';
import { type WorkflowActionResult, WorkflowActionResultSchema } from '../../admin-workflows/api/workflow.schema';
import { type OnboardingRequest, type OrganizationList, OrganizationListSchema } from './organizations.schema';

export const ORGANIZATION_LIST_KEY = '/organizations';

export function useOrganizationList() {
  return useSWR<OrganizationList>(ORGANIZATION_LIST_KEY, (path: string) => apiClient.get(path, OrganizationListSchema));
}

export function startOnboarding(request: OnboardingRequest): Promise<WorkflowActionResult> {
  return apiClient.post('/onboarding', request, WorkflowActionResultSchema);
}
