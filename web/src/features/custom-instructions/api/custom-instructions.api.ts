import useSWR from 'swr';
import { CustomInstructionsViewSchema, type CustomInstructionsView } from '@contracts/custom-instructions.contract';
import { apiClient } from '../../../lib/api-client';
import type { SaveCustomInstructionsBody } from '../custom-instructions-form';

export type { CustomInstructionsView };

const keyOf = (orgId: string) => `/org/custom-instructions?orgId=${encodeURIComponent(orgId)}`;

export function useCustomInstructions(orgId: string | null) {
  return useSWR<CustomInstructionsView>(orgId ? keyOf(orgId) : null, (path: string) => apiClient.get(path, CustomInstructionsViewSchema));
}

export function saveCustomInstructions(body: SaveCustomInstructionsBody) {
  return apiClient.put('/org/custom-instructions', body, CustomInstructionsViewSchema);
}
