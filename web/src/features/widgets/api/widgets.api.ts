import useSWR from 'swr';
import { apiClient } from '../../../lib/api-client';
import {
  WidgetFileUploadSchema,
  WidgetListSchema,
  WidgetSchema,
  type UpdateWidgetConfigRequest,
  type WidgetFileUploadRequest,
} from '@contracts/widget.contract';

export type { Widget } from '@contracts/widget.contract';

export function useWidgets(orgId: string | null) {
  return useSWR(orgId ? ['/widgets', orgId] : null, () => apiClient.get(`/widgets?orgId=${encodeURIComponent(orgId!)}`, WidgetListSchema));
}

export const createWidget = (orgId: string) => apiClient.post('/widget', { orgId }, WidgetSchema);

export const saveWidgetConfig = (request: UpdateWidgetConfigRequest) => apiClient.put('/widget/update/config', request, WidgetSchema);

export const requestWidgetUpload = (request: WidgetFileUploadRequest) => apiClient.post('/widget/update/file', request, WidgetFileUploadSchema);
