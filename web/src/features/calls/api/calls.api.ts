import useSWR from 'swr';
import { apiClient } from '../../../lib/api-client';
import { CallDetailsSchema, CallLogsSchema, ReclassifySchema, ReviewSchema, type CallDetails, type CallLogs } from './calls.schema';

export const CALLS_PAGE_SIZE = 50;

export interface CallLogsQuery {
  orgId: string;
  from: string;
  to: string;
  page: number;
}

export function useCallLogs(query: CallLogsQuery | null) {
  return useSWR<CallLogs>(query ? ['/call/logs', query] : null, () =>
    apiClient.post('/call/logs', { ...query, currentAgents: 'ALL', pageSize: CALLS_PAGE_SIZE }, CallLogsSchema),
  );
}

export function useCallDetails(callId: string) {
  return useSWR<CallDetails>(callId ? ['/call/retrieve', callId] : null, () => apiClient.post('/call/retrieve', { callId }, CallDetailsSchema));
}

export function reviewInteraction(id: string, reviewedAt: string | null, reviewNotes?: string) {
  return apiClient.put('/interaction', { id, reviewed_at: reviewedAt, review_notes: reviewNotes }, ReviewSchema);
}

export function reclassifyCall(callId: string, newStatus: 'UNBOOKED' | 'EXCUSED') {
  return apiClient.post('/call/reclassify', { callId, newStatus }, ReclassifySchema);
}
