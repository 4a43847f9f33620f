import useSWR from 'swr';
import { apiClient } from '../../../lib/api-client';
import { CallDetailsSchema, CallLogsSchema, EvaluationResultSchema, ReclassifySchema, ReviewSchema, type CallDetails, type CallLogs, type CurrentAgents } from './calls.schema';

export interface CallLogsQuery {
  orgId: string;
  from: string;
  to: string;
  page: number;
  pageSize: number;
  currentAgents: CurrentAgents;
  agentId?: string;
}

export function useCallLogs(query: CallLogsQuery | null) {
  return useSWR<CallLogs>(query ? ['/call/logs', query] : null, () =>
    apiClient.post('/call/logs', query, CallLogsSchema),
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

/** Spec 000 §7 POST /llm/evaluation on a call: the trace of a call is named by the call's id. */
export function evaluateCall(call: { callId: string; orgId: string; agentType: string }) {
  return apiClient.post('/llm/evaluation', { traceId: call.callId, agentType: call.agentType, orgId: call.orgId, traceType: 'call' }, EvaluationResultSchema);
}

/** The recording's URL on the product's recording endpoint (spec 001 §7), which the player streams. */
export const recordingUrl = (callId: string) => `/api/call/${encodeURIComponent(callId)}/recording`;
